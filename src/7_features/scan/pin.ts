/** @module Pinning against rug pulls: the lock file (mcptest.lock), comparing a surface with it (SCAN-011), updating it. */

import { canonicalJson } from "../../0_base/util/canonical_json.ts";
import { ConfigError } from "../../0_base/errors/errors.ts";
import { sha256Hex } from "../../0_base/util/sha256.ts";
import { writeFileAtomic } from "../../0_base/util/write_output.ts";
import { lineDiff } from "../../1_matchers/line_diff.ts";
import { visible } from "./evidence.ts";
import { pinnedFields } from "./pinned_fields.ts";
import type { Finding, ItemKind, ServerSurface } from "./types.ts";

/** The lock file's shape version. */
export const LOCK_VERSION = 1;

/** The kinds a pin holds (resources are a data listing: scanned, not pinned). */
export const PINNED_KINDS = ["tool", "prompt", "resource_template"] as const;

/** One pinned item: the SHA-256 of its canonical JSON, and the fields themselves (for the diff). */
export interface PinnedItem {
  readonly sha256: string;
  readonly value: Readonly<Record<string, unknown>>;
}

/** What the lock holds for one server: items by kind, then by key. */
export type ServerPin = Readonly<
  Partial<Record<(typeof PINNED_KINDS)[number], Readonly<Record<string, PinnedItem>>>>
>;

/** The lock file (`mcptest.lock`, JSON): pinned surfaces by server name. */
export interface LockFile {
  readonly version: typeof LOCK_VERSION;
  readonly servers: Readonly<Record<string, ServerPin>>;
}

/** The pin of one surface. */
export function pinOf(surface: ServerSurface): ServerPin {
  const pin: Record<string, Record<string, PinnedItem>> = {};
  for (const kind of PINNED_KINDS) {
    const items = surface.items.filter((i) => i.kind === kind);
    if (items.length === 0) continue;
    const entries: Record<string, PinnedItem> = {};
    for (const item of [...items].sort((a, b) => a.key < b.key ? -1 : a.key > b.key ? 1 : 0)) {
      const value = pinnedFields(item);
      entries[item.key] = { sha256: sha256Hex(canonicalJson(value)), value };
    }
    pin[kind] = entries;
  }
  return pin;
}

/** Read the lock file; undefined when there is none. */
export async function readLock(path: string): Promise<LockFile | undefined> {
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  }
  return parseLock(text, path);
}

/** Parse a lock file's text. @throws {ConfigError} not JSON, or not a lock of this version */
export function parseLock(text: string, path: string): LockFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${path}: not JSON: ${(error as Error).message}`);
  }
  const lock = value as Partial<LockFile> | null;
  if (lock === null || typeof lock !== "object" || lock.version !== LOCK_VERSION) {
    throw new ConfigError(`${path}: not an mcptest scan lock of version ${LOCK_VERSION}`);
  }
  if (lock.servers === null || typeof lock.servers !== "object") {
    throw new ConfigError(`${path}: "servers" must be an object`);
  }
  return lock as LockFile;
}

/** The lock with the pins of `surfaces` replacing those servers' entries (others are kept). */
export function updatedLock(lock: LockFile | undefined, surfaces: readonly ServerSurface[]) {
  const servers: Record<string, ServerPin> = { ...lock?.servers };
  for (const surface of surfaces) servers[surface.server] = pinOf(surface);
  const sorted = Object.fromEntries(Object.entries(servers).sort(([a], [b]) => a < b ? -1 : 1));
  return { version: LOCK_VERSION, servers: sorted } satisfies LockFile;
}

/** Write the lock atomically (a reader sees the old or the new file, never half of one). */
export async function writeLock(path: string, lock: LockFile): Promise<void> {
  await writeFileAtomic(path, JSON.stringify(lock, null, 2) + "\n");
}

/** SCAN-011 findings of `surface` against its pin: changed and added items (high), removed (low). */
export function pinFindings(surface: ServerSurface, pinned: ServerPin): Finding[] {
  const now = pinOf(surface);
  const findings: Finding[] = [];
  const at = (kind: ItemKind, item: string) => ({ server: surface.server, kind, item, path: "" });
  for (const kind of PINNED_KINDS) {
    const before = pinned[kind] ?? {};
    const after = now[kind] ?? {};
    for (const [key, item] of Object.entries(after)) {
      const old = before[key];
      if (old?.sha256 === item.sha256) continue;
      const diff = lineDiff(pretty(old?.value), pretty(item.value))
        .filter((line, i, all) => line.op !== " " || near(all, i))
        .map((line) => `${line.op} ${visible(line.text)}`);
      findings.push({
        rule: "SCAN-011",
        severity: "high",
        location: at(kind, key),
        message: old
          ? `${kind} "${visible(key)}" changed since it was pinned`
          : `${kind} "${visible(key)}" is new since the surface was pinned`,
        evidence: visible(key),
        diff,
      });
    }
    for (const key of Object.keys(before)) {
      if (key in after) continue;
      findings.push({
        rule: "SCAN-011",
        severity: "low",
        location: at(kind, key),
        message: `${kind} "${visible(key)}" was pinned and is gone`,
        evidence: visible(key),
      });
    }
  }
  return findings;
}

function pretty(value: unknown): string {
  return value === undefined ? "" : JSON.stringify(JSON.parse(canonicalJson(value)), null, 2);
}

/** Whether a kept diff line is within two lines of a change (the context shown). */
function near(lines: readonly { op: string }[], i: number): boolean {
  for (let j = Math.max(0, i - 2); j <= Math.min(lines.length - 1, i + 2); j++) {
    if (lines[j]!.op !== " ") return true;
  }
  return false;
}
