/**
 * @module The load memo: a suite loaded once is kept, sealed, with everything its load read (each
 * file's hash, where it looked for test files, which variables it took from the suite's own
 * files), and served as it is while none of that changed (docs/cache.md, "The load memo").
 */

import { importLater } from "../../0_base/util/import_later.ts";
import { writeAll } from "../../0_base/util/write_output.ts";
import { join, resolve } from "../../0_base/util/path.ts";
import { canonicalJson } from "../../0_base/util/canonical_json.ts";
import { isPlainJsonData } from "../../0_base/util/plain_json.ts";
import { webHmacHex, webSha256Hex } from "../../0_base/util/web_digest.ts";
import { decodeUtf8Strict } from "../../3_load/config/decode_utf8.ts";
import { discoverPlanned, type DiscoveryPlan } from "../../3_load/config/discover.ts";
import type { LoadObserver, LoadOptions } from "../../3_load/config/load_suite.ts";
import type { Suite, TestCase } from "../../3_load/config/types.ts";
import { loadCacheSecret } from "./secret.ts";
import { CACHE_DIR } from "./store.ts";
import { keepNewest } from "./load_memo_files.ts";

/** The memos' folder inside the store: `<store>/loads/<key>.json`. */
export const LOADS_DIR = "loads";

/** A memo larger than this is neither written nor read. */
export const MAX_MEMO_BYTES = 64 * 1024 * 1024;

/** The store keeps the memos of this many distinct loads (command lines); older ones are removed. */
export const KEEP_MEMOS = 8;

const FORMAT = "mcptest-load-memo";
const VERSION = 1;
const HEX64 = /^[0-9a-f]{64}$/;

/** How many tests one line of a memo holds. */
const CHUNK_TESTS = 500;

/** Options of {@link loadSuiteMemo}. */
export interface LoadMemoOptions {
  /** false (`--no-cache`): the suite is loaded, nothing is read or written. */
  readonly enabled: boolean;
  /** mcptest's version: a memo of another version is never served. */
  readonly toolVersion: string;
  /** The store's folder (default `<cwd>/.mcptest/cache`). */
  readonly dir?: string;
  /** The cache secret (default: the result cache's, kept outside the repository). */
  readonly secret?: string;
  /** The loader (the real one: `loadSuiteObserved`); imported on a miss only. */
  readonly load?: (options: LoadOptions, observer?: LoadObserver) => Promise<Suite>;
}

/** What a memo holds besides the suite: every input of the load that gave it. */
interface Manifest {
  /** Each file the load read (absolute path), with the SHA-256 of its bytes, null: it was absent. */
  readonly files: readonly (readonly [string, string | null])[];
  /** Where the load looked for test files, and the files it found there. */
  readonly plan: DiscoveryPlan;
  readonly found: readonly string[];
  /** Variables the suite's own files defined: each must still be absent from the environment. */
  readonly unset: readonly string[];
}

/**
 * {@link loadSuite} through the memo: the suite a load of the same command line kept, when every
 * file it read has the same bytes, the same test files are found, and no variable it took from a
 * suite file is now set in the environment; else a load, kept for the next run when its suite can
 * be (nothing secret in it: no `_Env` value, no variable from the environment, an env file or
 * `--var`; no `agents:`, `compliance:` or `scan:` block; plain data only). An injected reader or
 * environment (a library caller's) is never memoized. A memo that does not verify is a miss.
 * @throws {ConfigErrors} as {@link loadSuite} (a load with errors is never kept)
 */
export async function loadSuiteMemo(options: LoadOptions, memo: LoadMemoOptions): Promise<Suite> {
  const load = memo.load ?? realLoaderLazy;
  const plain = () => load(options);
  if (!memo.enabled || options.readTextFile !== undefined || options.env !== undefined) {
    return await plain();
  }
  const cwd = resolve(options.cwd);
  const secret = memo.secret ?? await loadCacheSecret(cwd);
  if (secret === undefined) return await plain();
  const key = (await webHmacHex(secret, canonicalJson(memoKeyInputs(options, cwd, memo))))
    .slice(0, 32);
  const path = join(memo.dir ?? join(cwd, CACHE_DIR), LOADS_DIR, `${key}.json`);
  const kept = await readMemo(path, key, secret, cwd);
  if (kept !== undefined) return kept;
  const inputs = recordingInputs();
  const suite = await load({ ...options, readTextFile: inputs.read }, inputs.observer);
  await writeMemo(path, key, secret, suite, inputs).catch(() => {}); // unwritable: no memo
  return suite;
}

