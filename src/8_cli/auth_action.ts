/** @module The `mcptest auth login` / `logout` actions: find the server, run the login flow or forget its tokens. */

import { login } from "../2_connect/auth/login.ts";
import { fileTokenStore, tokenFilePath } from "../2_connect/auth/token_store.ts";
import type { OAuthConfig } from "../2_connect/transport/auth_config.ts";
import { loadSuite } from "../3_load/config/load_suite.ts";
import { UsageError } from "../0_base/errors/errors.ts";
import { ExitCode } from "../0_base/errors/exit_codes.ts";
import type { LoginOptions } from "./auth.ts";
import { handleError } from "./handle_error.ts";
import { type SuiteFlags, suiteLoadOptions } from "./suite_flags.ts";

/** The HTTP url and `auth:` block of the server `name` of the suite. */
async function serverOf(
  name: string,
  paths: string[],
  flags: SuiteFlags,
): Promise<{ url: string; auth?: OAuthConfig | undefined; kind?: string }> {
  const suite = await loadSuite(suiteLoadOptions(paths, flags, Deno.cwd()));
  const servers = Object.values(suite.servers);
  const server = servers.find((s) => s.name === name);
  if (!server) {
    const known = [...new Set(servers.map((s) => s.name))].sort();
    throw new UsageError(
      `unknown server ${JSON.stringify(name)}; expected one of: ${known.join(", ") || "(none)"}`,
    );
  }
  if (server.target.kind !== "http") {
    throw new UsageError(`server ${JSON.stringify(name)} is not an HTTP server`);
  }
  const auth = server.target.auth;
  return {
    url: server.target.url,
    ...(auth?.kind === "oauth" ? { auth } : {}),
    ...(auth ? { kind: auth.kind } : {}),
  };
}

/** `mcptest auth login SERVER`: exit 0 when tokens were stored. */
export async function loginAction(
  name: string,
  paths: string[],
  options: LoginOptions,
): Promise<number> {
  try {
    const server = await serverOf(name, paths, options);
    if (!server.auth) {
      throw new UsageError(
        `server ${JSON.stringify(name)} has no auth: oauth block (${
          server.kind ?? "no auth:"
        }); login is for OAuth servers`,
      );
    }
    const result = await login(server.auth, server.url, {
      store: fileTokenStore(server.url),
      print: (line) => console.log(line),
      timeoutMs: options.timeout,
    });
    console.log(
      `logged in to ${server.url} through ${result.issuer} (client ${result.clientId}${
        result.registered ? ", registered dynamically" : ""
      }${result.scope ? `, scopes ${result.scope}` : ""}${
        result.refreshToken ? "" : "; no refresh token: log in again when the token expires"
      }); tokens stored in ${tokenFilePath()}`,
    );
    return ExitCode.Ok;
  } catch (error) {
    if (error instanceof UsageError) return handleError(error, options.verbose);
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`error: login failed: ${reason}`);
    return ExitCode.TestsFailed;
  }
}

/** `mcptest auth logout SERVER`: exit 0 (also when nothing was stored). */
export async function logoutAction(
  name: string,
  paths: string[],
  options: SuiteFlags & { verbose: boolean },
): Promise<number> {
  try {
    const server = await serverOf(name, paths, options);
    const removed = await fileTokenStore(server.url).remove();
    console.log(
      removed
        ? `removed the stored tokens of ${server.url} from ${tokenFilePath()}`
        : `no stored tokens for ${server.url}`,
    );
    return ExitCode.Ok;
  } catch (error) {
    return handleError(error, options.verbose);
  }
}
