/** @module How an HTTP MCP server answers DPoP (RFC 9449): one bare POST per probe request, the server's DPoP posture (challenge, metadata), and the accepted baseline proof. */

import {
  buildHeaders,
  discardBody,
  fetchSameOrigin,
  httpInfoOf,
  originOf,
  readBodyCapped,
} from "../../../2_connect/transport/http_fetch.ts";
import {
  META_CLIENT_CAPABILITIES,
  META_PROTOCOL_VERSION,
  revisionHeaders,
} from "../../../2_connect/session/meta.ts";
import { findRevision } from "../../../0_base/protocol/revisions.ts";
import { redactText } from "../../../0_base/redaction/redact.ts";
import { notApplicable, notVerified, type ProbeContext, type ProbeOutcome } from "./probe_types.ts";
import { asRecord, httpOnly, oneLine } from "./_helpers.ts";
import { anyListMethod } from "./_stateless.ts";
import { type Challenge, dpopChallenge, parseChallenges } from "./_dpop_challenge.ts";
import { buildProof, type DpopCredentials, type ProofOptions } from "./_dpop_proof.ts";
import { resourceMetadataOf } from "../../../2_connect/auth/challenges.ts";
import { proofHtu } from "../../../2_connect/auth/dpop_proof.ts";

/** What one request got: its status and lower-cased headers, or why none came back. */
export type Answer =
  | { readonly status: number; readonly headers: Readonly<Record<string, string>> }
  | { readonly error: string };

/** The credentials of one request: an `Authorization` value and a `DPoP` proof, each optional. */
export interface Credentials {
  readonly authorization?: string;
  readonly proof?: string;
}

/** The DPoP posture of a server that requires authorization. */
export interface Posture {
  /** The endpoint, and the `htu` of a well-formed proof (no query, no fragment). */
  readonly url: string;
  readonly htu: string;
  /** The answer to a request without credentials. */
  readonly bare: Answer & { readonly status: number };
  readonly challenge?: Challenge;
  /** The protected-resource metadata (RFC 9728), when the server publishes it on its origin. */
  readonly metadata?: Record<string, unknown>;
  /** Algorithms advertised: the challenge's `algs` and the metadata's list. */
  readonly algs: readonly string[];
  readonly credentials?: DpopCredentials;
}

/** The probe request: one the server serves to an authorized client (`initialize` before 2026). */
function message(ctx: ProbeContext): { method: string; params: Record<string, unknown> } {
  if (!ctx.stateless) {
    return {
      method: "initialize",
      params: {
        protocolVersion: ctx.session.protocolVersion,
        capabilities: {},
        clientInfo: { name: "mcptest", version: "0" },
      },
    };
  }
  const meta = {
    [META_PROTOCOL_VERSION]: ctx.session.protocolVersion,
    [META_CLIENT_CAPABILITIES]: {},
  };
  return { method: anyListMethod(ctx), params: { _meta: meta } };
}

/** POST the probe request to the endpoint with `credentials` (never the target's own headers). */
export async function send(
  ctx: ProbeContext,
  url: string,
  credentials: Credentials,
): Promise<Answer> {
  const { method, params } = message(ctx);
  const headers = buildHeaders(
    { "content-type": "application/json", accept: "application/json, text/event-stream" },
    revisionHeaders(findRevision(ctx.session.protocolVersion), method, params),
    credentials.authorization === undefined ? {} : { authorization: credentials.authorization },
    credentials.proof === undefined ? {} : { dpop: credentials.proof },
  );
  try {
    const { response } = await fetchSameOrigin(url, {
      method: "POST",
      headers,
      body: JSON.stringify({ jsonrpc: "2.0", id: "mcptest-dpop", method, params }),
      signal: AbortSignal.timeout(ctx.session.server.timeoutMs),
    });
    await discardBody(response);
    const out: Record<string, string> = {};
    response.headers.forEach((value, name) => out[name.toLowerCase()] = value);
    return { status: response.status, headers: out };
  } catch (error) {
    if (error instanceof TypeError) return { error: "network error" };
    return { error: oneLine(error instanceof Error ? error.message : String(error)) };
  }
}

