/**
 * @module The load memo: a suite loaded once is kept, sealed, with everything its load read (each
 * file's hash, where it looked for test files, which variables it took from the suite's own
 * files), and served as it is while none of that changed; with it, what the run derives from the
 * suite and other files (the argument warnings from recorded tool lists) and those files' hashes
 * (docs/cache.md, "The load memo").
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
const VERSION = 2;
const HEX64 = /^[0-9a-f]{64}$/;

/**
 * How many tests one line of a memo holds: few enough that a line's text (about 32 KB) stays under
 * V8's large-object size, so writing or reading it leaves young garbage a scavenge frees. Lines of
 * 500 tests (each text in the large-object space until a full collection) cost a 10,000-test run
 * about 12 MiB of peak memory (docs/performance.md).
 */
const CHUNK_TESTS = 50;

/**
 * What a run derives from its loaded suite and from other files (`D`: plain JSON data), kept in
 * the memo with the suite and served while those files hash the same.
 */
export interface Derivation<D> {
  /**
   * Derive from `suite`, reading every other file it depends on through `read` (undefined: the
   * file is absent). The result must not depend on anything else.
   */
  readonly compute: (
    suite: Suite,
    read: (path: string) => Promise<string | undefined>,
  ) => Promise<D>;
  /**
   * Read one such file; undefined when it does not exist.
   * @throws when it cannot be read (a memo that depends on it is neither kept nor served)
   */
  readonly read: (path: string) => Promise<string | undefined>;
  /** The hash that says whether a file's text changed (taken only when a memo is kept or served). */
  readonly hash: (text: string) => Promise<string>;
}

/** A suite, and what the run derived from it. */
export interface MemoLoad<D> {
  readonly suite: Suite;
  /** The derivation's result (undefined when none was asked for). */
  readonly derived: D;
}

/** Options of {@link loadSuiteMemo}. */
export interface LoadMemoOptions<D = undefined> {
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
  /** What the run derives from the suite, kept and served with it. */
  readonly derive?: Derivation<D>;
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
  /** Each file the derivation read, with the hash its `hash` gave, null: it was absent. */
  readonly derivedFrom: readonly (readonly [string, string | null])[];
}

/**
 * {@link loadSuite} through the memo: the suite a load of the same command line kept, when every
 * file it read has the same bytes, the same test files are found, and no variable it took from a
 * suite file is now set in the environment; else a load, kept for the next run when its suite can
 * be (nothing secret in it: no `_Env` value, no variable from the environment, an env file or
 * `--var`; no `agents:`, `compliance:` or `scan:` block; plain data only). An injected reader or
 * environment (a library caller's) is never memoized. A memo that does not verify is a miss.
 * `memo.derive` is computed with the load and served with it while every file it read hashes the
 * same (with the memo disabled, computed each time).
 * @throws {ConfigErrors} as {@link loadSuite} (a load with errors is never kept)
 */
export async function loadSuiteMemo<D = undefined>(
  options: LoadOptions,
  memo: LoadMemoOptions<D>,
): Promise<MemoLoad<D>> {
  const load = memo.load ?? realLoaderLazy;
  const derive = memo.derive ?? NO_DERIVATION as Derivation<D>;
  const plain = async () => {
    const suite = await load(options);
    return { suite, derived: await derive.compute(suite, derive.read) };
  };
  if (!memo.enabled || options.readTextFile !== undefined || options.env !== undefined) {
    return await plain();
  }
  const cwd = resolve(options.cwd);
  const secret = memo.secret ?? await loadCacheSecret(cwd);
  if (secret === undefined) return await plain();
  const key = (await webHmacHex(secret, canonicalJson(memoKeyInputs(options, cwd, memo))))
    .slice(0, 32);
  const path = join(memo.dir ?? join(cwd, CACHE_DIR), LOADS_DIR, `${key}.json`);
  const kept = await readMemo<D>(path, key, secret, cwd, derive);
  if (kept !== undefined) return kept;
  const inputs = recordingInputs(derive);
  const suite = await load({ ...options, readTextFile: inputs.read }, inputs.observer);
  const derived = await derive.compute(suite, inputs.readDerived);
  // unwritable: no memo
  await writeMemo(path, key, secret, { suite, derived }, inputs).catch(() => {});
  return { suite, derived };
}

