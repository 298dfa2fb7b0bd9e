/** @module DPoP proof JWTs (RFC 9449 section 4) built with WebCrypto: key algorithm, public JWK and its thumbprint, `ath`, `htu`, and the signed proof for one request. */

/** An access token bound to a key pair (its `cnf.jkt`): what a DPoP client sends with. */
export interface DpopBinding {
  /** The access token, as sent after `Authorization: DPoP `. Never printed. */
  readonly accessToken: string;
  /** The key pair (ECDSA P-256/P-384, RSASSA-PKCS1-v1_5 or RSA-PSS) the token is bound to. */
  readonly keyPair: CryptoKeyPair;
}

/** The claims of one proof: the request it is for, and the token and nonce it carries. */
export interface ProofClaims {
  /** The request's HTTP method (`htm`). */
  readonly htm: string;
  /** The request's URL without query and fragment (`htu`, see {@link proofHtu}). */
  readonly htu: string;
  /** The access token the proof is sent with (`ath`); none: no `ath`. */
  readonly accessToken?: string;
  /** The latest server-provided nonce (`nonce`); none: no `nonce`. */
  readonly nonce?: string;
  /** Seconds since the epoch (default: now). */
  readonly iat?: number;
}

/** A proof before it is signed: JOSE header and payload, plain JSON objects. */
export interface UnsignedProof {
  readonly header: Record<string, unknown>;
  readonly payload: Record<string, unknown>;
}

/** Signs the JWS signing input (`header.payload`, ASCII) and returns the signature bytes. */
export type ProofSigner = (input: Uint8Array<ArrayBuffer>) => Promise<Uint8Array>;

/** The JWS algorithm of a key and its WebCrypto signing parameters. */
export interface SigningAlgorithm {
  readonly alg: string;
  readonly params: AlgorithmIdentifier | EcdsaParams | RsaPssParams;
}

const ENCODER = new TextEncoder();

/** base64url without padding. */
export function base64url(bytes: Uint8Array | ArrayBuffer): string {
  let binary = "";
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** The JWS `alg` of a private key: ES256/ES384, RS256..512 or PS256..512. */
export function signingAlgorithm(key: CryptoKey): SigningAlgorithm {
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

/** The public JWK of a key pair, with only its required public members (RFC 7638 section 3.2). */
export async function publicJwk(keyPair: CryptoKeyPair): Promise<Record<string, string>> {
  const jwk = await crypto.subtle.exportKey("jwk", keyPair.publicKey);
  const members = jwk.kty === "EC" ? ["crv", "kty", "x", "y"] : ["e", "kty", "n"];
  const out: Record<string, string> = {};
  for (const name of members) {
    const value = (jwk as Record<string, unknown>)[name];
    if (typeof value === "string") out[name] = value;
  }
  return out;
}

/** The JWK SHA-256 thumbprint of a key pair (RFC 7638): the `cnf.jkt` a bound token carries. */
export async function jwkThumbprint(keyPair: CryptoKeyPair): Promise<string> {
  // publicJwk lists the required members in lexicographic order, as the thumbprint needs.
  const json = JSON.stringify(await publicJwk(keyPair));
  return base64url(await crypto.subtle.digest("SHA-256", ENCODER.encode(json)));
}

/** `ath`: base64url SHA-256 of the access token (RFC 9449 section 4.2). */
export async function accessTokenHash(token: string): Promise<string> {
  return base64url(await crypto.subtle.digest("SHA-256", ENCODER.encode(token)));
}

/** The `htu` of a request URL: the URL without query and fragment (RFC 9449 section 4.2). */
export function proofHtu(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

/** The header and payload of a well-formed proof for `claims` (fresh `jti`, `iat` now). */
export async function unsignedProof(
  keyPair: CryptoKeyPair,
  claims: ProofClaims,
): Promise<UnsignedProof> {
  const header = {
    typ: "dpop+jwt",
    alg: signingAlgorithm(keyPair.privateKey).alg,
    jwk: await publicJwk(keyPair),
  };
  const payload = {
    jti: crypto.randomUUID(),
    htm: claims.htm,
    htu: claims.htu,
    iat: claims.iat ?? Math.floor(Date.now() / 1000),
    ...(claims.accessToken === undefined ? {} : { ath: await accessTokenHash(claims.accessToken) }),
    ...(claims.nonce === undefined ? {} : { nonce: claims.nonce }),
  };
  return { header, payload };
}

/** A signer with the private key, with the parameters of its algorithm. */
export function keySigner(key: CryptoKey): ProofSigner {
  const { params } = signingAlgorithm(key);
  return async (input) => new Uint8Array(await crypto.subtle.sign(params, key, input));
}

/** The compact JWS of `proof`, signed by `sign`. */
export async function signProof(proof: UnsignedProof, sign: ProofSigner): Promise<string> {
  const input = `${base64url(ENCODER.encode(JSON.stringify(proof.header)))}.${
    base64url(ENCODER.encode(JSON.stringify(proof.payload)))
  }`;
  return `${input}.${base64url(await sign(ENCODER.encode(input)))}`;
}

/** One well-formed DPoP proof for `claims`, signed with the key pair's private key. */
export async function buildProof(keyPair: CryptoKeyPair, claims: ProofClaims): Promise<string> {
  return await signProof(await unsignedProof(keyPair, claims), keySigner(keyPair.privateKey));
}
