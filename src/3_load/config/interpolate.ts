/** @module Interpolate `${name}` in every string of a YAML value and resolve `<key>_Env` secrets. */

import { ConfigError, type SourcePos } from "../../0_base/errors/errors.ts";
import { setOwn } from "../../0_base/util/set_own.ts";
import { VARIABLE_NAME, type VariableStack } from "./variable_stack.ts";
import type { PathSegment, PositionLookup } from "../../0_base/yaml/yaml_source.ts";

/** The suffix that marks a secret: `Authorization_Env: API_TOKEN`. */
export const SECRET_SUFFIX = "_Env";

/** A value with its strings interpolated, the secrets it resolved and the problems found. */
export interface Interpolated {
  readonly value: unknown;
  /** Resolved secret values (to redact from every output). */
  readonly secrets: readonly string[];
  readonly errors: readonly ConfigError[];
}

/**
 * Interpolate every string value (not keys) under `value`. A mapping key ending in `_Env` becomes
 * the key without the suffix, with the value of the variable it names (looked up through the same
 * stack); that value is a secret. Errors are collected, not thrown; a failing string is kept as is.
 * @param path where `value` sits in its document (errors point at the exact string)
 * @param defer applied first to each string that holds a `$` (captures.ts: the uses of a capture
 * become markers, left for run time), in the same walk
 */
export function interpolateValue(
  value: unknown,
  path: readonly PathSegment[],
  stack: VariableStack,
  positionOf: PositionLookup,
  defer?: (text: string) => string,
): Interpolated {
  const pass = new InterpolationPass(path, stack, positionOf, defer);
  const result = pass.walk(value);
  return { value: result, secrets: pass.secrets, errors: pass.errors };
}

/**
 * One walk down a value, collecting secrets and errors. The path is one stack pushed and popped on
 * the way down, copied only when a position is needed (a `$` string, an `_Env` key); a subtree
 * with nothing to change is returned as is (copy on write). A 10,000-test file then allocates a
 * fraction of what copying every node would.
 */
class InterpolationPass {
  readonly secrets: string[] = [];
  readonly errors: ConfigError[] = [];
  readonly #at: PathSegment[];
  readonly #stack: VariableStack;
  readonly #positionOf: PositionLookup;
  readonly #defer: ((text: string) => string) | undefined;

  constructor(
    path: readonly PathSegment[],
    stack: VariableStack,
    positionOf: PositionLookup,
    defer: ((text: string) => string) | undefined,
  ) {
    this.#at = [...path];
    this.#stack = stack;
    this.#positionOf = positionOf;
    this.#defer = defer;
  }

  /** `node` with its strings interpolated (the same object when nothing changed). */
  walk(node: unknown): unknown {
    if (typeof node === "string") return this.#string(node);
    if (Array.isArray(node)) return this.#list(node);
    if (node === null || typeof node !== "object") return node;
    return this.#mapping(node as Record<string, unknown>);
  }

  #child(node: unknown, segment: PathSegment): unknown {
    this.#at.push(segment);
    try {
      return this.walk(node);
    } finally {
      this.#at.pop();
    }
  }

  #here(): PathSegment[] {
    return [...this.#at];
  }

  /** `run()`, or `fallback` after recording the ConfigError it threw. */
  #attempt<T>(fallback: T, run: () => T): T {
    try {
      return run();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      this.errors.push(error);
      return fallback;
    }
  }

  #string(written: string): unknown {
    // Without a "$" nothing can be interpolated (or fail).
    if (!written.includes("$")) return written;
    const node = this.#defer ? this.#defer(written) : written;
    if (node !== written && !node.includes("$")) return node;
    return this.#attempt<unknown>(node, () => {
      try {
        return this.#resolved(node, undefined);
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        // Interpolation is a pure function of the text and the stack: done again with the
        // string's position, it fails the same way, at that position. A string that resolves
        // never asks for its position (a lookup that can make the careful YAML parser run).
        return this.#resolved(node, this.#positionOf(this.#here()));
      }
    });
  }

  /** `node` interpolated; `a: "${n}"` (the whole scalar) keeps a typed variable's type. */
  #resolved(node: string, pos: SourcePos | undefined): unknown {
    const whole = this.#stack.wholeValue(node, pos);
    return whole ? whole.value : this.#stack.interpolate(node, pos);
  }

  #list(node: readonly unknown[]): unknown {
    let out: unknown[] | undefined;
    for (let i = 0; i < node.length; i++) {
      const next = this.#child(node[i], i);
      if (next !== node[i] && out === undefined) out = node.slice(0, i);
      out?.push(next);
    }
    return out ?? node;
  }

  #mapping(source: Record<string, unknown>): unknown {
    let out: Record<string, unknown> | undefined;
    const keys = Object.keys(source);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const value = source[key];
      if (key.length > SECRET_SUFFIX.length && key.endsWith(SECRET_SUFFIX)) {
        out ??= copyUpTo(source, keys, i);
        this.#secretEntry(source, key, out);
        continue;
      }
      const next = this.#child(value, key);
      if (next !== value) out ??= copyUpTo(source, keys, i);
      if (out !== undefined) setOwn(out, key, next);
    }
    return out ?? source;
  }

  /** `<base>_Env: VAR` becomes `<base>: <the value of VAR>` in `out`, a secret. */
  #secretEntry(source: Record<string, unknown>, key: string, out: Record<string, unknown>): void {
    const base = key.slice(0, -SECRET_SUFFIX.length);
    const keyPath = [...this.#here(), key];
    if (Object.hasOwn(source, base)) {
      this.errors.push(
        new ConfigError(
          `"${key}" and "${base}" are both set; keep one`,
          this.#positionOf(keyPath, "key"),
        ),
      );
      return;
    }
    const secret = this.#attempt(
      undefined,
      () => resolveSecret(key, source[key], keyPath, this.#stack, this.#positionOf),
    );
    if (secret === undefined) return;
    setOwn(out, base, secret);
    if (secret !== "") this.secrets.push(secret);
  }
}

/** A copy of the first `n` entries of `source` (in `keys` order). */
export function copyUpTo(
  source: Record<string, unknown>,
  keys: readonly string[],
  n: number,
): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (let j = 0; j < n; j++) setOwn(copy, keys[j]!, source[keys[j]!]);
  return copy;
}

function resolveSecret(
  key: string,
  name: unknown,
  at: readonly PathSegment[],
  stack: VariableStack,
  positionOf: PositionLookup,
): string {
  const pos = positionOf(at);
  if (typeof name !== "string" || !VARIABLE_NAME.test(name)) {
    const got = typeof name === "string" ? JSON.stringify(name) : String(name);
    throw new ConfigError(
      `"${key}" must name a variable that holds the secret (e.g. API_TOKEN), got ${got}`,
      pos,
    );
  }
  const resolved = stack.lookup(name, pos);
  if (!resolved) {
    throw new ConfigError(
      `secret variable "${name}" (for "${key}") is not set; define it with --var, in an env file or in the environment`,
      pos,
    );
  }
  return resolved.value;
}
