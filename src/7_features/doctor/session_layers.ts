/** @module The MCP layers every target shares: initialize (the handshake) and readiness (a cheap request). */

import type { ServerSpec } from "../../3_load/config/types.ts";
import { connect } from "../../2_connect/session/connect.ts";
import type { Session } from "../../2_connect/session/types.ts";
import { ConnectError } from "../../2_connect/transport/failure_layer.ts";
import { VERSION } from "../../0_base/version.ts";
import { failed, type LayerResult, ok } from "./types.ts";

const INIT_FIX =
  "the server's MCP implementation: check its logs and the revision it speaks (protocol_version: pins one)";

/** Handshake; on success the open session is returned with the result (the caller closes it). */
export async function initializeLayer(
  server: ServerSpec,
  timeoutMs: number,
): Promise<{ result: LayerResult; session?: Session }> {
  try {
    const session = await connect(server, { clientVersion: VERSION, timeoutMs });
    const info = session.serverInfo ?? {};
    const who = [info.name, info.version].filter((x) => typeof x === "string").join(" ");
    return {
      result: ok(
        "initialize",
        `revision ${session.protocolVersion}${who ? `, server ${who}` : ""}`,
      ),
      session,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof ConnectError && error.layer === "framing") {
      return {
        result: failed(
          "framing",
          message,
          "log to stderr: stdout carries only newline-delimited JSON-RPC",
        ),
      };
    }
    return {
      result: failed(
        "initialize",
        message.startsWith("mcp initialize") ? message : `mcp initialize rejected: ${message}`,
        INIT_FIX,
      ),
    };
  }
}

/** The cheapest request the server must answer: a list of an advertised capability, else ping. */
function readinessProbe(session: Session): string {
  const caps = session.serverCapabilities ?? {};
  for (
    const [capability, method] of [["tools", "tools/list"], ["resources", "resources/list"], [
      "prompts",
      "prompts/list",
    ]]
  ) {
    if (caps[capability!] !== undefined) return method!;
  }
  return "ping";
}

/** Readiness: the session answers a real request in time. */
export async function readinessLayer(session: Session, timeoutMs: number): Promise<LayerResult> {
  const method = readinessProbe(session);
  const exchange = await session.request(method, undefined, { timeoutMs });
  const fix = "the server's startup sequence: it must answer requests once the handshake is done";
  if (exchange.failure) {
    return failed(
      "readiness",
      `server initialized but reported not ready: ${exchange.failure.message}`,
      fix,
    );
  }
  const error = exchange.response?.error;
  if (error && method !== "ping") {
    return failed(
      "readiness",
      `server initialized but reported not ready: ${method} answered ${error.code} ${error.message}`,
      fix,
    );
  }
  return ok("readiness", `${method} answered in ${Math.round(exchange.durationMs)} ms`);
}
