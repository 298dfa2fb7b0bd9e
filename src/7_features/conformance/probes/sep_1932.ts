/** @module SEP-1932 probes (DPoP, RFC 9449) on the MCP server: requests without a valid proof get 401 with a DPoP challenge; broken, stale, misdirected, weak-algorithm and nonce-less proofs are refused. */

import {
  fail,
  notVerified,
  pass,
  type Probe,
  type ProbeContext,
  type ProbeOutcome,
  type ProbeSet,
} from "./probe_types.ts";
import { isOutcome } from "./_helpers.ts";
import { dpopChallenge } from "./_dpop_challenge.ts";
import { freshKeyPair } from "./_dpop_proof.ts";
import {
  accepted,
  type Answer,
  baseline,
  NO_CREDENTIALS,
  nonceDemanded,
  posture,
  type Prover,
  send,
  show,
} from "./_dpop_server.ts";

/** One broken proof: what it is, and how the prover builds it. */
type Variant = readonly [string, Parameters<Prover["request"]>[0]];

/** Send each variant; fail naming those the server served, pass naming what it answered. */
async function refuses(
  proofs: Prover,
  variants: readonly Variant[],
  what: string,
): Promise<ProbeOutcome> {
  const secrets = [proofs.credentials.accessToken];
  const answers: Array<[string, Answer]> = [];
  for (const [name, broken] of variants) answers.push([name, await proofs.request(broken)]);
  const served = answers.filter(([, answer]) => accepted(answer)).map(([name]) => name);
  const seen = answers.map(([name, answer]) => `${name}: ${show(answer, secrets)}`).join("; ");
  if (served.length > 0) {
    return fail(`the server served ${what} (${served.join(", ")}), a well-formed one too; ${seen}`);
  }
  const silent = answers.find(([, answer]) => "error" in answer);
  if (silent) return notVerified(`no HTTP answer to ${silent[0]}: ${show(silent[1])}`);
  return pass(`a well-formed proof was served and ${what} refused: ${seen}`);
}

/** A check decided by broken proofs against the accepted baseline. */
function brokenProofs(what: string, variants: (now: number) => Promise<Variant[]>): Probe {
  return async (ctx) => {
    const proofs = await baseline(ctx);
    if (isOutcome(proofs)) return proofs;
    return await refuses(proofs, await variants(Math.floor(Date.now() / 1000)), what);
  };
}

/** Whether a 401 carries a DPoP challenge. */
function dpop401(answer: Answer): boolean {
  return "status" in answer && answer.status === 401 &&
    dpopChallenge(answer.headers["www-authenticate"]) !== undefined;
}

/** Requests without a valid proof: each must get 401 with a `WWW-Authenticate: DPoP` challenge. */
async function reject401(ctx: ProbeContext): Promise<ProbeOutcome> {
  const found = await posture(ctx);
  if (isOutcome(found)) return found;
  const token = found.credentials?.accessToken ?? `mcptest-${crypto.randomUUID()}`;
  const secrets = [token];
  const answers: Array<[string, Answer]> = [["no credentials", found.bare]];
  answers.push([
    "a DPoP token without a proof",
    await send(ctx, found.url, {
      authorization: `DPoP ${token}`,
    }),
  ]);
  answers.push([
    "a proof that is no JWT",
    await send(ctx, found.url, {
      authorization: `DPoP ${token}`,
      proof: "mcptest.not-a.proof",
    }),
  ]);
  if (found.credentials) {
    answers.push([
      "the bound token as a Bearer token",
      await send(ctx, found.url, {
        authorization: `Bearer ${token}`,
      }),
    ]);
  }
  const seen = answers.map(([name, answer]) => `${name}: ${show(answer, secrets)}`).join("; ");
  const wrong = answers.filter(([, answer]) => !dpop401(answer)).map(([name]) => name);
  if (wrong.length === 0) {
    return pass(`every request was refused with 401 and a DPoP challenge: ${seen}`);
  }
  const silent = answers.find(([, answer]) => "error" in answer);
  if (silent) return notVerified(`no HTTP answer to ${silent[0]}: ${show(silent[1])}`);
  return fail(`expected 401 with WWW-Authenticate: DPoP for ${wrong.join(", ")}; ${seen}`);
}

