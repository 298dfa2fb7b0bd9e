/** @module The cassette file format (v1): a seed-003 capture plus HTTP facts, normalised and redacted. */

import { jsonNestingOverflow, MAX_NESTING } from "../../0_base/util/nesting.ts";
import { ruleProblem } from "./normalize.ts";
import { keptText } from "./text_memo.ts";

/** The `format` value of every cassette file. */
export const CASSETTE_FORMAT = "mcptest-cassette";

/** Version of the cassette shape; bumped on a breaking change. */
export const CASSETTE_VERSION = 1;

/** The HTTP facts of one recorded response (normalised headers, secrets removed). */
export interface CassetteHttp {
  /** The response's HTTP status. */
  readonly status: number;
  /** Lower-cased header names, normalised values (see docs/cassettes.md). */
  readonly headers: Readonly<Record<string, string>>;
}

/** A server-to-client request recorded while a client request was in flight, with the client's reply. */
export interface CassetteServerRequest {
  /** The server's request. */
  readonly request: unknown;
  /** What the client answered, when it did. */
  readonly reply?: unknown;
}

/**
 * One exchange: what the client sent and what came back. A capture exchange (`request`,
 * `response`) plus `http`, the `notifications` and `server_requests` the server sent while the
 * request was in flight, in order. A client notification has no response.
 */
export interface CassetteExchange {
  /** The JSON-RPC request or notification the client sent (ids renumbered 1, 2, ...). */
  readonly request: unknown;
  /** The JSON-RPC response (its id is the request's). */
  readonly response?: unknown;
  /** HTTP status and headers of the response (HTTP servers). */
  readonly http?: CassetteHttp;
  /** Notifications the server sent with this request, in order. */
  readonly notifications?: readonly unknown[];
  /** Requests the server sent with this request, in order. */
  readonly server_requests?: readonly CassetteServerRequest[];
  /**
   * What the server sent on its own after this exchange was answered (a client notification: sent)
   * and before the client's next message, in order: notifications (`message`) and requests
   * (`message` with the client's `reply`). Replay delivers them right after the exchange, so a
   * sequence's `await:` sees what arrived between requests.
   */
  readonly after?: readonly CassetteAfterMessage[];
}

/** One message of {@link CassetteExchange.after}. */
export interface CassetteAfterMessage {
  /** The notification or request the server sent. */
  readonly message: unknown;
  /** The client's reply, for a request. */
  readonly reply?: unknown;
}

/** A user normalisation rule (`cassette.normalize:` item), kept in the cassette for the record. */
export type NormalizeRule =
  | {
    /** A path into a message, rooted at the JSON-RPC message (`result.content[*].text`). */
    readonly target: string;
    /** A regular expression; absent: the whole value is replaced. */
    readonly pattern?: string;
    /** The replacement (`$1` refers to a group). */
    readonly replace: string;
  }
  | {
    /** An HTTP header name (any case). */
    readonly header: string;
    /** A regular expression; absent: the whole value is replaced. */
    readonly pattern?: string;
    /** The replacement. */
    readonly replace: string;
  };

/** What every cassette file has, a tool cassette or an agent cassette: its format name and shape version. */
export interface CassetteFileHeader {
  /** {@link CASSETTE_FORMAT}, or the agent cassette's format. */
  readonly format: string;
  /** Shape version ({@link CASSETTE_VERSION}), shared by both kinds. */
  readonly version: typeof CASSETTE_VERSION;
}

/** One recorded MCP conversation with one server (docs/cassettes.md). */
export interface Cassette {
  /** Always {@link CASSETTE_FORMAT}. */
  readonly format: typeof CASSETTE_FORMAT;
  /** Shape version ({@link CASSETTE_VERSION}). */
  readonly version: typeof CASSETTE_VERSION;
  /** The server's name in the suite. */
  readonly server: string;
  /** Capture label: the server's target, redacted (seed 003). */
  readonly server_label: string;
  /** How the server was reached. */
  readonly transport: "stdio" | "http";
  /** The revision the recorded session negotiated. */
  readonly protocol_version: string;
  /** Capabilities the server advertised (seed 003). */
  readonly server_capabilities: Record<string, unknown> | null;
  /** serverInfo of the handshake. */
  readonly server_info: Record<string, unknown> | null;
  /** The mcptest version that recorded it. */
  readonly recorded_with: string;
  /** The suite's `cassette.normalize:` rules applied on top of the defaults. */
  readonly normalize: readonly NormalizeRule[];
  /** Every exchange, in send order (the handshake first). */
  readonly exchanges: readonly CassetteExchange[];
  /** Server messages that came with no request in flight (seed 003 `server_messages`). */
  readonly server_messages?: readonly unknown[];
}

