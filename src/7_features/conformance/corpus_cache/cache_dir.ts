/** @module The user cache root of the conformance corpus (seed 002): XDG, ~/.cache or %LOCALAPPDATA%. */

import { join } from "../../../0_base/util/path.ts";

/** Reads one environment variable (injectable for tests). */
export type EnvGetter = (name: string) => string | undefined;

/** The environment variables the cache root may be derived from (the exact `--allow-env` list). */
export const CACHE_ENV_VARS = ["XDG_CACHE_HOME", "HOME", "LOCALAPPDATA", "USERPROFILE"] as const;

/**
 * The corpus cache root: `$XDG_CACHE_HOME/mcptest/conformance`, else
 * `~/.cache/mcptest/conformance`, or on Windows `%LOCALAPPDATA%\mcptest\conformance`. A version
 * lives in `<root>/<version>/`. Undefined when no base directory is known.
 */
export function conformanceCacheRoot(
  env: EnvGetter = safeEnv,
  os: string = Deno.build.os,
): string | undefined {
  const xdg = env("XDG_CACHE_HOME");
  if (xdg) return join(xdg, "mcptest", "conformance");
  if (os === "windows") {
    const local = env("LOCALAPPDATA");
    if (local) return `${local}\\mcptest\\conformance`;
    const profile = env("USERPROFILE");
    return profile ? `${profile}\\AppData\\Local\\mcptest\\conformance` : undefined;
  }
  const home = env("HOME");
  return home ? join(home, ".cache", "mcptest", "conformance") : undefined;
}

/** Deno.env.get that answers undefined instead of throwing without --allow-env. */
export function safeEnv(name: string): string | undefined {
  try {
    return Deno.env.get(name);
  } catch {
    return undefined;
  }
}

/** A version directory name: `YYYY-MM-DD` with an optional `-suffix` (or `draft`). */
export const VERSION_DIR = /^(\d{4}-\d{2}-\d{2}(-[A-Za-z0-9.]+)?|draft)$/;
