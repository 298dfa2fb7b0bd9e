/** @module Server targets: what the loader resolves and the transports connect to. */

/** A stdio server: a command we spawn. */
export interface StdioTarget {
  readonly kind: "stdio";
  /** argv: command then its arguments. */
  readonly command: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly cwd?: string;
}

/** An HTTP server: Streamable HTTP (2025-03-26+) or legacy HTTP+SSE (2024-11-05). */
export interface HttpTarget {
  readonly kind: "http";
  readonly url: string;
  /** Extra request headers (auth headers are resolved here; their values are secrets). */
  readonly headers: Readonly<Record<string, string>>;
  /** `auto` tries Streamable HTTP then falls back to HTTP+SSE on a 4xx POST. */
  readonly transport: "auto" | "streamable-http" | "sse";
}

/** A server target. */
export type ServerTarget = StdioTarget | HttpTarget;
