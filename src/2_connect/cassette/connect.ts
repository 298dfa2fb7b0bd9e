/** @module The cassette side of CONNECT: record a live session into a cassette, or replay one, per server. */

import { ConfigError } from "../../0_base/errors/errors.ts";
import { findRevision } from "../../0_base/protocol/revisions.ts";
import { declaresAny } from "../session/client_spec.ts";
import { handshake } from "../session/handshake.ts";
import { mcptestClientInfo } from "../session/initialize_request.ts";
import { McpSession } from "../session/session.ts";
import type { FrameObserver, ServerEndpoint, Session } from "../session/types.ts";
import { createTransport } from "../transport/create.ts";
import { ReplayTransport } from "../transport/replay.ts";
import type { Transport } from "../transport/types.ts";
import { buildCassette } from "./build.ts";
import {
  asCassette,
  type Cassette,
  checkMessageSizes,
  type NormalizeRule,
  parseCassetteJson,
  readCassetteText,
} from "./format.ts";
import { DEFAULT_MAX_MESSAGE_BYTES } from "../transport/line_splitter.ts";
import { RecordingTransport } from "./recording_transport.ts";
import { recordSurface } from "./surface.ts";
import { ReplayIndex } from "./replay_index.ts";
import { exists, shownPath, writeCassette } from "./store.ts";
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
        return await recordSession(server, path, suite, rules, options, connectOptions, recorded);
      }
      if (mode === "auto" && await exists(path)) {
        const shown = shownPath(path, options.cwd);
        const text = await readCassetteText(path, shown);
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

async function recordSession(
  server: ServerEndpoint,
  path: string,
  suite: CassetteSuite,
  rules: readonly NormalizeRule[],
  options: Pick<CassetteOptions, "toolVersion" | "auth" | "onFrame">,
  connectOptions: { capture: boolean },
  recorded: { path: string; cassette: Cassette }[],
): Promise<Session> {
  const auth = server.target.kind === "http"
    ? options.auth?.forServer(server.key, server.target)
    : undefined;
  const inner = createTransport(server.target, {
    timeoutMs: server.timeoutMs,
    listen: declaresAny(server.client),
    secrets: suite.secrets,
    ...(auth === undefined ? {} : { auth }),
  });
  const transport = new RecordingTransport(inner);
  const session = await openOver(server, transport, options, connectOptions.capture);
  const close = session.close.bind(session);
  let done = false;
  const headerSecrets = server.target.kind === "http" ? Object.values(server.target.headers) : [];
  return Object.assign(session, {
    close: async () => {
      if (done) return await close();
      done = true;
      // The whole advertised surface, so the cassette can be diffed and served (docs/cassettes.md).
      await recordSurface(session, transport.events);
      await close();
      recorded.push({
        path,
        cassette: buildCassette(transport.events, {
          server: server.name,
          label: session.label,
          transport: server.target.kind,
          protocolVersion: session.protocolVersion,
          capabilities: session.serverCapabilities,
          serverInfo: session.serverInfo,
          recordedWith: `mcptest ${options.toolVersion}`,
          normalize: rules,
          secrets: [...suite.secrets, ...headerSecrets],
        }),
      });
    },
  });
}

/** Start `transport`, wrap it in a session and run the handshake (as `connect()` does). */
async function openOver(
  server: ServerEndpoint,
  transport: Transport,
  options: Pick<CassetteOptions, "toolVersion" | "onFrame">,
  capture: boolean,
): Promise<McpSession> {
  const pin = server.revision === undefined ? undefined : findRevision(server.revision);
  if (server.revision !== undefined && !pin) {
    throw new ConfigError(`unknown protocol revision "${server.revision}"`, server.pos);
  }
  try {
    await transport.start();
  } catch (error) {
    await transport.close();
    throw error;
  }
  const clientInfo = mcptestClientInfo(options.toolVersion);
  const session = new McpSession({
    server,
    transport,
    clientInfo,
    capture,
    ...(options.onFrame === undefined ? {} : { onFrame: options.onFrame }),
  });
  try {
    await handshake(session, { pin, clientInfo, timeoutMs: server.timeoutMs });
  } catch (error) {
    await session.close();
    throw error;
  }
  return session;
}