/** `HTTP 401 (DPoP error="invalid_dpop_proof")`: an answer in a few words, secrets removed. */
export function show(answer: Answer, secrets: readonly string[] = []): string {
  if ("error" in answer) return answer.error;
  const challenge = dpopChallenge(answer.headers["www-authenticate"]);
  const error = challenge?.params.error;
  const scheme = challenge
    ? ` (DPoP${error ? ` error="${oneLine(error).slice(0, 40)}"` : ""})`
    : answer.headers["www-authenticate"]
    ? " (no DPoP challenge)"
    : "";
  return redactText(`HTTP ${answer.status}${scheme}`, secrets);
}

/** Whether the server served the request (2xx: it took the credentials). */
export function accepted(answer: Answer): boolean {
  return "status" in answer && answer.status >= 200 && answer.status < 300;
}

/** The protected-resource metadata on the endpoint's own origin: the challenge's URL, else the well-known one. */
async function metadataOf(ctx: ProbeContext, url: string, header: string | undefined) {
  const endpoint = new URL(url);
  const path = endpoint.pathname === "/" ? "" : endpoint.pathname;
  const hinted = resourceMetadataOf(header ?? null);
  const where = hinted && originOf(hinted) === endpoint.origin
    ? hinted
    : `${endpoint.origin}/.well-known/oauth-protected-resource${path}`;
  try {
    const { response } = await fetchSameOrigin(where, {
      headers: buildHeaders({ accept: "application/json" }),
      signal: AbortSignal.timeout(ctx.session.server.timeoutMs),
    });
    if (!response.ok) {
      await discardBody(response);
      return undefined;
    }
    // A hostile server may answer without end: at most 1 MiB is read.
    return asRecord(JSON.parse(await readBodyCapped(response, httpInfoOf(response), 1 << 20)));
  } catch {
    return undefined;
  }
}

const postures = new WeakMap<ProbeContext, Promise<Posture | ProbeOutcome>>();

/**
 * The server's DPoP posture, once per run: not-applicable on stdio, when a request without
 * credentials is served (no authorization required), or when neither the 401 challenge nor the
 * protected-resource metadata mentions DPoP.
 */
export function posture(ctx: ProbeContext): Promise<Posture | ProbeOutcome> {
  let found = postures.get(ctx);
  if (!found) {
    found = (async (): Promise<Posture | ProbeOutcome> => {
      const stdio = httpOnly(ctx, "DPoP is HTTP-only; the server runs over stdio");
      if (stdio) return stdio;
      const target = ctx.session.server.target;
      if (target.kind !== "http") return notVerified("the session has no HTTP endpoint");
      const bare = await send(ctx, target.url, {});
      if ("error" in bare) return notVerified(`a request without credentials: ${bare.error}`);
      if (bare.status !== 401) {
        return notApplicable(
          `a request without credentials got HTTP ${bare.status}: the server does not require authorization`,
        );
      }
      const header = bare.headers["www-authenticate"];
      const metadata = await metadataOf(ctx, target.url, header);
      const challenge = dpopChallenge(header);
      const listed = metadata?.dpop_signing_alg_values_supported;
      const uses = challenge !== undefined || Array.isArray(listed) ||
        metadata?.dpop_bound_access_tokens_required === true;
      if (!uses) {
        const schemes = parseChallenges(header).map((c) => c.scheme).join(", ") || "none";
        return notApplicable(
          `neither the 401 challenge (schemes: ${schemes}) nor the protected-resource metadata ` +
            "mentions DPoP: the server does not use it",
        );
      }
      const algs = [
        ...(challenge?.params.algs ?? "").split(/\s+/).filter((alg) => alg !== ""),
        ...(Array.isArray(listed) ? listed.map(String) : []),
      ];
      return {
        url: target.url,
        htu: proofHtu(target.url),
        bare,
        ...(challenge ? { challenge } : {}),
        ...(metadata ? { metadata } : {}),
        algs: [...new Set(algs)],
        ...(ctx.dpop ? { credentials: ctx.dpop } : {}),
      };
    })();
    postures.set(ctx, found);
  }
  return found;
}

