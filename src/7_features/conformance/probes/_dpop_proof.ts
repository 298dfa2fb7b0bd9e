/** @module DPoP proofs for the SEP-1932 probes: the auth layer's builder (src/2_connect/auth/dpop_proof.ts), well-formed or broken on purpose in one named way. */

import {
  accessTokenHash,
  keySigner,
  type ProofSigner,
  signProof,
  unsignedProof,
} from "../../../2_connect/auth/dpop_proof.ts";

/** A DPoP-bound access token and the key pair it is bound to (`cnf.jkt`), for the SEP-1932 probes. */
export interface DpopCredentials {
  /** The access token, as sent after `Authorization: DPoP `. Never printed. */
  readonly accessToken: string;
  /** The key pair (ECDSA P-256/P-384 or RSA) whose public key the token is bound to. */
  readonly keyPair: CryptoKeyPair;
  /**
   * A token bound to the same key but issued for another resource (another audience), for
   * `sep-1932-server-audience-validation`; without it that check stays not-verified. Never printed.
   */
  readonly foreignAccessToken?: string;
}

/** What to put in one proof; every field left out takes its well-formed value. */
export interface ProofOptions {
  readonly htm: string;
  readonly htu: string;
  /** The access token the proof is for (`ath`); none: no `ath`. */
  readonly accessToken?: string;
  readonly nonce?: string;
  /** Seconds since the epoch (default: now). */
  readonly iat?: number;
  /** `typ` header (default `dpop+jwt`). */
  readonly typ?: string;
  /** Leave `jti` out. */
  readonly noJti?: boolean;
  /** `ath` of this token instead of `accessToken`'s. */
  readonly athOf?: string;
  /** Sign with `alg: none` (no signature) or HS256 (a fresh HMAC key) instead of the key pair. */
  readonly weakAlg?: "none" | "HS256";
  /** Change one byte of the signature after signing. */
  readonly badSignature?: boolean;
}

/** A fresh ECDSA P-256 key pair (the proofs of a key the token is not bound to). */
export function freshKeyPair(): Promise<CryptoKeyPair> {
  return crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, [
    "sign",
    "verify",
  ]) as Promise<CryptoKeyPair>;
}

/** Build one DPoP proof signed with `keyPair` (or broken as `options` says). */
export async function buildProof(keyPair: CryptoKeyPair, options: ProofOptions): Promise<string> {
  const { header, payload } = await unsignedProof(keyPair, {
    htm: options.htm,
    htu: options.htu,
    ...(options.accessToken === undefined ? {} : { accessToken: options.accessToken }),
    ...(options.nonce === undefined ? {} : { nonce: options.nonce }),
    ...(options.iat === undefined ? {} : { iat: options.iat }),
  });
  if (options.typ !== undefined) header.typ = options.typ;
  if (options.weakAlg !== undefined) header.alg = options.weakAlg;
  if (options.noJti) delete payload.jti;
  if (options.athOf !== undefined) payload.ath = await accessTokenHash(options.athOf);
  return await signProof({ header, payload }, signer(keyPair.privateKey, options));
}

/** The key's signer, or the weak one asked for; with `badSignature`, one byte altered. */
function signer(key: CryptoKey, options: ProofOptions): ProofSigner {
  const sign: ProofSigner = options.weakAlg === "none"
    ? () => Promise.resolve(new Uint8Array())
    : options.weakAlg === "HS256"
    ? hmacSigner
    : keySigner(key);
  if (!options.badSignature) return sign;
  return async (input) => {
    const signature = await sign(input);
    if (signature.length > 0) signature[0] = signature[0]! ^ 0xff;
    return signature;
  };
}

/** HS256 with a fresh HMAC key (a symmetric proof no server may take). */
async function hmacSigner(input: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const hmac = await crypto.subtle.generateKey({ name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", hmac, input));
}
