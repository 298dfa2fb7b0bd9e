/** @module The MCP Apps probe on a session that declares the UI extension (a host that renders apps): the client it declares, and the probe on a session of its own. */

import type { Session } from "../../../2_connect/session/types.ts";
import type { ClientSpec } from "../../../2_connect/session/client_spec.ts";
import type { ProbeOutcome } from "./probe_root.ts";
import { runUiResourcesProbe } from "./ui_resources_probe.ts";

/** The MCP Apps extension identifier. */
export const UI_EXTENSION = "io.modelcontextprotocol/ui";

/** The client of the apps session: it declares the UI extension with the apps MIME type. */
export const APPS_CLIENT: ClientSpec = {
  capabilities: { extensions: { [UI_EXTENSION]: { mimeTypes: ["text/html;profile=mcp-app"] } } },
};

/** `client`, declaring the UI extension as well (as {@link APPS_CLIENT} does). */
export function withUiExtension(client: ClientSpec): ClientSpec {
  return { ...client, capabilities: { ...client.capabilities, ...APPS_CLIENT.capabilities } };
}

/**
 * The `ui_resources` probe's outcome on a session of its own declaring the UI extension, since a
 * server may show its UI tools only to a host that declares it; on `shared` when no such session
 * opens. (In a rule run with capability rules it runs on their declaring session instead: see
 * client_sessions.ts.)
 */
export async function appsOutcome(
  open: (client: ClientSpec) => Promise<Session>,
  shared: Session,
  timeoutMs: number,
): Promise<ProbeOutcome> {
  let session: Session;
  try {
    session = await open(APPS_CLIENT);
  } catch {
    return await runUiResourcesProbe(shared, timeoutMs);
  }
  try {
    return await runUiResourcesProbe(session, timeoutMs);
  } finally {
    await session.close();
  }
}
