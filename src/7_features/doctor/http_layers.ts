/** @module The HTTP and auth layers of a URL target: POST an initialize request and judge its status. */

import type { HttpTarget, ServerSpec } from "../../3_load/config/types.ts";
import { findRevision, LATEST_INITIALIZE_REVISION } from "../../0_base/protocol/revisions.ts";
import { initializeRequest } from "../../2_connect/session/initialize_request.ts";
import { AuthRegistry } from "../../2_connect/auth/registry.ts";
import { describeAuth } from "../../2_connect/auth/describe_auth.ts";
import { fetchAuthorized, type Followed } from "../../2_connect/transport/http_fetch.ts";
import { redactUrl } from "../../2_connect/transport/failure_layer.ts";
import { TransportError } from "../../2_connect/transport/transport_error.ts";
import { failed, type LayerResult, ok } from "./types.ts";

const NO_AUTH_FIX =
  "configure the server's auth: block (bearer, headers or oauth; see docs/auth.md)";
const AUTH_FIX =
  "check the credentials of the server's auth: block (the variable's value, the client id and secret, the grant; see docs/auth.md)";

/** The server's credentials, when its target has an `auth:` block. */
type ServerAuth = ReturnType<AuthRegistry["forServer"]>;

/**
 * POST an initialize request and judge the status before MCP semantics apply. With an `auth:`
 * block the request carries its credentials (obtaining a token first for OAuth) and a 401 gets the
 * same single refresh and retry as a run.
 */
export async function httpAndAuthLayers(
  server: ServerSpec & { target: HttpTarget },
  timeoutMs: number,
): Promise<LayerResult[]> {
  const target = server.target;
  const auth = new AuthRegistry().forServer(server.key, target);
  let followed: Followed;
  try {
    followed = await postInitialize(target, auth, timeoutMs);
  } catch (error) {
    return requestFailed(error, target);
  }
  await followed.response.body?.cancel().catch(() => {});
  return judgeStatus(followed, target, auth);
}

/** The initialize request of the newest revision, with the target's headers and credentials. */
async function postInitialize(
  target: HttpTarget,
  auth: ServerAuth,
  timeoutMs: number,
): Promise<Followed> {
  const revision = findRevision(LATEST_INITIALIZE_REVISION)!;
  return await fetchAuthorized(target.url, {
    method: "POST",
    headers: new Headers({
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...target.headers,
    }),
    body: JSON.stringify(initializeRequest(0, revision.id)),
    signal: AbortSignal.timeout(timeoutMs),
  }, auth);
}

/** The layers of a request that threw: credentials refused after refresh, or no HTTP answer. */
function requestFailed(error: unknown, target: HttpTarget): LayerResult[] {
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
  const reason = error instanceof Error ? error.message : String(error);
  return [
    failed(
      "http",
      `http request to ${redactUrl(target.url)} failed: ${reason}`,
      "check the URL and any proxy or gateway in front of the server",
    ),
  ];
}

/** The layers of an answered request, judged by its status. */
function judgeStatus(followed: Followed, target: HttpTarget, auth: ServerAuth): LayerResult[] {
  const { response, redirects } = followed;
  const status = response.status;
  const url = redactUrl(followed.url);
  const via = redirects.length === 0
    ? ""
    : ` (followed ${redirects.map((r) => `${r.status} ${r.from} -> ${r.to}`).join(", ")})`;
  if (status === 401 || status === 403) {
    const challenge = response.headers.get("www-authenticate");
    return [
      ok("http", `${status} from ${url}${via}`),
      failed(
        "auth",
        `authentication failed: ${status}${challenge ? ` (WWW-Authenticate: ${challenge})` : ""}`,
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
  return [ok("http", `${status} from POST ${url}${via}`), ok("auth", authDetail(target, auth))];
}

/** What the auth layer says when the server let the request in. */
function authDetail(target: HttpTarget, auth: ServerAuth): string {
  if (auth) {
    return describeAuth(
      auth.describe(),
      target.auth?.kind === "oauth" ? target.auth.grant : undefined,
    );
  }
  return target.headers && Object.keys(target.headers).length > 0
    ? "credentials accepted"
    : "no credentials needed";
}