/** The loader, imported only when a load runs (a memo served needs none of its modules). */
const realLoaderLazy: NonNullable<LoadMemoOptions["load"]> = async (options, observer) => {
  const { loadSuiteObserved } = await importLater<
    typeof import("../../3_load/config/load_suite.ts")
  >(import.meta.url, "../../3_load/config/load_suite.ts");
  return await loadSuiteObserved(options, observer);
};

/** Everything of the command line the load depends on (names only of the memo's file). */
function memoKeyInputs(options: LoadOptions, cwd: string, memo: LoadMemoOptions) {
  return {
    memo: FORMAT,
    version: VERSION,
    tool: memo.toolVersion,
    os: Deno.build.os,
    cwd,
    paths: options.paths,
    config: options.configFile ?? null,
    serverConfig: options.serverConfigFile ?? null,
    servers: options.serverOverrides ?? [],
    vars: options.vars ?? [],
    envFiles: options.envFiles ?? [],
  };
}

/** The reader and observer of a load that is to be kept: they note what it read and resolved. */
function recordingInputs() {
  // Each file's hash is taken as it is read: its bytes are not kept through the load.
  const files = new Map<string, Promise<string> | null>();
  const layers = new Map<string, string>();
  let discovery: { plan: DiscoveryPlan; found: readonly string[] } | undefined;
  return {
    files,
    layers,
    get discovery() {
      return discovery;
    },
    async read(path: string): Promise<string | undefined> {
      let bytes: Uint8Array;
      try {
        bytes = await Deno.readFile(path);
      } catch (error) {
        if (!(error instanceof Deno.errors.NotFound)) throw error;
        files.set(path, null);
        return undefined;
      }
      files.set(path, webSha256Hex(bytes as Uint8Array<ArrayBuffer>));
      return decodeUtf8Strict(bytes);
    },
    observer: {
      onResolve: (name: string, layer: string) => {
        if (!layers.has(name)) layers.set(name, layer);
      },
      onDiscovery: (plan: DiscoveryPlan, found: readonly string[]) => discovery = { plan, found },
    } satisfies LoadObserver,
  };
}

/** A variable defined by a suite file (`variables:` of a test file or of the project config). */
const fromSuiteFile = (layer: string) => layer.startsWith("variables: (");

/** Keep the suite of a load, when nothing in it must stay off the disk and it is plain data. */
async function writeMemo(
  path: string,
  key: string,
  secret: string,
  suite: Suite,
  inputs: ReturnType<typeof recordingInputs>,
): Promise<void> {
  const discovery = inputs.discovery;
  if (
    discovery === undefined || suite.secrets.length > 0 || suite.agent !== undefined ||
    suite.compliance !== undefined || suite.scan !== undefined ||
    [...inputs.layers.values()].some((layer) => !fromSuiteFile(layer)) || !isPlainJsonData(suite)
  ) return;
  const files = await Promise.all(
    [...inputs.files].map(async ([file, hash]) =>
      [file, hash === null ? null : await hash] as const
    ),
  );
  const { plan, found } = discovery;
  const manifest: Manifest = { files, plan, found, unset: [...inputs.layers.keys()] };
  const head = { format: FORMAT, version: VERSION, key, manifest, suite: { ...suite, tests: [] } };
  const dir = join(path, "..");
  await Deno.mkdir(dir, { recursive: true });
  const temp = join(dir, `.${crypto.randomUUID()}.tmp`);
  try {
    const file = await Deno.open(temp, { write: true, createNew: true });
    try {
      // One line per part, the tests a chunk at a time: no text of the whole suite is ever built.
      const digests: string[] = [];
      let size = 0;
      const line = async (value: unknown): Promise<boolean> => {
        const bytes = encoder.encode(`${JSON.stringify(value)}\n`);
        size += bytes.length;
        if (size > MAX_MEMO_BYTES) return false;
        digests.push(await webSha256Hex(bytes));
        await writeAll(file, bytes);
        return true;
      };
      if (!await line(head)) return;
      for (let i = 0; i < suite.tests.length; i += CHUNK_TESTS) {
        if (!await line(suite.tests.slice(i, i + CHUNK_TESTS))) return;
      }
      await writeAll(file, encoder.encode(`${await webHmacHex(secret, digests.join(""))}\n`));
    } finally {
      file.close();
    }
    await Deno.rename(temp, path);
  } finally {
    await Deno.remove(temp).catch(() => {});
  }
  await keepNewest(dir, KEEP_MEMOS);
}

