/** @module The seven layers of a URL target: DNS, TCP, TLS, then HTTP and auth (http_layers.ts), then the MCP layers. */

import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import type { HttpTarget, ServerSpec } from "../../3_load/config/types.ts";
import type { Session } from "../../2_connect/session/types.ts";
import { httpAndAuthLayers } from "./http_layers.ts";
import { initializeLayer, readinessLayer } from "./session_layers.ts";
import { failed, type LayerResult, ok, within } from "./types.ts";

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A connection whose wait timed out may still open later: close it then (it may already be closed,
 * or never open).
 */
function closeWhenOpen(connecting: Promise<Deno.Conn>): void {
  connecting.then((conn) => {
    try {
      conn.close();
    } catch {
      // already closed
    }
  }, () => {});
}

async function dnsLayer(host: string, timeoutMs: number): Promise<LayerResult> {
  if (isIP(host)) return ok("dns", `${host} is an IP address`);
  try {
    const found = await within(timeoutMs, "resolution", lookup(host, { all: true }));
    return ok("dns", `${host} -> ${found.map((a) => a.address).join(", ")}`);
  } catch (error) {
    return failed(
      "dns",
      `failed to resolve ${host}: ${reason(error)}`,
      "check the host name in the URL and your DNS / /etc/hosts",
    );
  }
}

async function tcpLayer(host: string, port: number, timeoutMs: number): Promise<LayerResult> {
  const connecting = Deno.connect({ hostname: host, port });
  try {
    const conn = await within(timeoutMs, "connect", connecting);
    conn.close();
    return ok("tcp", `connected to ${host}:${port}`);
  } catch (error) {
    closeWhenOpen(connecting);
    return failed(
      "tcp",
      `tcp connect failed: ${host}:${port}: ${reason(error)}`,
      "start the server, or fix the port; check firewalls between here and the host",
    );
  }
}

async function tlsLayer(
  url: URL,
  host: string,
  port: number,
  timeoutMs: number,
): Promise<LayerResult> {
  if (url.protocol !== "https:") {
    return { layer: "tls", status: "n/a", detail: "plain http://, no TLS" };
  }
  const connecting = Deno.connectTls({ hostname: host, port });
  try {
    const conn = await within(timeoutMs, "TLS handshake", connecting);
    try {
      await within(timeoutMs, "TLS handshake", conn.handshake());
    } finally {
      conn.close();
    }
    return ok("tls", "certificate trusted, handshake done");
  } catch (error) {
    closeWhenOpen(connecting);
    return failed(
      "tls",
      `tls handshake failed: ${reason(error)}`,
      "check the certificate (expired, self-signed, wrong host name), or use http:// if the port is plain HTTP",
    );
  }
}

/** Walk a URL target; stops at the first failing layer. The open session (if any) is returned. */
export async function walkUrl(
  server: ServerSpec & { target: HttpTarget },
  timeoutMs: number,
): Promise<{ layers: LayerResult[]; session?: Session }> {
  const url = new URL(server.target.url);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  const layers: LayerResult[] = [];
  const steps = [
    () => dnsLayer(host, timeoutMs),
    () => tcpLayer(host, port, timeoutMs),
    () => tlsLayer(url, host, port, timeoutMs),
  ];
  for (const step of steps) {
    const result = await step();
    layers.push(result);
    if (result.status === "fail") return { layers };
  }
  const http = await httpAndAuthLayers(server, timeoutMs);
  layers.push(...http);
  if (http.some((l) => l.status === "fail")) return { layers };
  const init = await initializeLayer(server, timeoutMs);
  layers.push(init.result);
  if (!init.session) return { layers };
  layers.push(await readinessLayer(init.session, timeoutMs));
  return { layers, session: init.session };
}
