/** @module The DPoP credentials of `conformance run` (`--dpop-key`, `--dpop-token-env`, `--dpop-foreign-token-env`): a private JWK file and tokens read from the environment, never from the command line. */

import type { DpopCredentials } from "./probes/probe_types.ts";
import { ConformanceUsageError } from "./usage_error.ts";

/** Where the DPoP credentials come from. */
export interface DpopSources {
  /** A JSON file holding the private key as a JWK (EC P-256 or P-384, or RSA). */
  readonly keyFile?: string;
  /** The environment variable holding the access token bound to that key. */
  readonly tokenEnv?: string;
  /** The environment variable holding a token for another resource (the audience check). */
  readonly foreignTokenEnv?: string;
}

type Jwk = JsonWebKey & { kty?: string; crv?: string; alg?: string };

const PRIVATE_MEMBERS = new Set(["d", "p", "q", "dp", "dq", "qi", "oth", "key_ops"]);

/**
 * The credentials, or undefined when no DPoP flag is given.
 * @throws {ConformanceUsageError} one flag without the other, an unreadable or unusable key, an
 *   unset variable (the message names the file or the variable, never a token)
 */
export async function loadDpopCredentials(
  sources: DpopSources,
  env: (name: string) => string | undefined = (name) => Deno.env.get(name),
  readTextFile: (path: string) => Promise<string> = Deno.readTextFile,
): Promise<DpopCredentials | undefined> {
  const { keyFile, tokenEnv, foreignTokenEnv } = sources;
  if (keyFile === undefined && tokenEnv === undefined && foreignTokenEnv === undefined) {
    return undefined;
  }
  if (keyFile === undefined || tokenEnv === undefined) {
    throw new ConformanceUsageError(
      "--dpop-key and --dpop-token-env go together: the key the token is bound to, and the variable holding the token",
    );
  }
  const accessToken = tokenOf(tokenEnv, env);
  const foreign = foreignTokenEnv === undefined ? undefined : tokenOf(foreignTokenEnv, env);
  return {
    accessToken,
    keyPair: await keyPairOf(keyFile, readTextFile),
    ...(foreign === undefined ? {} : { foreignAccessToken: foreign }),
  };
}

function tokenOf(name: string, env: (name: string) => string | undefined): string {
  const value = env(name);
  if (value === undefined || value === "") {
    throw new ConformanceUsageError(
      `environment variable ${name} is not set (a DPoP access token)`,
    );
  }
  return value;
}

async function keyPairOf(
  file: string,
  readTextFile: (path: string) => Promise<string>,
): Promise<CryptoKeyPair> {
  let jwk: Jwk;
  try {
    jwk = JSON.parse(await readTextFile(file));
  } catch (error) {
    throw new ConformanceUsageError(
      `--dpop-key ${file}: ${(error as Error).message}; expected a JSON file holding a private JWK`,
    );
  }
  const algorithm = importAlgorithm(jwk);
  if (algorithm === undefined || typeof jwk.d !== "string") {
    throw new ConformanceUsageError(
      `--dpop-key ${file}: expected a private JWK (with "d") of kty EC (crv P-256 or P-384) or RSA`,
    );
  }
  const publicJwk = Object.fromEntries(
    Object.entries(jwk).filter(([name]) => !PRIVATE_MEMBERS.has(name)),
  ) as Jwk;
  try {
    const privateKey = await crypto.subtle.importKey("jwk", jwk, algorithm, false, ["sign"]);
    const publicKey = await crypto.subtle.importKey("jwk", publicJwk, algorithm, true, ["verify"]);
    return { privateKey, publicKey };
  } catch (error) {
    throw new ConformanceUsageError(`--dpop-key ${file}: ${(error as Error).message}`);
  }
}

function importAlgorithm(jwk: Jwk): EcKeyImportParams | RsaHashedImportParams | undefined {
  if (jwk.kty === "EC" && (jwk.crv === "P-256" || jwk.crv === "P-384")) {
    return { name: "ECDSA", namedCurve: jwk.crv };
  }
  if (jwk.kty === "RSA") {
    const bits = /^(?:RS|PS)(384|512)$/.exec(jwk.alg ?? "")?.[1] ?? "256";
    const name = jwk.alg?.startsWith("PS") ? "RSA-PSS" : "RSASSA-PKCS1-v1_5";
    return { name, hash: `SHA-${bits}` };
  }
  return undefined;
}