/** The server asks for nonces and refuses a proof with a nonce it did not issue. */
async function nonce(ctx: ProbeContext): Promise<ProbeOutcome> {
  const found = await posture(ctx);
  if (isOutcome(found)) return found;
  if (!found.credentials) {
    return found.bare.status === 401 && "headers" in found.bare && found.bare.headers["dpop-nonce"]
      ? pass("the 401 to a request without credentials carries a DPoP-Nonce")
      : notVerified(NO_CREDENTIALS);
  }
  const proofs = await baseline(ctx);
  if (isOutcome(proofs)) return proofs;
  if (!proofs.demanded()) {
    return fail(
      "a well-formed proof without a nonce was served: the server never asks for a " +
        "server-provided nonce (use_dpop_nonce, RFC 9449 section 9)",
    );
  }
  const stale = await proofs.request({ nonce: `mcptest-${crypto.randomUUID()}` });
  const secrets = [proofs.credentials.accessToken];
  if (accepted(stale)) return fail(`a proof with a nonce the server never issued was served`);
  if ("error" in stale) {
    return notVerified(`no HTTP answer to a proof with a wrong nonce: ${stale.error}`);
  }
  return pass(
    `the server asked for a nonce (use_dpop_nonce), served the proof that carried it, and ` +
      `refused one with a nonce it never issued (${show(stale, secrets)}${
        nonceDemanded(stale) ? ", use_dpop_nonce" : ""
      })`,
  );
}

/** A token the same authorization server issued for another resource is refused, proof or not. */
async function audience(ctx: ProbeContext): Promise<ProbeOutcome> {
  const proofs = await baseline(ctx);
  if (isOutcome(proofs)) return proofs;
  const foreign = proofs.credentials.foreignAccessToken;
  if (foreign === undefined) {
    return notVerified(
      "needs a second DPoP-bound token, issued for another resource (`foreignAccessToken` " +
        "of the `dpop` option): only the token's audience can show the check",
    );
  }
  const answer = await proofs.request({ accessToken: foreign, token: foreign });
  const shown = show(answer, [proofs.credentials.accessToken, foreign]);
  if (accepted(answer)) {
    return fail(
      `a token issued for another resource was served with a well-formed proof (${shown})`,
    );
  }
  if ("error" in answer) return notVerified(`no HTTP answer: ${answer.error}`);
  return pass(
    `a token issued for another resource was refused (${shown}); this server's was served`,
  );
}

const WEAK = /^(none|HS\d+)$/i;

/** No `none` or symmetric algorithm is advertised or accepted. */
async function asymmetricOnly(ctx: ProbeContext): Promise<ProbeOutcome> {
  const found = await posture(ctx);
  if (isOutcome(found)) return found;
  const weak = found.algs.filter((alg) => WEAK.test(alg));
  const advertised = found.algs.length > 0 ? found.algs.join(" ") : "none listed";
  if (weak.length > 0) return fail(`the server advertises ${weak.join(", ")} for DPoP proofs`);
  const proofs = await baseline(ctx);
  if (isOutcome(proofs)) {
    return found.credentials ? proofs : notVerified(`advertised: ${advertised}; ${NO_CREDENTIALS}`);
  }
  const outcome = await refuses(proofs, [
    ["alg none", { weakAlg: "none" }],
    ["alg HS256", { weakAlg: "HS256" }],
  ], "proofs with a symmetric or no algorithm");
  return outcome.status === "pass"
    ? pass(`${outcome.detail} (advertised: ${advertised})`)
    : outcome;
}

/** Check id -> probe. */
export const sep1932: ProbeSet = {
  probes: {
    "sep-1932-server-reject-401": reject401,
    "sep-1932-server-validate-proof": brokenProofs("malformed proofs", async () => [
      ["signature altered", { badSignature: true }],
      ["typ JWT", { typ: "JWT" }],
      ["no jti", { noJti: true }],
      ["ath of another token", { athOf: `mcptest-${crypto.randomUUID()}` }],
      ["signed by a key the token is not bound to", { keyPair: await freshKeyPair() }],
      ["htu of another resource", { htu: "https://mcptest.invalid/mcp" }],
      ["htm GET", { htm: "GET" }],
    ]),
    "sep-1932-server-iat-window": brokenProofs(
      "proofs issued 10 minutes off",
      (now) =>
        Promise.resolve([
          ["iat 10 minutes ago", { iat: now - 600 }],
          ["iat 10 minutes ahead", { iat: now + 600 }],
        ]),
    ),
    "sep-1932-server-audience-validation": audience,
    "sep-1932-server-nonce": nonce,
    "sep-1932-asymmetric-alg-only": asymmetricOnly,
  },
};
