/** @module The user-only token file of `mcptest auth login`: outside the repository, mode 0600. */

import { dirname, join } from "../../0_base/util/path.ts";
import type { TokenSet } from "./grants.ts";
import type { StoredTokens } from "./server_auth.ts";

/**
 * `$XDG_CONFIG_HOME/mcptest/tokens.json`, else `~/.config/mcptest/tokens.json`.
 * @throws Error when neither XDG_CONFIG_HOME nor HOME is set: tokens never land in the working
 *   directory (a repository)
 */
export function tokenFilePath(): string {
  const xdg = Deno.env.get("XDG_CONFIG_HOME");
  if (xdg && xdg !== "") return join(xdg, "mcptest", "tokens.json");
  const home = Deno.env.get("HOME");
  if (!home) {
    throw new Error(
      "cannot place the token file: neither XDG_CONFIG_HOME nor HOME is set (set one to a " +
        "directory outside the repository, e.g. XDG_CONFIG_HOME=$RUNNER_TEMP)",
    );
  }
  return join(home, ".config", "mcptest", "tokens.json");
}

type TokenFile = Record<string, TokenSet>;

async function readFile(path: string): Promise<TokenFile> {
  try {
    const parsed = JSON.parse(await Deno.readTextFile(path)) as unknown;
    return parsed !== null && typeof parsed === "object" ? parsed as TokenFile : {};
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return {};
    throw new Error(`cannot read the token file ${path}: ${(error as Error).message}`);
  }
}

async function writeFile(path: string, value: TokenFile): Promise<void> {
  await Deno.mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const tmp = `${path}.${crypto.randomUUID()}.tmp`;
  await Deno.writeTextFile(tmp, JSON.stringify(value, null, 2) + "\n", { mode: 0o600 });
  await Deno.chmod(tmp, 0o600);
  await Deno.rename(tmp, path);
}

const optional = (v: unknown, type: "string" | "number") => v === undefined || typeof v === type;

/** Whether a stored entry has the shape of a {@link TokenSet} (the token file is user-editable). */
function isTokenSet(v: unknown): v is TokenSet {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return false;
  const t = v as Record<string, unknown>;
  const client = t["client"] as Record<string, unknown> | null | undefined;
  return typeof t["accessToken"] === "string" && optional(t["refreshToken"], "string") &&
    optional(t["expiresAt"], "number") && optional(t["scope"], "string") &&
    optional(t["issuer"], "string") && optional(t["tokenEndpoint"], "string") &&
    optional(t["resource"], "string") &&
    (client === undefined || (client !== null && typeof client === "object" &&
      typeof client["clientId"] === "string" && optional(client["clientSecret"], "string")));
}

/** The stored tokens of the server at `url` (keyed by URL), in the token file at `path`. */
export function fileTokenStore(url: string, path: string = tokenFilePath()): StoredTokens & {
  remove(): Promise<boolean>;
} {
  return {
    async load() {
      const entry: unknown = (await readFile(path))[url];
      return isTokenSet(entry) ? entry : undefined; // a damaged entry is no token
    },
    async save(tokens) {
      const all = await readFile(path);
      all[url] = tokens;
      await writeFile(path, all);
    },
    async remove() {
      const all = await readFile(path);
      if (!(url in all)) return false;
      delete all[url];
      await writeFile(path, all);
      return true;
    },
  };
}