/** A cassette file that is not a valid cassette. */
export class CassetteFormatError extends Error {
  /**
   * A cassette refused with `message`.
   * @param message what is wrong with the file, and where
   */
  constructor(message: string) {
    super(message);
    this.name = "CassetteFormatError";
  }
}

/**
 * Check a parsed JSON value is a cassette this version reads.
 * @throws {CassetteFormatError} naming what is wrong and what was expected
 */
export function asCassette(value: unknown): Cassette {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new CassetteFormatError("not a cassette: expected a JSON object");
  }
  const v = value as Record<string, unknown>;
  if (v["format"] !== CASSETTE_FORMAT) {
    throw new CassetteFormatError(
      v["format"] === undefined
        ? `not a cassette: it has no "format" key, expected "format": "${CASSETTE_FORMAT}"`
        : `not a cassette: "format" is ${
          JSON.stringify(v["format"])
        }, expected "${CASSETTE_FORMAT}"`,
    );
  }
  if (v["version"] !== CASSETTE_VERSION) {
    throw new CassetteFormatError(
      `cassette version ${JSON.stringify(v["version"])} is not supported (this mcptest reads ` +
        `version ${CASSETTE_VERSION}); re-record it with mcptest run --record`,
    );
  }
  if (!Array.isArray(v["exchanges"])) {
    throw new CassetteFormatError('malformed cassette: "exchanges" must be an array');
  }
  for (const [i, e] of (v["exchanges"] as unknown[]).entries()) {
    if (e === null || typeof e !== "object" || !("request" in e)) {
      throw new CassetteFormatError(`malformed cassette: exchanges[${i}] has no "request"`);
    }
    const problem = exchangeProblem(e as Record<string, unknown>);
    if (problem) throw new CassetteFormatError(`malformed cassette: exchanges[${i}].${problem}`);
  }
  const rules = normalizeProblem(v["normalize"]);
  if (rules) throw new CassetteFormatError(`malformed cassette: normalize${rules}`);
  if (typeof v["server_label"] !== "string" || typeof v["protocol_version"] !== "string") {
    throw new CassetteFormatError(
      'malformed cassette: "server_label" and "protocol_version" must be strings',
    );
  }
  return value as Cassette;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** What is wrong with an exchange's optional parts (the path below it, and why), or undefined. */
function exchangeProblem(e: Record<string, unknown>): string | undefined {
  if (e["response"] !== undefined && !isObject(e["response"])) return "response must be an object";
  if (e["notifications"] !== undefined && !Array.isArray(e["notifications"])) {
    return "notifications must be an array";
  }
  const after = e["after"];
  if (after !== undefined) {
    if (!Array.isArray(after)) return "after must be an array";
    const bad = after.findIndex((r) => !isObject(r) || !("message" in r));
    if (bad >= 0) return `after[${bad}] must be an object with a "message"`;
  }
  const requests = e["server_requests"];
  if (requests !== undefined) {
    if (!Array.isArray(requests)) return "server_requests must be an array";
    const bad = requests.findIndex((r) => !isObject(r) || !("request" in r));
    if (bad >= 0) return `server_requests[${bad}] must be an object with a "request"`;
  }
  const http = e["http"];
  if (http === undefined) return undefined;
  if (!isObject(http) || typeof http["status"] !== "number") {
    return "http must be an object with a numeric status";
  }
  const headers = http["headers"];
  if (!isObject(headers) || Object.values(headers).some((h) => typeof h !== "string")) {
    return "http.headers must be an object of strings";
  }
  return undefined;
}

