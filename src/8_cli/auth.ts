/** @module `mcptest auth login|logout SERVER`: the authorization code grant for a developer's machine; the action is loaded lazily. */

import { Command } from "../0_base/command_line/declared_command.ts";
import { positiveInt } from "./options.ts";
import { type SuiteFlags, withSuiteFlags } from "./suite_flags.ts";
import { loadCliModule } from "./load_cli_module.ts";
import type * as Actions from "./auth_action.ts";

/** Build `mcptest auth` with `login` and `logout`; `done` receives the exit code (0 ok, 1 failed, 2 bad input). */
export function authCommand(done: (code: number) => void) {
  const login = withSuiteFlags(
    new Command("login")
      .description(
        "Authorize mcptest for an OAuth server (authorization code + PKCE); tokens go to a user-only file",
      )
      .argument("<server>", "the server's name in the suite (its auth: oauth block)")
      .argument("[paths...]", "test files or folders declaring it (default: as mcptest run)"),
  )
    .option("--timeout <ms>", "how long to wait for the browser's redirect", positiveInt, 300_000)
    .option("--verbose", "print error causes", false)
    .addHelpText(
      "after",
      `
Prints the URL to open; the browser's redirect comes back to a listener on 127.0.0.1.
Tokens are kept in $XDG_CONFIG_HOME/mcptest/tokens.json (else ~/.config/mcptest/tokens.json),
mode 0600, and used by servers with grant: authorization_code.
Exit codes: 0 tokens stored, 1 the authorization failed or timed out, 2 bad arguments or config.`,
    )
    .action(async (server, paths, options) => {
      const { loginAction } = await loadCliModule<typeof Actions>("auth_action.ts");
      done(await loginAction(server, paths, options));
    });
  const logout = withSuiteFlags(
    new Command("logout")
      .description("Forget the stored tokens of a server")
      .argument("<server>", "the server's name in the suite")
      .argument("[paths...]", "test files or folders declaring it (default: as mcptest run)"),
  )
    .option("--verbose", "print error causes", false)
    .addHelpText(
      "after",
      "\nExit codes: 0 tokens forgotten (or none stored), 2 bad arguments or config.",
    )
    .action(async (server, paths, options) => {
      const { logoutAction } = await loadCliModule<typeof Actions>("auth_action.ts");
      done(await logoutAction(server, paths, options));
    });
  return new Command("auth")
    .description("Log in to or out of OAuth-protected servers (docs/auth.md)")
    .addCommand(login)
    .addCommand(logout);
}

/** Parsed options of `mcptest auth login`. */
export type LoginOptions = SuiteFlags & { readonly timeout: number; readonly verbose: boolean };
