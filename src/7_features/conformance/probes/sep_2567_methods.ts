/** @module SEP-2567 probe: HTTP GET and DELETE on the MCP endpoint of a 2026-07-28 server get 405 Method Not Allowed. */

import {
  buildHeaders,
  discardBody,
  fetchSameOrigin,
} from "../../../2_connect/transport/http_fetch.ts";
import { fail, notVerified, pass, type ProbeContext, type ProbeSet } from "./probe_types.ts";
import { oneLine } from "./_helpers.ts";
import { httpStateless } from "./_stateless.ts";

/** What one bare HTTP request to the endpoint got: its status, or why none came back. */
type Answer = { readonly status: number } | { readonly error: string };

/** Send `method` to the endpoint (target headers only, no body) and drop the answer's body. */
async function send(ctx: ProbeContext, url: string, method: "GET" | "DELETE"): Promise<Answer> {
  const target = ctx.session.server.target;
  const headers = target.kind === "http" ? target.headers : {};
  try {
    const { response } = await fetchSameOrigin(url, {
      method,
      // A pre-2026 server may open an SSE stream on GET: the body is cancelled at once.
      headers: buildHeaders({ accept: "text/event-stream, application/json" }, headers),
      signal: AbortSignal.timeout(ctx.session.server.timeoutMs),
    });
    await discardBody(response);
    return { status: response.status };
  } catch (error) {
    // A fetch TypeError may quote the URL (and its userinfo): only its kind is reported.
    if (error instanceof TypeError) return { error: "network error" };
    return { error: oneLine(error instanceof Error ? error.message : String(error)) };
  }
}

/** Check id -> probe. */
export const sep2567Methods: ProbeSet = {
  probes: {
    "sep-2567-server-rejects-get-and-delete": async (ctx) => {
      const gate = httpStateless(ctx);
      if (gate) return gate;
      const target = ctx.session.server.target;
      if (target.kind !== "http") return notVerified("the session has no HTTP endpoint");
      const answers = {
        GET: await send(ctx, target.url, "GET"),
        DELETE: await send(ctx, target.url, "DELETE"),
      };
      const seen = Object.entries(answers).map(([method, answer]) =>
        "status" in answer ? `${method} ${answer.status}` : `${method}: ${answer.error}`
      ).join(", ");
      const broken = Object.values(answers).find((answer) => "error" in answer);
      if (broken) return notVerified(`no HTTP answer (${seen})`);
      const statuses = Object.values(answers).map((a) => "status" in a ? a.status : 0);
      if (statuses.every((status) => status === 401 || status === 403)) {
        return notVerified(`the endpoint asked for credentials first (${seen})`);
      }
      return statuses.every((status) => status === 405)
        ? pass("GET and DELETE on the endpoint were answered 405 Method Not Allowed")
        : fail(`expected 405 Method Not Allowed for GET and DELETE; got ${seen}`);
    },
  },
};
