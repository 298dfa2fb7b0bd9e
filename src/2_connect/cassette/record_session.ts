/** @module The recording side of the cassette connector: a live session whose frames become the server's cassette (loaded only by a run that records). */

import { declaresAny } from "../session/client_spec.ts";
import type { ServerEndpoint, Session } from "../session/types.ts";
import { createTransport } from "../transport/create.ts";
import { buildCassette } from "./build.ts";
import type { Cassette, NormalizeRule } from "./format.ts";
import { RecordingTransport } from "./recording_transport.ts";
import { recordSurface } from "./surface.ts";
import { openOver } from "./open_over.ts";
import type { CassetteOptions } from "./connect.ts";
import type { CassetteSuite } from "./server_cassette.ts";

/**
 * Open a live session to `server` whose every frame is recorded; closing it records the whole
 * advertised surface and queues the cassette in `recorded` (the connector writes it when the run
 * finished).
 */
export async function recordSession(
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