/** A server-supplied nonce to retry with: a 401 `use_dpop_nonce` with a `DPoP-Nonce` header. */
export function nonceDemanded(answer: Answer): string | undefined {
  if ("error" in answer || answer.status !== 401) return undefined;
  const error = dpopChallenge(answer.headers["www-authenticate"])?.params.error;
  const nonce = answer.headers["dpop-nonce"];
  return error === "use_dpop_nonce" && nonce ? nonce : undefined;
}

/** The run's DPoP exchange with proofs: the latest nonce the server gave, and whether it asked for one. */
export interface Prover {
  readonly posture: Posture;
  readonly credentials: DpopCredentials;
  /** Send a proof (well-formed unless `broken` says otherwise) with the latest nonce, retrying once with a new nonce. */
  request(
    broken?: Partial<ProofOptions> & { keyPair?: CryptoKeyPair; token?: string },
  ): Promise<Answer>;
  /** Whether the server ever answered `use_dpop_nonce`. */
  readonly demanded: () => boolean;
}

/** A prover over the posture's credentials. */
export function prover(ctx: ProbeContext, found: Posture, credentials: DpopCredentials): Prover {
  let nonce: string | undefined;
  let demanded = false;
  const once = async (broken: Parameters<Prover["request"]>[0] = {}) => {
    const { keyPair, token, ...options } = broken;
    const proof = await buildProof(keyPair ?? credentials.keyPair, {
      htm: "POST",
      htu: found.htu,
      accessToken: credentials.accessToken,
      ...(nonce === undefined ? {} : { nonce }),
      ...options,
    });
    const answer = await send(ctx, found.url, {
      authorization: `DPoP ${token ?? credentials.accessToken}`,
      proof,
    });
    if (!("error" in answer) && answer.headers["dpop-nonce"]) nonce = answer.headers["dpop-nonce"];
    return answer;
  };
  return {
    posture: found,
    credentials,
    async request(broken = {}) {
      const answer = await once(broken);
      if (nonceDemanded(answer) === undefined || "nonce" in broken) return answer;
      demanded = true;
      return await once(broken);
    },
    demanded: () => demanded,
  };
}

const baselines = new WeakMap<ProbeContext, Promise<Prover | ProbeOutcome>>();

/**
 * The posture and a prover whose well-formed proof the server accepted (the baseline every broken
 * proof is compared with): not-verified without credentials, or when the well-formed proof is
 * refused (the token is not bound to the key, or not for this server).
 */
export function baseline(ctx: ProbeContext): Promise<Prover | ProbeOutcome> {
  let found = baselines.get(ctx);
  if (!found) {
    found = (async () => {
      const known = await posture(ctx);
      if (!("url" in known)) return known;
      if (!known.credentials) return notVerified(NO_CREDENTIALS);
      const proofs = prover(ctx, known, known.credentials);
      const answer = await proofs.request();
      if (!accepted(answer)) {
        return notVerified(
          `a well-formed proof with the configured token was refused (${
            show(answer, [known.credentials.accessToken])
          }): the token may not be bound to the configured key, or not be for this server`,
        );
      }
      return proofs;
    })();
    baselines.set(ctx, found);
  }
  return found;
}

/** Why a check that needs a working DPoP token stays undecided. */
export const NO_CREDENTIALS = "needs a DPoP-bound access token for this server and the key it is " +
  "bound to (the `dpop` option of runConformance); without them a refusal cannot be told from " +
  "a refusal of the token";
