/** @module `--last-failed` state (pytest's cache semantics): sha-256 hashes of the tests that failed and have not passed since, at `.mcptest/last-run.json`. */

import { join } from "../../0_base/util/path.ts";
import type { TestCase } from "../../3_load/config/types.ts";
import type { RunRecord, TestResult } from "../../4_record/run_record.ts";
import { writeFileAtomic } from "../../0_base/util/write_output.ts";
import { loadSha256, sha256Hex } from "../../0_base/util/sha256.ts";
import { webSha256Hex } from "../../0_base/util/web_digest.ts";

/** Where the state is kept, relative to the working directory. */
export const LAST_RUN_PATH = ".mcptest/last-run.json";

/** Version of the state file's shape. */
export const LAST_FAILED_VERSION = 2;

/**
 * The remembered failures: hex sha-256 of each test id (`<file>::<kind>::<name>`) that failed or
 * errored and has not passed (or been skipped) since. No test name is ever stored.
 */
export interface LastFailedState {
  /** Shape version ({@link LAST_FAILED_VERSION}). */
  readonly version: typeof LAST_FAILED_VERSION;
  /** Hex sha-256 of each remembered test id. */
  readonly failed: readonly string[];
  /**
   * Hex sha-256 of the file of each remembered test (by its id's hash), when known. While every
   * remembered test's file is known, a test that passes in a file with none of them is not hashed:
   * it cannot be one to forget. A state written before this field counts as unknown.
   */
  readonly files?: Readonly<Record<string, string>>;
}

/**
 * Hex sha-256 of a test id: the form a test takes in the state file. Synchronous hashing
 * (node:crypto) under the promise keeps 10,000 ids at a few milliseconds, where one WebCrypto
 * digest per id costs a round trip each.
 */
export async function hashTestId(id: string): Promise<string> {
  await loadSha256();
  return sha256Hex(id);
}

/**
 * Read the state, or `undefined` when there is none (no file, or one this version cannot read:
 * a damaged state must not stop a run, it only means nothing is remembered). A run record left
 * by an older mcptest (the whole record was kept) is converted.
 */
export async function readLastFailed(cwd: string): Promise<LastFailedState | undefined> {
  let text: string;
  try {
    text = await Deno.readTextFile(join(cwd, LAST_RUN_PATH));
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  }
  return await parseLastFailed(text);
}

/** Parse the state file's text; `undefined` when it is not a state (or an old record). */
export async function parseLastFailed(text: string): Promise<LastFailedState | undefined> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (value === null || typeof value !== "object") return undefined;
  const object = value as Record<string, unknown>;
  const failed = object.failed;
  if (object.version === LAST_FAILED_VERSION && Array.isArray(failed)) {
    const hashes = [...new Set(failed.filter(isHash))].sort();
    return withFiles({ version: LAST_FAILED_VERSION, failed: hashes }, filesOf(object.files));
  }
  if (Array.isArray(object.tests)) { // a whole run record (mcptest 0.1)
    const ids = (object.tests as Array<Partial<TestResult>>)
      .filter((t) => (t?.status === "fail" || t?.status === "error") && typeof t.id === "string")
      .map((t) => t.id as string);
    return { version: LAST_FAILED_VERSION, failed: [...new Set(await hashAll(ids))].sort() };
  }
  return undefined;
}

const isHash = (h: unknown): h is string => typeof h === "string" && /^[0-9a-f]{64}$/.test(h);

/** The `files` field as read: hash to hash, both well-formed; anything else is left out. */
function filesOf(value: unknown): Record<string, string> {
  const files: Record<string, string> = {};
  if (value === null || typeof value !== "object" || Array.isArray(value)) return files;
  for (const [test, file] of Object.entries(value)) {
    if (isHash(test) && isHash(file)) files[test] = file;
  }
  return files;
}

/** `state` with the files of its remembered tests (those `files` knows; none: no field). */
function withFiles(
  state: LastFailedState,
  files: Readonly<Record<string, string>>,
): LastFailedState {
  const known = state.failed.filter((h) => Object.hasOwn(files, h));
  return known.length === 0
    ? state
    : { ...state, files: Object.fromEntries(known.map((h) => [h, files[h]!])) };
}

/**
 * The next state, after a run (pure: nothing is read or written). Like pytest's cache: a test that
 * failed or errored is remembered; one that passed or was skipped is forgotten; a test that did not
 * run (filtered out, another shard, another file) keeps what was remembered about it.
 *
 * Results are matched to the tests that ran by position and source position, never by the record's
 * ids alone: the record is redacted, and a secret inside a test name changes its id there.
 * Compliance and gate results are not selectable tests and are ignored.
 *
 * Only what can change the state is hashed: a failing test, and a passing one while it may be
 * remembered (some failure is, and it is in a file that holds one, or a remembered test's file is
 * not known). A green run after failures in other files hashes one name per file, not every test.
 * @param previous the state read before the run (`undefined`: nothing remembered)
 * @param ran the selected tests, in the order they were handed to the runner
 * @param record the run's record
 * @param hashId the hash of a test id (a test counts the calls)
 */
