/** @module Judges one answer: crash, timeout, malformed or mismatched response, -32603, invalid input accepted, valid input rejected. */

import type { Exchange } from "../../2_connect/session/types.ts";
import { toolsCallProblems } from "../../1_matchers/is_valid_tools_call.ts";
import { visible } from "../scan/evidence.ts";
import type { FuzzTarget } from "./targets.ts";
import type { Expectation, FuzzFindingKind } from "./types.ts";

/** What one case drew: a finding kind (or none) and what happened, in one line. */
export interface Outcome {
  readonly kind?: FuzzFindingKind;
  readonly message: string;
  /** The server must be restarted before the next case (it closed, or it may still be busy). */
  readonly restart: boolean;
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** Server text in a message: controls escaped, cut to 200 characters. */
function quote(text: string): string {
  const cut = text.length > 200 ? `${text.slice(0, 200)}...` : text;
  return `"${visible(cut)}"`;
}

function transportOutcome(failure: NonNullable<Exchange["failure"]>): Outcome {
  switch (failure.kind) {
    case "closed":
      return {
        kind: "crash",
        message: `the server closed the transport: ${quote(failure.message)}`,
        restart: true,
      };
    case "timeout":
      return { kind: "timeout", message: `no answer: ${quote(failure.message)}`, restart: true };
    case "http":
      return failure.layer === "tcp" || failure.layer === "dns"
        ? {
          kind: "crash",
          message: `the server went away: ${quote(failure.message)}`,
          restart: true,
        }
        : {
          kind: "malformed_response",
          message: `HTTP failure: ${quote(failure.message)}`,
          restart: false,
        };
    default:
      return {
        kind: "malformed_response",
        message: `a malformed or mismatched response: ${quote(failure.message)}`,
        restart: false,
      };
  }
}

function errorOutcome(error: unknown, expectation: Expectation): Outcome {
  if (!isObj(error) || !Number.isInteger(error["code"]) || typeof error["message"] !== "string") {
    return {
      kind: "malformed_response",
      message: "a JSON-RPC error without an integer code and a string message",
      restart: false,
    };
  }
  const code = error["code"] as number;
  const text = `error ${code} ${quote(error["message"] as string)}`;
  if (code === -32603) {
    return { kind: "internal_error", message: `internal error: ${text}`, restart: false };
  }
  if (code === -32602 && expectation === "valid") {
    return {
      kind: "rejected_valid",
      message: `a schema-valid input was rejected: ${text}`,
      restart: false,
    };
  }
  return { message: `rejected: ${text}`, restart: false };
}

/** Problems of a successful result of the target's method. */
function resultProblems(target: FuzzTarget, result: unknown): string[] {
  if (target.kind === "tool") {
    const problems = toolsCallProblems(result, true);
    if (problems.length > 0 || !isObj(result) || result["isError"] === true || !target.output) {
      return problems;
    }
    return target.output(result["structuredContent"])
      ? []
      : ["structuredContent does not match the outputSchema"];
  }
  if (!isObj(result)) return ["the result is not an object"];
  if (target.kind === "prompt") {
    const messages = result["messages"];
    if (!Array.isArray(messages)) return ["messages must be an array"];
    return messages.some((m) => !isObj(m) || typeof m["role"] !== "string" || !isObj(m["content"]))
      ? ["each message needs a role and a content object"]
      : [];
  }
  const contents = result["contents"];
  if (!Array.isArray(contents)) return ["contents must be an array"];
  return contents.some((c) =>
      !isObj(c) || typeof c["uri"] !== "string" ||
      (typeof c["text"] !== "string" && typeof c["blob"] !== "string")
    )
    ? ["each content needs a uri and a text or blob"]
    : [];
}

/** Judge what one case drew. Pure: the verdict depends on the answer, never on its timing. */
export function classify(
  target: FuzzTarget,
  exchange: Exchange,
  expectation: Expectation,
): Outcome {
  if (exchange.failure) return transportOutcome(exchange.failure);
  const response = exchange.response;
  if (!response) return { kind: "crash", message: "no response and no reason", restart: true };
  if (response.error !== undefined) return errorOutcome(response.error, expectation);
  const problems = resultProblems(target, response.result);
  if (problems.length > 0) {
    return {
      kind: "malformed_response",
      message: `a malformed result: ${problems.slice(0, 3).join("; ")}`,
      restart: false,
    };
  }
  const isError = isObj(response.result) && response.result["isError"] === true;
  if (isError) return { message: "rejected with isError", restart: false };
  if (expectation === "invalid") {
    return {
      kind: "accepted_invalid",
      message: "an input that breaks the schema was answered as a success",
      restart: false,
    };
  }
  return { message: "answered", restart: false };
}
