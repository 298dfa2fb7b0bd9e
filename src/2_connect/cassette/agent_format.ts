/** @module The agent cassette: one (agent, [provider], model) row's model exchanges, its path, reading and atomic writing. */

import { dirname, join, resolve } from "../../0_base/util/path.ts";
import { CASSETTE_DIR, writeCassette } from "./store.ts";
import { CASSETTE_VERSION, CassetteFormatError, readCassetteJson } from "./format.ts";

/** The `format` value of every agent cassette (tool cassettes say `mcptest-cassette`). */
export const AGENT_CASSETTE_FORMAT = "mcptest-agent-cassette";

/** One model call as the agent driver (or a judge) made it: the request and the reply. */
export interface AgentCassetteExchange {
  /** The model label that was called (the row's model, or a judge's). */
  readonly model: string;
  /** The provider that answered (`stub` when no key was set). */
  readonly provider: string;
  /** The call: system, messages, tool catalog, output token cap (normalised, secrets redacted). */
  readonly request: unknown;
  /** The reply: text, tool calls, usage. */
  readonly reply: unknown;
}

/** A recorded agent row (docs/agents.md, "Agent cassettes"). */
export interface AgentCassette {
  readonly format: typeof AGENT_CASSETTE_FORMAT;
  /** Shared with tool cassettes ({@link CASSETTE_VERSION}). */
  readonly version: typeof CASSETTE_VERSION;
  /** The agent test's name. */
  readonly agent: string;
  /** The provider of the row's model (a family or a named provider). */
  readonly provider: string;
  /** The model id sent to the provider. */
  readonly model: string;
  /** The user prompt. */
  readonly prompt: string;
  /** The system prompt, when the test has one. */
  readonly system?: string;
  /** The mcptest version that recorded it. */
  readonly recorded_with: string;
  /** Every model call of the row (agent turns and judges), in call order. */
  readonly exchanges: readonly AgentCassetteExchange[];
}

/** Lower-case, every run of characters other than `a-z0-9` becomes `-` (`Weather query` → `weather-query`). */
export function agentSlug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "") || "_";
}

/**
 * `<dir of the test file>/cassettes/<agent_slug>__[<provider>__]<model_slug>.json`: the provider
 * part only for a named provider (`{provider, id}`).
 */
export function agentCassettePath(
  testFile: string,
  cwd: string,
  agent: string,
  model: { readonly id: string; readonly provider: string; readonly named: boolean },
): string {
  const provider = model.named ? `${agentSlug(model.provider)}__` : "";
  return join(
    resolve(cwd, dirname(testFile)),
    CASSETTE_DIR,
    `${agentSlug(agent)}__${provider}${agentSlug(model.id)}.json`,
  );
}

/**
 * Check a parsed value is an agent cassette this version reads.
 * @throws {CassetteFormatError} naming what is wrong and what was expected
 */
export function asAgentCassette(value: unknown): AgentCassette {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new CassetteFormatError("not an agent cassette: expected a JSON object");
  }
  const v = value as Record<string, unknown>;
  if (v["format"] !== AGENT_CASSETTE_FORMAT) {
    throw new CassetteFormatError(
      `not an agent cassette: "format" is ${
        JSON.stringify(v["format"])
      }, expected "${AGENT_CASSETTE_FORMAT}"`,
    );
  }
  if (v["version"] !== CASSETTE_VERSION) {
    throw new CassetteFormatError(
      `cassette version ${JSON.stringify(v["version"])} is not supported (this mcptest reads ` +
        `version ${CASSETTE_VERSION}); re-record it with mcptest run --record`,
    );
  }
  for (const key of ["agent", "provider", "model", "prompt"]) {
    if (typeof v[key] !== "string") {
      throw new CassetteFormatError(`malformed agent cassette: "${key}" must be a string`);
    }
  }
  if (!Array.isArray(v["exchanges"])) {
    throw new CassetteFormatError('malformed agent cassette: "exchanges" must be an array');
  }
  for (const [i, e] of (v["exchanges"] as unknown[]).entries()) {
    const x = e as Record<string, unknown> | null;
    if (
      x === null || typeof x !== "object" || typeof x["model"] !== "string" ||
      typeof x["provider"] !== "string" || !("request" in x) || !("reply" in x)
    ) {
      throw new CassetteFormatError(
        `malformed agent cassette: exchanges[${i}] needs "model", "provider", "request", "reply"`,
      );
    }
  }
  return value as AgentCassette;
}

/**
 * Read an agent cassette.
 * @throws {CassetteFormatError} not JSON, or not an agent cassette of this version, naming the file
 */
export async function readAgentCassette(path: string, shown: string): Promise<AgentCassette> {
  return await readCassetteJson(path, shown, asAgentCassette);
}

/** Write an agent cassette atomically (temp file + rename), secrets redacted first (see {@link writeCassette}). */
export async function writeAgentCassette(
  path: string,
  cassette: AgentCassette,
  secrets: readonly string[],
): Promise<void> {
  await writeCassette(path, cassette, secrets);
}
