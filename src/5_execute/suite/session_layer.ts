/**
 * @module The session layer a run loads on its first connect (./run_context.ts): live sessions and
 * the cassette connector, with the handshake and replay behind them. The live transports load on
 * the first live connect, the recording side on the first recording: a replay starts neither.
 */

import { importLater } from "../../0_base/util/import_later.ts";
import type { ConnectOptions } from "../../2_connect/session/connect.ts";
import type { ServerEndpoint, Session } from "../../2_connect/session/types.ts";

export { cassetteConnector } from "../../2_connect/cassette/connect.ts";

/** A live session to `server` (`connect()` of the session layer, loaded on its first use). */
export async function connect(server: ServerEndpoint, options?: ConnectOptions): Promise<Session> {
  const live = await importLater<typeof import("../../2_connect/session/connect.ts")>(
    import.meta.url,
    "../../2_connect/session/connect.ts",
  );
  return await live.connect(server, options);
}
