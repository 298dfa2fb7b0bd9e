/** @module The mock server's brain: answers JSON-RPC messages from one or more cassettes (recorded handshake, normalised matching, a named error for anything else). */

import { join } from "../../0_base/util/path.ts";
import { type Cassette, isCassette, readCassetteText } from "../../2_connect/cassette/format.ts";
import { framesOf, ReplayIndex } from "../../2_connect/cassette/replay_index.ts";
import { describeRequest } from "../../2_connect/cassette/staleness.ts";
import { readCassette, shownPath } from "../../2_connect/cassette/store.ts";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** JSON-RPC error code of a method no cassette recorded. */
export const NOT_RECORDED_METHOD = -32601;
/** JSON-RPC error code of a recorded method called with params no cassette recorded. */
export const NOT_RECORDED_PARAMS = -32602;

/**
 * Load a cassette file, or every cassette (`*.json` with `"format": "mcptest-cassette"`) of a
 * folder, sorted by name, merged into one recording (the first one's handshake answers).
 * @throws {CassetteFormatError} an unreadable cassette, naming it
 * @throws {Error} a folder without cassettes
 */
export async function loadRecording(path: string, cwd: string): Promise<Cassette> {
  const info = await Deno.stat(path);
  if (!info.isDirectory) return await readCassette(path, shownPath(path, cwd));
  const names = [...Deno.readDirSync(path)].filter((e) => e.isFile && e.name.endsWith(".json"))
    .map((e) => e.name).sort();
  const cassettes: Cassette[] = [];
  for (const name of names) {
    // A folder may also hold agent cassettes (another format): only tool cassettes are served.
    if (!await claimsToBeCassette(join(path, name))) continue;
    cassettes.push(await readCassette(join(path, name), name));
  }
  const [first, ...rest] = cassettes;
  if (!first) throw new Error(`${shownPath(path, cwd)}: no cassette (*.json) in this folder`);
  return { ...first, exchanges: [first, ...rest].flatMap((c) => c.exchanges) };
}

/** Answers client messages from a recording; one instance per client session. */
export class MockResponder {
  readonly #index: ReplayIndex;
  readonly #cassette: Cassette;

  constructor(cassette: Cassette, where: string) {
    this.#cassette = cassette;
    this.#index = new ReplayIndex(cassette, where);
  }

  /**
   * The recorded exchange for a request. Absent params and params that hold nothing but `_meta`
   * are the same request (a client library may send `tools/list` either way): a miss on one is
   * looked up as the other.
   */
  #lookup(method: string, params: unknown): ReturnType<ReplayIndex["lookup"]> {
    const found = this.#index.lookup(method, params);
    if (!("field" in found)) return found;
    const bare = params === undefined || params === null ||
      (isObj(params) && Object.keys(params).every((k) => k === "_meta"));
    if (!bare) return found;
    const other = this.#index.lookup(
      method,
      params === undefined || params === null ? {} : undefined,
    );
    return "field" in other ? found : other;
  }

  /** The recorded transport's response headers of the handshake (HTTP recordings), for the mock's own. */
  get recordedHttp(): boolean {
    return this.#cassette.transport === "http";
  }

  /**
   * The messages to send back for one client message, in order: for a request, the recorded
   * notifications and server requests then the response (with the live id), or a JSON-RPC error
   * naming the nearest recorded request; nothing for a notification or a reply.
   */
  answer(message: unknown): unknown[] {
    if (!isObj(message) || typeof message["method"] !== "string" || !("id" in message)) return [];
    const method = message["method"];
    const id = message["id"];
    const found = this.#lookup(method, message["params"]);
    if (!("field" in found)) return framesOf(found, id);
    if (method === "initialize") {
      // Version negotiation: a server answers any initialize with the version it speaks.
      const recorded = this.#cassette.exchanges.find((e) =>
        isObj(e.request) && e.request["method"] === "initialize" && e.response !== undefined
      );
      if (recorded) return framesOf(recorded, id);
    }
    const nearest = found.nearest
      ? `nearest recorded request: ${describeRequest(found.nearest.method, found.nearest.params)}`
      : `no ${method} request was recorded`;
    return [{
      jsonrpc: "2.0",
      id,
      error: {
        code: found.field === "method" ? NOT_RECORDED_METHOD : NOT_RECORDED_PARAMS,
        message: `not in the recording: ${describeRequest(method, found.params)} ` +
          `(differs on field ${found.field}); ${nearest}`,
        data: {
          field: found.field,
          ...(found.nearest ? { nearest: found.nearest } : {}),
        },
      },
    }];
  }
}

/** Whether a file's JSON says `"format": "mcptest-cassette"` (unreadable: let readCassette say why). */
async function claimsToBeCassette(path: string): Promise<boolean> {
  try {
    return isCassette(JSON.parse(await readCassetteText(path, path)));
  } catch {
    return true;
  }
}
