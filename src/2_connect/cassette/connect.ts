/** @module The cassette side of CONNECT: record a live session into a cassette, or replay one, per server. */

import { ConfigError } from "../../0_base/errors/errors.ts";
import type { FrameObserver, ServerEndpoint, Session } from "../session/types.ts";
import { ReplayTransport } from "../transport/replay.ts";
import {
  asCassette,
  type Cassette,
  checkMessageSizes,
  type NormalizeRule,
  parseCassetteJson,
} from "./format.ts";
import { DEFAULT_MAX_MESSAGE_BYTES } from "../transport/line_splitter.ts";
import { ReplayIndex } from "./replay_index.ts";
import { openOver } from "./open_over.ts";
import { importLater } from "../../0_base/util/import_later.ts";
import { readCassetteIfAny, shownPath, writeCassette } from "./store.ts";
import {
  type CassetteMode,
  type CassetteSuite,
  serverCassetteMode,
  serverCassettePath,
  sha256,
} from "./server_cassette.ts";
import type { ConnectAuth } from "../session/connect.ts";

/** Options of {@link cassetteConnector} (`S`: the server type of the run, an endpoint at least). */
export interface CassetteOptions<S extends ServerEndpoint = ServerEndpoint> {
  readonly mode: CassetteMode;
  /** Working directory (test files are relative to it). */
  readonly cwd: string;
  /** mcptest's version (clientInfo, `recorded_with`). */
  readonly toolVersion: string;
  /** How a live session is opened (`auto` without a cassette, and `live`). */
  readonly live: (server: S, options: { capture: boolean }) => Promise<Session>;
  /** The run's credentials: a recording sends the same `auth:` credentials a live run does. */
  readonly auth?: ConnectAuth;
  /** Sees every frame of replayed and recorded sessions too (`--verbose`). */
  readonly onFrame?: FrameObserver;
  /** The map {@link CassetteConnector.replayed} fills (default: a new one). */
  readonly replayed?: Map<string, string>;
}

/** The connect function a run uses, and what it did. */
export interface CassetteConnector<S extends ServerEndpoint = ServerEndpoint> {
  /** Opens each server's session: replayed, recorded or live. */
  connect(server: S, options: { capture: boolean }): Promise<Session>;
  /** Keys of the servers that were replayed, with the cassette text's SHA-256 (hex). */
  readonly replayed: ReadonlyMap<string, string>;
  /** Write the cassettes recorded in this run (call once the run finished); returns their paths. */
  finish(): Promise<string[]>;
}

/** Build the connect function of a run in `options.mode`. */
export function cassetteConnector<S extends ServerEndpoint>(
  suite: CassetteSuite,
  options: CassetteOptions<S>,
): CassetteConnector<S> {
  const replayed = options.replayed ?? new Map<string, string>();
  const recorded: { path: string; cassette: Cassette }[] = [];
  const rules = suite.cassette?.normalize ?? [];
  return {
    replayed,
    async connect(server, connectOptions) {
      const path = serverCassettePath(suite, server, options.cwd);
      const mode = serverCassetteMode(server, options.mode);
      if (mode === "record") {
        const { recordSession } = await recording();
        return await recordSession(server, path, suite, rules, options, connectOptions, recorded);
      }
      const text = mode === "auto" ? await readCassetteIfAny(path, options.cwd) : undefined;
      if (text !== undefined) {
        const shown = shownPath(path, options.cwd);
        const cassette = parseCassetteJson(text, shown, asCassette);
        const cap = (server.target as { maxMessageBytes?: number }).maxMessageBytes;
        checkMessageSizes(cassette, shown, cap ?? DEFAULT_MAX_MESSAGE_BYTES);
        replayed.set(server.key, await sha256(text));
        return await replaySession(
          server,
          cassette,
          shown,
          rules,
          suite.secrets,
          options,
          connectOptions,
        );
      }
      return await options.live(server, connectOptions);
    },
    async finish() {
      const written: string[] = [];
      for (const { path, cassette } of recorded) {
        await writeCassette(path, cassette);
        written.push(path);
      }
      return written;
    },
  };
}

/**
 * Open a replay session over a cassette: the recorded handshake, then every request answered
 * from the recording. A pinned revision other than the recorded one is a stale cassette.
 */
export async function replaySession(
  server: ServerEndpoint,
  cassette: Cassette,
  shown: string,
  rules: readonly NormalizeRule[],
  secrets: readonly string[],
  options: { toolVersion: string },
  connectOptions: { capture: boolean },
): Promise<Session> {
  if (
    server.revision !== undefined && server.revision !== cassette.protocol_version
  ) {
    throw new ConfigError(
      `cassette stale on field protocol_version: ${shown} was recorded with ` +
        `${cassette.protocol_version}, the server pins ${server.revision}; ` +
        `re-record with: mcptest run --record`,
      server.pos,
    );
  }
  const headerSecrets = server.target.kind === "http" ? Object.values(server.target.headers) : [];
  const index = new ReplayIndex(cassette, shown, rules, [...secrets, ...headerSecrets]);
  const transport = new ReplayTransport(cassette.server_label, index);
  return await openOver(server, transport, options, connectOptions.capture);
}

/** The recording side, loaded for a run that records (a replay starts no transport). */
function recording(): Promise<typeof import("./record_session.ts")> {
  return importLater<typeof import("./record_session.ts")>(import.meta.url, "./record_session.ts");
}