/** No derivation: nothing read, undefined kept. */
const NO_DERIVATION: Derivation<undefined> = {
  compute: () => Promise.resolve(undefined),
  read: () => Promise.resolve(undefined),
  hash: () => Promise.resolve(""),
};

/** The loader, imported only when a load runs (a memo served needs none of its modules). */
const realLoaderLazy: NonNullable<LoadMemoOptions["load"]> = async (options, observer) => {
  const { loadSuiteObserved } = await importLater<
    typeof import("../../3_load/config/load_suite.ts")
  >(import.meta.url, "../../3_load/config/load_suite.ts");
  return await loadSuiteObserved(options, observer);
};

/** Everything of the command line the load depends on (names only of the memo's file). */
function memoKeyInputs<D>(options: LoadOptions, cwd: string, memo: LoadMemoOptions<D>) {
  return {
    memo: FORMAT,
    version: VERSION,
    tool: memo.toolVersion,
    // A memo kept without a derivation has nothing derived to serve a run that asks for one.
    derives: memo.derive !== undefined,
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

/**
 * The readers and observer of a load that is to be kept: they note what the load and the
 * derivation read, and what the load resolved.
 */
function recordingInputs<D>(derive: Derivation<D>) {
  // Each file's hash is taken as it is read: its bytes are not kept through the load.
  const files = new Map<string, Promise<string> | null>();
  const derivedFrom = new Map<string, string | null>();
  const layers = new Map<string, string>();
  let discovery: { plan: DiscoveryPlan; found: readonly string[] } | undefined;
  let unreadable = false;
  return {
    files,
    derivedFrom,
    layers,
    get discovery() {
      return discovery;
    },
    /** Whether the derivation met a file it could not read (nothing is kept then). */
    get unreadable() {
      return unreadable;
    },
    async readDerived(path: string): Promise<string | undefined> {
      let text: string | undefined;
      try {
        text = await derive.read(path);
      } catch (error) {
        unreadable = true;
        throw error;
      }
      derivedFrom.set(path, text === undefined ? null : await derive.hash(text));
      return text;
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

/**
 * Keep the suite of a load and what was derived from it, when nothing in them must stay off the
 * disk and they are plain data.
 */
async function writeMemo<D>(
  path: string,
  key: string,
  secret: string,
  { suite, derived }: MemoLoad<D>,
  inputs: ReturnType<typeof recordingInputs<D>>,
): Promise<void> {
  const discovery = inputs.discovery;
  if (
    discovery === undefined || inputs.unreadable || suite.secrets.length > 0 ||
    suite.agent !== undefined || suite.compliance !== undefined || suite.scan !== undefined ||
    [...inputs.layers.values()].some((layer) => !fromSuiteFile(layer)) ||
    !isPlainJsonData(suite) || !(derived === undefined || isPlainJsonData(derived))
  ) return;
  const files = await Promise.all(
    [...inputs.files].map(async ([file, hash]) =>
      [file, hash === null ? null : await hash] as const
    ),
  );
  const { plan, found } = discovery;
  const manifest: Manifest = {
    files,
    plan,
    found,
    unset: [...inputs.layers.keys()],
    derivedFrom: [...inputs.derivedFrom],
  };
  const head = {
    format: FORMAT,
    version: VERSION,
    key,
    manifest,
    suite: { ...suite, tests: [] },
    derived: derived ?? null,
  };
  const dir = join(path, "..");
  await Deno.mkdir(dir, { recursive: true });
  const temp = join(dir, `.${crypto.randomUUID()}.tmp`);
  try {
    const file = await Deno.open(temp, { write: true, createNew: true });
    try {
      // One line per part, the tests a chunk at a time: no text of the whole suite is ever built,
      // and the lines go through one buffer (awaiting a digest and a write per line cost a
      // 10,000-test load about 20 ms; a new array per line, memory).
      const lines = new LineWriter(file);
      const line = (value: unknown) => lines.add(`${JSON.stringify(value)}\n`, MAX_MEMO_BYTES);
      if (!await line(head)) return;
      for (let i = 0; i < suite.tests.length; i += CHUNK_TESTS) {
        if (!await line(suite.tests.slice(i, i + CHUNK_TESTS))) return;
      }
      await lines.flush();
      const hex = (await Promise.all(lines.digests)).join("");
      await writeAll(file, encoder.encode(`${await webHmacHex(secret, hex)}\n`));
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

/** The size of a memo writer's buffer: its lines are written this many bytes at a time at most. */
const BATCH_BYTES = 256 * 1024;

/**
 * Lines encoded into one reused buffer and written a buffer at a time; each line's SHA-256 is
 * taken as it is added (in the order added). A line longer than the buffer is written alone.
 */
class LineWriter {
  readonly #file: Deno.FsFile;
  readonly #buffer = new Uint8Array(BATCH_BYTES);
  #held = 0;
  /** The digests of the lines added, in order (each settles on its own). */
  readonly digests: Promise<string>[] = [];
  /** Bytes added so far (written or held). */
  written = 0;

  constructor(file: Deno.FsFile) {
    this.#file = file;
  }

  /** Add one line (its text ends in `\n`); false, and nothing added, past `maxBytes` in all. */
  async add(text: string, maxBytes: number): Promise<boolean> {
    // UTF-8 takes at most three bytes per UTF-16 unit: room for that much, or a flush first.
    if (text.length * 3 > BATCH_BYTES - this.#held) await this.flush();
    const fits = text.length * 3 <= BATCH_BYTES;
    const at = this.#held;
    const bytes = fits
      ? this.#buffer.subarray(at, at + encoder.encodeInto(text, this.#buffer.subarray(at)).written)
      : encoder.encode(text);
    if (this.written + bytes.length > maxBytes) return false;
    this.written += bytes.length;
    // WebCrypto copies what it hashes when called: the buffer can take other lines after this.
    this.digests.push(webSha256Hex(bytes as Uint8Array<ArrayBuffer>));
    if (fits) this.#held += bytes.length;
    else await writeAll(this.#file, bytes);
    return true;
  }

  /** Write what the buffer holds. */
  async flush(): Promise<void> {
    if (this.#held === 0) return;
    const held = this.#buffer.subarray(0, this.#held);
    this.#held = 0;
    await writeAll(this.#file, held);
  }
}

/**
 * The suite the memo at `path` kept, and what was derived from it, when its seal verifies and
 * every input is unchanged; any failure (missing, damaged, unreadable, a permission denied) is a
 * miss.
 */
async function readMemo<D>(
  path: string,
  key: string,
  secret: string,
  cwd: string,
  derive: Derivation<D>,
): Promise<MemoLoad<D> | undefined> {
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
      derived: D | null;
    };
    const tests = lines.slice(1).flatMap((line) => JSON.parse(decoder.decode(line)) as TestCase[]);
    if (kept.format !== FORMAT || kept.version !== VERSION || kept.key !== key) return undefined;
    if (!await unchanged(kept.manifest, cwd, derive)) return undefined;
    return { suite: { ...kept.suite, tests }, derived: (kept.derived ?? undefined) as D };
  } catch {
    return undefined;
  }
}

/** Positions of `suites:` entries: a discovery that finds a problem is a miss, never reported. */
const NO_POSITION = () => ({ file: "", line: 1, col: 1 });

/** Whether every input the manifest lists is as it was. */
async function unchanged<D>(
  manifest: Manifest,
  cwd: string,
  derive: Derivation<D>,
): Promise<boolean> {
  if (manifest.unset.some((name) => Deno.env.get(name) !== undefined)) return false;
  const [found, hashes, derivedHashes] = await Promise.all([
    discoverPlanned(manifest.plan, cwd, NO_POSITION).catch(() => undefined),
    Promise.all(manifest.files.map(([file]) => hashOrNull(file))),
    Promise.all(
      manifest.derivedFrom.map(([file]) =>
        derive.read(file).then((text) => text === undefined ? null : derive.hash(text))
          .catch(() => "")
      ),
    ),
  ]);
  if (found === undefined || found.errors.length > 0) return false;
  if (found.files.length !== manifest.found.length) return false;
  if (found.files.some((file, i) => file !== manifest.found[i])) return false;
  return manifest.files.every(([, hash], i) => hashes[i] === hash) &&
    manifest.derivedFrom.every(([, hash], i) => derivedHashes[i] === hash);
}

/**
 * SHA-256 of the file's bytes; null when it does not exist; "" when it is no regular file (a FIFO
 * is never opened: reading one would wait for a writer) or cannot be read.
 */
async function hashOrNull(path: string): Promise<string | null> {
  try {
    if (!(await Deno.stat(path)).isFile) return "";
    return await webSha256Hex(await Deno.readFile(path) as Uint8Array<ArrayBuffer>);
  } catch (error) {
    return error instanceof Deno.errors.NotFound ? null : "";
  }
}