const encoder = new TextEncoder();

/**
 * The suite the memo at `path` kept, when its seal verifies and every input is unchanged; any
 * failure (missing, damaged, unreadable, a permission denied) is a miss.
 */
async function readMemo(
  path: string,
  key: string,
  secret: string,
  cwd: string,
): Promise<Suite | undefined> {
  try {
    const info = await Deno.stat(path);
    if (!info.isFile || info.size > MAX_MEMO_BYTES) return undefined;
    const bytes = await Deno.readFile(path);
    // Lines: the head, the tests a chunk per line, then the seal: the HMAC, under the cache
    // secret, of the SHA-256 of every line before it (newline included).
    const lines: Uint8Array<ArrayBuffer>[] = [];
    for (let start = 0; start < bytes.length;) {
      const end = bytes.indexOf(0x0a, start);
      if (end < 0) return undefined;
      lines.push(bytes.subarray(start, end + 1));
      start = end + 1;
    }
    const sealLine = lines.pop();
    if (lines.length === 0 || sealLine === undefined || sealLine.length !== 65) return undefined;
    const seal = new TextDecoder().decode(sealLine.subarray(0, 64));
    const digests = await Promise.all(lines.map((line) => webSha256Hex(line)));
    if (!HEX64.test(seal) || seal !== await webHmacHex(secret, digests.join(""))) return undefined;
    // Sealed: this machine's mcptest wrote every byte of it.
    const decoder = new TextDecoder();
    const kept = JSON.parse(decoder.decode(lines[0])) as {
      format: string;
      version: number;
      key: string;
      manifest: Manifest;
      suite: Suite;
    };
    const tests = lines.slice(1).flatMap((line) => JSON.parse(decoder.decode(line)) as TestCase[]);
    if (kept.format !== FORMAT || kept.version !== VERSION || kept.key !== key) return undefined;
    return await unchanged(kept.manifest, cwd) ? { ...kept.suite, tests } : undefined;
  } catch {
    return undefined;
  }
}

/** Positions of `suites:` entries: a discovery that finds a problem is a miss, never reported. */
const NO_POSITION = () => ({ file: "", line: 1, col: 1 });

/** Whether every input the manifest lists is as it was. */
async function unchanged(manifest: Manifest, cwd: string): Promise<boolean> {
  if (manifest.unset.some((name) => Deno.env.get(name) !== undefined)) return false;
  const [found, hashes] = await Promise.all([
    discoverPlanned(manifest.plan, cwd, NO_POSITION).catch(() => undefined),
    Promise.all(manifest.files.map(([file]) => hashOrNull(file))),
  ]);
  if (found === undefined || found.errors.length > 0) return false;
  if (found.files.length !== manifest.found.length) return false;
  if (found.files.some((file, i) => file !== manifest.found[i])) return false;
  return manifest.files.every(([, hash], i) => hashes[i] === hash);
}

/** SHA-256 of the file's bytes; null when it does not exist; "" when it cannot be read. */
async function hashOrNull(path: string): Promise<string | null> {
  try {
    return await webSha256Hex(await Deno.readFile(path) as Uint8Array<ArrayBuffer>);
  } catch (error) {
    return error instanceof Deno.errors.NotFound ? null : "";
  }
}
