/** @module DPoP proof JWTs (RFC 9449 section 4) built with WebCrypto, well-formed or broken on purpose in one named way. */

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

const ENCODER = new TextEncoder();

/** base64url without padding. */
export function base64url(bytes: Uint8Array | ArrayBuffer): string {
  let binary = "";
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** The JWS algorithm and WebCrypto signing parameters of a key. */
type SignParams = AlgorithmIdentifier | EcdsaParams | RsaPssParams;

function algorithmOf(key: CryptoKey): { alg: string; params: SignParams } {
  const algorithm = key.algorithm as { name: string; namedCurve?: string; hash?: { name: string } };
  const bits = (algorithm.hash?.name ?? "SHA-256").replace("SHA-", "");
  if (algorithm.name === "ECDSA") {
    const size = algorithm.namedCurve === "P-384" ? "384" : "256";
    return { alg: `ES${size}`, params: { name: "ECDSA", hash: `SHA-${size}` } };
  }
  if (algorithm.name === "RSA-PSS") {
    return { alg: `PS${bits}`, params: { name: "RSA-PSS", saltLength: Number(bits) / 8 } };
  }
  return { alg: `RS${bits}`, params: { name: "RSASSA-PKCS1-v1_5" } };
}

/** The public JWK of a key pair, with only its public members. */
export async function publicJwk(keyPair: CryptoKeyPair): Promise<Record<string, string>> {
  const jwk = await crypto.subtle.exportKey("jwk", keyPair.publicKey);
  const members = jwk.kty === "EC" ? ["kty", "crv", "x", "y"] : ["kty", "n", "e"];
  const out: Record<string, string> = {};
  for (const name of members) {
    const value = (jwk as Record<string, unknown>)[name];
    if (typeof value === "string") out[name] = value;
  }
  return out;
}

/** `ath`: base64url SHA-256 of the access token (RFC 9449 section 4.2). */
export async function accessTokenHash(token: string): Promise<string> {
  return base64url(await crypto.subtle.digest("SHA-256", ENCODER.encode(token)));
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
  const { alg, params } = algorithmOf(keyPair.privateKey);
  const header = {
    typ: options.typ ?? "dpop+jwt",
    alg: options.weakAlg ?? alg,
    jwk: await publicJwk(keyPair),
  };
  const athSource = options.athOf ?? options.accessToken;
  const payload = {
    ...(options.noJti ? {} : { jti: crypto.randomUUID() }),
    htm: options.htm,
    htu: options.htu,
    iat: options.iat ?? Math.floor(Date.now() / 1000),
    ...(athSource === undefined ? {} : { ath: await accessTokenHash(athSource) }),
    ...(options.nonce === undefined ? {} : { nonce: options.nonce }),
  };
  const input = `${base64url(ENCODER.encode(JSON.stringify(header)))}.${
    base64url(ENCODER.encode(JSON.stringify(payload)))
  }`;
  const signature = await sign(keyPair.privateKey, params, options.weakAlg, input);
  if (options.badSignature && signature.length > 0) signature[0] = signature[0]! ^ 0xff;
  return `${input}.${base64url(signature)}`;
}

async function sign(
  key: CryptoKey,
  params: SignParams,
  weak: ProofOptions["weakAlg"],
  input: string,
): Promise<Uint8Array> {
  if (weak === "none") return new Uint8Array();
  if (weak === "HS256") {
    const hmac = await crypto.subtle.generateKey({ name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
    ]);
    return new Uint8Array(await crypto.subtle.sign("HMAC", hmac, ENCODER.encode(input)));
  }
  return new Uint8Array(await crypto.subtle.sign(params, key, ENCODER.encode(input)));
}