export async function updateLastFailed(
  previous: LastFailedState | undefined,
  ran: readonly TestCase[],
  record: RunRecord,
  hashId: (id: string) => Promise<string> = hashTestId,
): Promise<LastFailedState> {
  const failed = new Set(previous?.failed ?? []);
  const files = new Map(Object.entries(previous?.files ?? {}).filter(([h]) => failed.has(h)));
  /** How many remembered tests each file holds (by file hash), and how many are in unknown files. */
  const held = new Map<string, number>();
  const hold = (file: string, by: number) => held.set(file, (held.get(file) ?? 0) + by);
  for (const file of files.values()) hold(file, 1);
  let unknown = failed.size - files.size;
  const fileHashes = new Map<string, Promise<string>>();
  const fileHash = (file: string) => {
    let hash = fileHashes.get(file);
    if (hash === undefined) fileHashes.set(file, hash = webSha256Hex(file));
    return hash;
  };
  for (const { test, status } of matchResults(ran, record.tests)) {
    const failing = status === "fail" || status === "error";
    // A pass has something to forget only while failures are remembered (a green run hashes none),
    // and only when one may be in its file.
    if (!failing) {
      if (failed.size === 0) continue;
      if (unknown === 0 && !held.get(await fileHash(test.file))) continue;
    }
    const hash = await hashId(test.id);
    const known = files.get(hash);
    if (failing && known === undefined) {
      if (failed.has(hash)) unknown--; // remembered before, its file now known
      failed.add(hash);
      const file = await fileHash(test.file);
      files.set(hash, file);
      hold(file, 1);
    } else if (!failing && failed.delete(hash)) {
      if (known === undefined) unknown--;
      else {
        files.delete(hash);
        hold(known, -1);
      }
    }
  }
  const state = { version: LAST_FAILED_VERSION, failed: [...failed].sort() } as const;
  return withFiles(state, Object.fromEntries(files));
}

/** Write the state (atomically). @throws {UsageError} when it cannot be written */
export async function saveLastFailed(cwd: string, state: LastFailedState): Promise<void> {
  await writeFileAtomic(join(cwd, LAST_RUN_PATH), JSON.stringify(state) + "\n");
}

/** The lock file that serialises concurrent updates of the state, next to it. */
export const LAST_RUN_LOCK = ".mcptest/last-run.lock";

/**
 * Fold a run's results into the state on disk, under an exclusive lock (flock on
 * {@link LAST_RUN_LOCK}, released by the system if the process dies): the state is read again
 * inside the lock, so concurrent runs (`--filter` shards in one workspace) each add their failures
 * and forget their passes, and none overwrites another's. Returns the state written.
 * @throws {UsageError} when it cannot be written
 */
export async function mergeLastFailed(
  cwd: string,
  ran: readonly TestCase[],
  record: RunRecord,
): Promise<LastFailedState> {
  await Deno.mkdir(join(cwd, ".mcptest"), { recursive: true });
  const lock = await Deno.open(join(cwd, LAST_RUN_LOCK), { create: true, write: true });
  try {
    await lock.lock(true);
    const current = await readLastFailed(cwd).catch(() => undefined);
    const next = await updateLastFailed(current, ran, record);
    await saveLastFailed(cwd, next);
    return next;
  } finally {
    lock.close(); // closing releases the lock
  }
}

/** Pair each test that ran with its result's status. */
function matchResults(
  ran: readonly TestCase[],
  results: readonly TestResult[],
): Array<{ test: TestCase; status: TestResult["status"] }> {
  const own = results.filter((r) => r.kind !== "compliance" && r.kind !== "gate");
  const samePlace = (t: TestCase, r: TestResult) =>
    t.pos.line === r.line && t.pos.col === r.col && t.kind === r.kind;
  if (own.length === ran.length && ran.every((t, i) => samePlace(t, own[i]!))) {
    return ran.map((t, i) => ({ test: t, status: own[i]!.status }));
  }
  // Not the runner's order (a record assembled elsewhere): fall back to ids, then to a unique place.
  const byId = new Map(own.map((r) => [r.id, r]));
  const out: Array<{ test: TestCase; status: TestResult["status"] }> = [];
  for (const t of ran) {
    const result = byId.get(t.id) ??
      unique(own.filter((r) => samePlace(t, r) && r.file === t.file));
    if (result) out.push({ test: t, status: result.status });
  }
  return out;
}

function unique<T>(items: readonly T[]): T | undefined {
  return items.length === 1 ? items[0] : undefined;
}

async function hashAll(ids: readonly string[]): Promise<string[]> {
  return await Promise.all(ids.map(hashTestId));
}
