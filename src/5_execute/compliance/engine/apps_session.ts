/** @module The MCP Apps probe on a session of its own that declares the UI extension (a host that renders apps), run once per rule run and shared by every APPS rule. */

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

const outcomes = new WeakMap<object, Promise<ProbeOutcome>>();

/**
 * The `ui_resources` probe's outcome for one rule run (`run`: an object that lives as long as the
 * run): on a session declaring the UI extension, since a server may show its UI tools only to a
 * host that declares it; on `shared` when no such session opens.
 */
export function appsOutcome(
  run: object,
  open: (client: ClientSpec) => Promise<Session>,
  shared: Session,
  timeoutMs: number,
): Promise<ProbeOutcome> {
  let outcome = outcomes.get(run);
  if (!outcome) {
    outcome = (async () => {
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
    })();
    outcomes.set(run, outcome);
  }
  return outcome;
}
