/** @module How the run's own session authenticates when `conformance run` has DPoP credentials: over DPoP on an HTTP server, unless the user gave an `Authorization` of their own. */

import { DpopAuth } from "../../2_connect/auth/dpop_auth.ts";
import type { ConnectAuth } from "../../2_connect/session/connect.ts";
import type { ServerEndpoint } from "../../2_connect/session/types.ts";
import type { DpopCredentials } from "./probes/probe_types.ts";

/**
 * The credentials of the run's sessions: with `dpop` and an HTTP server, every session request
 * (the handshake, each probe's request, the event stream, the closing DELETE) is sent with
 * `Authorization: DPoP <token>` and a proof bound to it, one nonce shared by the run's sessions.
 * Undefined (the target's own credentials, as without DPoP) on stdio, without `dpop`, when an
 * `--header` gives an `Authorization` (the explicit header wins), or when the target has an
 * `auth:` block of its own.
 */
export function dpopSessionAuth(
  server: ServerEndpoint,
  dpop: DpopCredentials | undefined,
): ConnectAuth | undefined {
  const target = server.target;
  if (dpop === undefined || target.kind !== "http" || target.auth !== undefined) return undefined;
  if (Object.keys(target.headers).some((name) => name.toLowerCase() === "authorization")) {
    return undefined;
  }
  const auth = new DpopAuth({ accessToken: dpop.accessToken, keyPair: dpop.keyPair });
  return { forServer: () => auth };
}

/** The tokens of `dpop`: hidden in the capture and in the result. */
export function dpopSecrets(dpop: DpopCredentials | undefined): string[] {
  if (dpop === undefined) return [];
  return [dpop.accessToken, ...(dpop.foreignAccessToken ? [dpop.foreignAccessToken] : [])];
}