/** What is wrong with a cassette's `normalize` rules (`[i]...`), or undefined (absent is fine). */
function normalizeProblem(rules: unknown): string | undefined {
  if (rules === undefined) return undefined;
  if (!Array.isArray(rules)) return " must be an array";
  for (const [i, rule] of rules.entries()) {
    if (!isObject(rule)) return `[${i}] must be an object`;
    const named = typeof rule["target"] === "string" || typeof rule["header"] === "string";
    if (!named || typeof rule["replace"] !== "string") {
      return `[${i}] needs "target" or "header", and "replace", as strings`;
    }
    if (rule["pattern"] !== undefined && typeof rule["pattern"] !== "string") {
      return `[${i}].pattern must be a string`;
    }
    // The normaliser's own check: a rule it could not compile is the cassette's fault.
    const problem = ruleProblem(rule as unknown as NormalizeRule);
    if (problem !== undefined) return `[${i}]: ${problem}`;
  }
  return undefined;
}

/** Whether a parsed JSON value claims to be a cassette (its `format` field). */
export function isCassette(value: unknown): boolean {
  return value !== null && typeof value === "object" &&
    (value as Record<string, unknown>)["format"] === CASSETTE_FORMAT;
}

/** The largest cassette file mcptest reads (64 MiB): a larger one is refused before it is read. */
export const MAX_CASSETTE_BYTES = 64 * 1024 * 1024;

/**
 * The text of a cassette file, refused before reading when it is not a regular file (a FIFO would
 * block) or larger than `maxBytes`.
 * @throws {CassetteFormatError} naming the file and the cap
 */
export async function readCassetteText(
  path: string,
  shown: string,
  maxBytes: number = MAX_CASSETTE_BYTES,
): Promise<string> {
  const info = await Deno.stat(path);
  if (!info.isFile) throw new CassetteFormatError(`${shown}: not a regular file`);
  if (info.size > maxBytes) {
    throw new CassetteFormatError(
      `${shown}: cassette is ${info.size} bytes, over the cap of ${maxBytes} bytes on cassette files`,
    );
  }
  return await keptText(path, info);
}

/**
 * The first recorded message of `cassette` larger than `maxBytes` (JSON text), as a refusal: a
 * replay must not hand the session a message the live transport would have refused.
 * @throws {CassetteFormatError} naming the file, the JSON path of the message and the cap
 */
export function checkMessageSizes(cassette: Cassette, shown: string, maxBytes: number): void {
  const encoder = new TextEncoder();
  cassette.exchanges.forEach((exchange, i) => {
    const messages: [string, unknown][] = [
      [`exchanges[${i}].response`, exchange.response],
      ...listOf(exchange.notifications).map((n, j) =>
        [`exchanges[${i}].notifications[${j}]`, n] as [string, unknown]
      ),
      ...listOf(exchange.server_requests).map((r, j) =>
        [`exchanges[${i}].server_requests[${j}]`, r] as [string, unknown]
      ),
      ...listOf(exchange.after).map((r, j) =>
        [`exchanges[${i}].after[${j}]`, r] as [string, unknown]
      ),
    ];
    for (const [where, message] of messages) {
      const size = encoder.encode(JSON.stringify(message) ?? "").length;
      if (size > maxBytes) {
        throw new CassetteFormatError(
          `${shown}: ${where} is ${size} bytes, over the server's message cap of ${maxBytes} ` +
            `bytes (max_message_bytes)`,
        );
      }
    }
  });
}

const listOf = (value: unknown): readonly unknown[] => Array.isArray(value) ? value : [];

/**
 * Read a JSON cassette file and check it with `check`.
 * @param shown the file as named in messages
 * @throws {CassetteFormatError} not JSON, or refused by `check`, naming the file
 */
export async function readCassetteJson<T>(
  path: string,
  shown: string,
  check: (value: unknown) => T,
): Promise<T> {
  return parseCassetteJson(await readCassetteText(path, shown), shown, check);
}

/**
 * Parse a cassette file's text and check it with `check` (for a caller that already read it).
 * @param shown the file as named in messages
 * @throws {CassetteFormatError} not JSON, or refused by `check`, naming the file
 */
export function parseCassetteJson<T>(
  text: string,
  shown: string,
  check: (value: unknown) => T,
): T {
  let value: unknown;
  const deep = jsonNestingOverflow(text);
  if (deep >= 0) {
    throw new CassetteFormatError(
      `${shown}: nested deeper than ${MAX_NESTING} levels (at offset ${deep})`,
    );
  }
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CassetteFormatError(`${shown}: not valid JSON: ${(error as Error).message}`);
  }
  try {
    return check(value);
  } catch (error) {
    throw new CassetteFormatError(`${shown}: ${(error as Error).message}`);
  }
}
