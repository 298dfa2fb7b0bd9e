/** @module The seven layers of a URL target: DNS, TCP, TLS, HTTP, auth, then the MCP layers. */

import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import type { HttpTarget, ServerSpec } from "../../3_load/config/types.ts";
import { findRevision, LATEST_INITIALIZE_REVISION } from "../../0_base/protocol/revisions.ts";
import type { Session } from "../../2_connect/session/types.ts";
import { initializeRequest } from "../../2_connect/session/initialize_request.ts";
import { AuthRegistry } from "../../2_connect/auth/registry.ts";
import { describeAuth } from "../../2_connect/auth/describe_auth.ts";
import { fetchAuthorized, type Followed } from "../../2_connect/transport/http_fetch.ts";
import { redactUrl } from "../../2_connect/transport/failure_layer.ts";
import { TransportError } from "../../2_connect/transport/transport_error.ts";
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

const NO_AUTH_FIX =
  "configure the server's auth: block (bearer, headers or oauth; see docs/auth.md)";
const AUTH_FIX =
  "check the credentials of the server's auth: block (the variable's value, the client id and secret, the grant; see docs/auth.md)";

/**
 * POST an initialize request and judge the status before MCP semantics apply. With an `auth:`
 * block the request carries its credentials (obtaining a token first for OAuth) and a 401 gets the
 * same single refresh and retry as a run.
 */
async function httpAndAuthLayers(
  server: ServerSpec & { target: HttpTarget },
  timeoutMs: number,
): Promise<LayerResult[]> {
  const target = server.target;
  const revision = findRevision(LATEST_INITIALIZE_REVISION)!;
  const auth = new AuthRegistry().forServer(server.key, target);
  let followed: Followed;
  try {
    followed = await fetchAuthorized(target.url, {
      method: "POST",
      headers: new Headers({
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        ...target.headers,
      }),
      body: JSON.stringify(initializeRequest(0, revision.id)),
      signal: AbortSignal.timeout(timeoutMs),
    }, auth);
  } catch (error) {
    if (error instanceof TransportError && error.layer === "auth") {
      const detail = error.message.replace(/: auth still failed after refresh/, "")
        .replace(/^authentication to \S+ failed: /, "");
      return [
        error.http
          ? ok("http", `${error.http.status} from ${redactUrl(target.url)}`)
          : { layer: "http", status: "n/a", detail: "not reached: no credentials to send" },
        failed("auth", `authentication failed after refresh: ${detail}`, AUTH_FIX),
      ];
    }
    if (error instanceof TransportError) {
      return [failed("http", error.message, "point the server url at the endpoint itself")];
    }
    return [
      failed(
        "http",
        `http request to ${redactUrl(target.url)} failed: ${reason(error)}`,
        "check the URL and any proxy or gateway in front of the server",
      ),
    ];
  }
  const { response, redirects } = followed;
  await response.body?.cancel().catch(() => {});
  const status = response.status;
  const url = redactUrl(followed.url);
  const via = redirects.length === 0
    ? ""
    : ` (followed ${redirects.map((r) => `${r.status} ${r.from} -> ${r.to}`).join(", ")})`;
  if (status === 401 || status === 403) {
    return [
      ok("http", `${status} from ${url}${via}`),
      failed(
        "auth",
        `authentication failed: ${status}${
          response.headers.get("www-authenticate")
            ? ` (WWW-Authenticate: ${response.headers.get("www-authenticate")})`
            : ""
        }`,
        auth ? AUTH_FIX : NO_AUTH_FIX,
      ),
    ];
  }
  if (status >= 500 || status === 404 || status === 405 || (status >= 300 && status < 400)) {
    return [
      failed(
        "http",
        `http ${status} from ${url}${via}`,
        status >= 500
          ? "the server or a gateway in front of it failed: check its logs"
          : "check the URL path (MCP endpoints usually live at /mcp) and redirects",
      ),
    ];
  }
  return [
    ok("http", `${status} from POST ${url}${via}`),
    ok(
      "auth",
      auth
        ? describeAuth(
          auth.describe(),
          target.auth?.kind === "oauth" ? target.auth.grant : undefined,
        )
        : target.headers && Object.keys(target.headers).length > 0
        ? "credentials accepted"
        : "no credentials needed",
    ),
  ];
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
