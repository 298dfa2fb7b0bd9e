/** @module The `mcptest auth login` / `logout` actions: flags in, login() or logout(), one line out. */

import { ExitCode } from "../0_base/errors/exit_codes.ts";
import { login, logout } from "../7_features/auth/login.ts";
import type { LoginOptions } from "./auth.ts";
import { type SuiteFlags, suiteLoadOptions } from "./suite_flags.ts";

/** `mcptest auth login SERVER`: exit 0 when tokens were stored. */
export async function loginAction(
  name: string,
  paths: string[],
  options: LoginOptions,
): Promise<number> {
  const done = await login(name, {
    load: suiteLoadOptions(paths, options, Deno.cwd()),
    print: (line) => console.log(line),
    timeoutMs: options.timeout,
  });
  const client = `client ${done.clientId}${done.registered ? ", registered dynamically" : ""}`;
  const scopes = done.scope ? `, scopes ${done.scope}` : "";
  const refresh = done.refreshToken
    ? ""
    : "; no refresh token: log in again when the token expires";
  console.log(
    `logged in to ${done.url} through ${done.issuer} (${client}${scopes}${refresh}); tokens stored in ${done.tokenFile}`,
  );
  return ExitCode.Ok;
}

/** `mcptest auth logout SERVER`: exit 0 (also when nothing was stored). */
export async function logoutAction(
  name: string,
  paths: string[],
  options: SuiteFlags & { verbose: boolean },
): Promise<number> {
  const done = await logout(name, { load: suiteLoadOptions(paths, options, Deno.cwd()) });
  console.log(
    done.removed
      ? `removed the stored tokens of ${done.url} from ${done.tokenFile}`
      : `no stored tokens for ${done.url}`,
  );
  return ExitCode.Ok;
}
