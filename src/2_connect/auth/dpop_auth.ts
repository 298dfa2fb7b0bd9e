/** @module DPoP credentials of one server (RFC 9449): `Authorization: DPoP <token>` and a fresh proof bound to each request, with the latest server nonce. */

import type { AuthRequest, RequestAuth } from "../transport/http_fetch.ts";
import { dpopChallenge } from "./challenges.ts";
import { buildProof, type DpopBinding, proofHtu } from "./dpop_proof.ts";

const NONCE_HEADER = "dpop-nonce";

/**
 * A {@link RequestAuth} that speaks DPoP: every request gets `Authorization: DPoP <token>` and a
 * `DPoP` header holding a proof signed with the bound key for that request's method (`htm`) and
 * URL without query or fragment (`htu`), with `ath` of the token and, once the server sent one,
 * its latest `DPoP-Nonce` (read from every response, 401s included). A 401 that asks for a nonce
 * (`WWW-Authenticate: DPoP error="use_dpop_nonce"` with a `DPoP-Nonce`) is retried once with it;
 * any other 401 is final. One object per server, shared by its connections (one nonce). Neither
 * the token nor a proof is ever part of an error message.
 */
export class DpopAuth implements RequestAuth {
  readonly #binding: DpopBinding;
  #nonce: string | undefined;

  /** @param binding the access token and the key pair it is bound to */
  constructor(binding: DpopBinding) {
    this.#binding = binding;
  }

  /**
   * The credential headers of `request`: the token and a fresh proof for its method and URL.
   * @throws Error without `request` (a proof is bound to one request), or when the key cannot sign
   */
  async headers(_signal?: AbortSignal, request?: AuthRequest): Promise<Record<string, string>> {
    if (request === undefined) {
      throw new Error("a DPoP proof is bound to one request: its method and URL are needed");
    }
    const { accessToken, keyPair } = this.#binding;
    const proof = await buildProof(keyPair, {
      htm: request.method.toUpperCase(),
      htu: proofHtu(request.url),
      accessToken,
      ...(this.#nonce === undefined ? {} : { nonce: this.#nonce }),
    });
    return { authorization: `DPoP ${accessToken}`, dpop: proof };
  }

  /** Keep the latest `DPoP-Nonce` the server sent. */
  observe(response: Headers): void {
    const nonce = response.get(NONCE_HEADER);
    if (nonce !== null && nonce !== "") this.#nonce = nonce;
  }

  /**
   * After a 401: when the server asked for a nonce (`use_dpop_nonce` with a `DPoP-Nonce`), take it
   * so the retry carries it.
   * @throws Error for any other 401 (the token or its proof was refused: nothing to refresh)
   */
  refresh(
    _used: Record<string, string>,
    challenge: string | null,
    _signal?: AbortSignal,
    response?: Headers,
  ): Promise<void> {
    const dpop = dpopChallenge(challenge ?? undefined);
    const nonce = response?.get(NONCE_HEADER);
    if (dpop?.params.error === "use_dpop_nonce" && nonce) {
      this.#nonce = nonce;
      return Promise.resolve();
    }
    return Promise.reject(new Error(`the server refused the DPoP-bound token (${why(challenge)})`));
  }
}

/** What a refusing challenge says, in a few words (the scheme and its `error` code only). */
function why(challenge: string | null): string {
  const dpop = dpopChallenge(challenge ?? undefined);
  if (dpop === undefined) return challenge ? "no DPoP challenge" : "no WWW-Authenticate";
  const error = dpop.params.error;
  // An error code is a token (RFC 6750 section 3): anything else is not shown.
  return error !== undefined && /^[A-Za-z0-9_.-]{1,40}$/.test(error)
    ? `DPoP error="${error}"`
    : "DPoP";
}
