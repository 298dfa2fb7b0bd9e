/** @module Server targets: what the loader resolves and the transports connect to. */

import type { AuthConfig } from "./auth_config.ts";

/**
 * Which variables of mcptest's own environment a stdio server starts with: `true` (all of them, the
 * default), `false` (none: only the target's `env`), or a list of names (just those, when set).
 * The target's `env` entries are added on top in every case.
 */
export type InheritEnv = boolean | readonly string[];

/** A stdio server: a command we spawn. */
export interface StdioTarget {
  /** Tells a stdio target from an HTTP one. */
  readonly kind: "stdio";
  /** argv: command then its arguments. */
  readonly command: readonly string[];
  /** Variables set for the server (on top of the inherited ones). */
  readonly env: Readonly<Record<string, string>>;
  /** Working directory of the server process. */
  readonly cwd?: string;
  /** What the server inherits from mcptest's environment (default `true`: everything). */
  readonly inheritEnv?: InheritEnv;
  /** Largest message (one stdout line) accepted, in bytes (default 16 MiB). */
  readonly maxMessageBytes?: number;
}

/** An HTTP server: Streamable HTTP (2025-03-26+) or legacy HTTP+SSE (2024-11-05). */
export interface HttpTarget {
  /** Tells an HTTP target from a stdio one. */
  readonly kind: "http";
  /** The endpoint URL. */
  readonly url: string;
  /** Extra request headers (auth headers are resolved here; their values are secrets). */
  readonly headers: Readonly<Record<string, string>>;
  /** `auto` tries Streamable HTTP then falls back to HTTP+SSE on a 4xx POST. */
  readonly transport: "auto" | "streamable-http" | "sse";
  /** Largest message (one JSON body or one SSE event) accepted, in bytes (default 16 MiB). */
  readonly maxMessageBytes?: number;
  /** The `auth:` block (bearer, custom headers or OAuth); its values are secrets. */
  readonly auth?: AuthConfig;
}

/** A server target. */
export type ServerTarget = StdioTarget | HttpTarget;
