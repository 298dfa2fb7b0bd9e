/** @module LOAD: read the project config and the test files, resolve variables and servers, normalise every test into a `Suite`. */

import { importLater } from "../../0_base/util/import_later.ts";
import { join, resolve } from "../../0_base/util/path.ts";
import { type ConfigError, ConfigErrors } from "../../0_base/errors/errors.ts";
import { withLazyModules } from "../../0_base/util/lazy_module.ts";
import { CONFIG_FILE, discoverPlanned, type DiscoveryPlan, LOCAL_CONFIG_FILE } from "./discover.ts";
import { variablesLayer } from "./file_sections.ts";
import { headerBudgetWarnings } from "./normalize_tests.ts";
import { type FileResult, loadFile, type SuiteContext } from "./load_file.ts";
import { type ParsedFile, readSuiteFile } from "./read_file.ts";
import {
  type GlobalServers,
  resolveGlobalServers,
  type ServerLayer,
  unknownServerFlags,
} from "./server_sources.ts";
import type { ComplianceBlock } from "./compliance_block.ts";
import { cassetteRules } from "./cassette_block.ts";
import { splitClientSessions } from "./client_sessions.ts";
import { testsUseJudges } from "./judge_tests.ts";
import type { ServerSpec, Suite, TestCase } from "./types.ts";
import {
  buildVariableStack,
  type ReadTextFile,
  readTextFileIfExists,
  type VariableObserver,
} from "./variable_stack.ts";
import { readScanSetting } from "./scan_setting.ts";

/** Everything `loadSuite` reads; mirrors the options of `mcptest run`. */
export interface LoadOptions {
  /** `mcptest run [PATHS...]`: files or folders, relative to `cwd`. */
  readonly paths: readonly string[];
  /** The working directory: holds mcptest.yml, mcptest.local.yml, .env files; base of ids. */
  readonly cwd: string;
  /** `--config FILE`: the project config to use instead of ./mcptest.yml. */
  readonly configFile?: string;
  /** `--server-config FILE`: servers that override mcptest.local.yml and mcptest.yml. */
  readonly serverConfigFile?: string;
  /** `--server name=command...` / `--server name=url` (repeatable). */
  readonly serverOverrides?: readonly string[];
  /** `--var KEY=VALUE` (repeatable). */
  readonly vars?: readonly string[];
  /** `--env-file PATH` (repeatable, later wins). */
  readonly envFiles?: readonly string[];
  /** The OS environment; defaults to `Deno.env.toObject()`. */
  readonly env?: Readonly<Record<string, string>>;
  /** File reader for config, test and env files (tests inject one); defaults to the file system. */
  readonly readTextFile?: ReadTextFile;
}

const TEST_KEYS = ["tools", "resources", "prompts", "lists", "compliance", "agents", "evals"];

/**
 * Load, validate and normalise a suite.
 *
 * The project config is `mcptest.yml` in the working directory, or the file `--config` names
 * (which then replaces it). It uses the test-file format (schemas/v1.json) plus one key:
 *
 * ```yaml
 * servers:            # global servers (key = name); tests of every file may use them
 *   local: { command: "deno run -A server.ts" }
 * variables:          # lowest-precedence variables, below each test file's own variables:
 *   base_url: http://127.0.0.1:8080
 * suites:             # test files, folders or globs, relative to this file
 *   - tests/**\/*.yml
 * tools: [...]        # optional: tests of its own (also resources:, prompts:, compliance:, ...)
 * ```
 *
 * `mcptest.local.yml` (working directory) and the `--server-config` file may only hold `servers:`.
 * Which files run: the PATHS given (files, or folders walked for `*.yml`/`*.yaml`); with no PATHS,
 * the config's `suites:` plus the config's own tests; a config with neither falls back to
 * `tests/**\/*.{yml,yaml}`. The config's own tests also run when a PATH names the config file.
 *
 * @returns the resolved suite: servers by key, tests in declaration order, secrets to redact
 * @throws {ConfigErrors} every problem found (YAML, schema, variables, servers, paths), each at
 *   `file:line:col` where it has one (exit 2)
 * @example Load one test file
 * ```ts
 * import { loadSuite } from "@mcptest/cli";
 *
 * const suite = await loadSuite({ paths: ["examples/getting-started.yml"], cwd: Deno.cwd() });
 * console.log(suite.tests.length, Object.keys(suite.servers));
 * ```
 */
export function loadSuite(options: LoadOptions): Promise<Suite> {
  return loadSuiteObserved(options);
}

/**
 * What a load tells whoever keeps its inputs (the load memo, src/5_execute/cache/load_memo.ts),
 * besides the files it reads through `readTextFile`.
 */
export interface LoadObserver {
  /** Each variable resolved, with the label of the source that defined it. */
  readonly onResolve: VariableObserver;
  /** Where the load looked for test files, and what it found there. */
  readonly onDiscovery: (plan: DiscoveryPlan, found: readonly string[]) => void;
}

/** {@link loadSuite}, telling `observer` what it resolves and where it looks for test files. */
export function loadSuiteObserved(options: LoadOptions, observer?: LoadObserver): Promise<Suite> {
  // A valid suite loads on the fast parser, without the JSON Schema engine unless a matcher
  // compiles a schema: a load that needs the careful parser (anchors, a syntax error, the
  // position of a problem) or the engine loads it and loads the suite again.
  return withLazyModules(() => loadSuiteOnce(options, observer));
}

async function loadSuiteOnce(options: LoadOptions, observer?: LoadObserver): Promise<Suite> {
  const cwd = resolve(options.cwd);
  const env = options.env ?? Deno.env.toObject();
  const read = options.readTextFile ?? readTextFileIfExists;
  const stack = await buildVariableStack({
    cwd,
    vars: options.vars ?? [],
    envFiles: options.envFiles ?? [],
    env,
    readTextFile: read,
    ...(observer ? { onResolve: observer.onResolve } : {}),
  });
  const setup = await readSetupFiles(options, cwd, read);
  const configVariables = setup.config.parsed ? variablesLayer(setup.config.parsed) : undefined;
  const globalStack = configVariables ? stack.withLower(configVariables) : stack;
  const globals = resolveGlobalServers(
    serverLayers(setup),
    options.serverOverrides ?? [],
    globalStack,
  );
  const errors: ConfigError[] = [...setup.errors, ...globals.errors];
  const parsed = await readTestFiles(options.paths, cwd, setup, read, errors, observer);
  const context: SuiteContext = { globals, stack, ...(configVariables ? { configVariables } : {}) };
  const results: FileResult[] = parsed.map((file) => loadFile(file, context));
  for (const result of results) errors.push(...result.errors);
  const suite = assemble(parsed, results, globals.servers, globals.secrets);
  return await withBlocks(suite, results, globals, env, errors);
}

/** A setup or test file as read: parsed, or the errors that kept it from being read. */
type ReadResult = { parsed?: ParsedFile; errors: ConfigError[] };

/** The three setup files of a run (the project config, mcptest.local.yml, --server-config), as read. */
interface SetupFiles {
  readonly config: ReadResult;
  readonly local: ReadResult;
  readonly serverConfig: ReadResult;
  /** Where they are (absolute); none of them is ever loaded as a test file. */
  readonly paths: {
    readonly config: string;
    readonly local: string;
    readonly serverConfig: string | undefined;
  };
  /** The errors of all three. */
  readonly errors: readonly ConfigError[];
}

/**
 * Read the setup files. One that could not be read at all stops the load here; schema errors in
 * one that could be are reported with everything else found in the same pass.
 * @throws {ConfigErrors} a setup file that could not be read (with the others' errors)
 */
async function readSetupFiles(
  options: LoadOptions,
  cwd: string,
  read: ReadTextFile,
): Promise<SetupFiles> {
  const configAbs = options.configFile ? resolve(cwd, options.configFile) : join(cwd, CONFIG_FILE);
  const serverConfigAbs = options.serverConfigFile
    ? resolve(cwd, options.serverConfigFile)
    : undefined;
  const localAbs = join(cwd, LOCAL_CONFIG_FILE);
  const [config, local, serverConfig] = await Promise.all([
    readSuiteFile(
      configAbs,
      cwd,
      "config",
      read,
      options.configFile ? "config file not found (--config)" : null,
    ),
    readSuiteFile(localAbs, cwd, "mcptest.local.yml", read, null),
    serverConfigAbs
      ? readSuiteFile(
        serverConfigAbs,
        cwd,
        "server-config",
        read,
        "server config file not found (--server-config)",
      )
      : Promise.resolve<ReadResult>({ errors: [] }),
  ]);
  const errors = [...config.errors, ...local.errors, ...serverConfig.errors];
  const unreadable = [config, local, serverConfig].some((r) => r.errors.length > 0 && !r.parsed);
  if (unreadable) throw new ConfigErrors(sortByPos(errors));
  const paths = { config: configAbs, local: localAbs, serverConfig: serverConfigAbs };
  return { config, local, serverConfig, paths, errors };
}

/** The setup files that declare global servers, highest precedence first. */
function serverLayers(setup: SetupFiles): ServerLayer[] {
  const layers: ServerLayer[] = [];
  if (setup.serverConfig.parsed) {
    layers.push({ source: "server-config", file: setup.serverConfig.parsed });
  }
  if (setup.local.parsed) layers.push({ source: "mcptest.local.yml", file: setup.local.parsed });
  if (setup.config.parsed) layers.push({ source: "mcptest.yml", file: setup.config.parsed });
  return layers;
}

/**
 * The files whose tests run, parsed, in file order: the PATHS (or the config's `suites:`, or the
 * default glob), and the config itself when it holds tests that run. Problems go to `errors`.
 */
async function readTestFiles(
  paths: readonly string[],
  cwd: string,
  setup: SetupFiles,
  read: ReadTextFile,
  errors: ConfigError[],
  observer?: LoadObserver,
): Promise<ParsedFile[]> {
  const config = setup.config.parsed;
  const configHasTests = config !== undefined &&
    TEST_KEYS.some((k) => config.value[k] !== undefined);
  const plan = discoveryPlan(paths, config, configHasTests);
  const positionOf = config?.source.positionOf;
  const found = await discoverPlanned(plan, cwd, (i) => positionOf!(["suites", i]));
  observer?.onDiscovery(plan, found.files);
  errors.push(...found.errors);
  const skip = new Set([setup.paths.config, setup.paths.local, setup.paths.serverConfig]);
  const runConfigTests = configHasTests &&
    (paths.length === 0 || found.files.includes(setup.paths.config));
  const parsed: ParsedFile[] = runConfigTests && config ? [config] : [];
  const unique = [...new Set(found.files)].filter((f) => !skip.has(f));
  for (
    const result of await Promise.all(unique.map((f) => readSuiteFile(f, cwd, "test file", read)))
  ) {
    errors.push(...result.errors);
    if (result.parsed) parsed.push(result.parsed);
  }
  return parsed.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

/**
 * The suite with the blocks beyond tests (agents, compliance, cassette rules) read in, after a
 * last check that every `--server` flag names a server something uses.
 * @throws {ConfigErrors} every problem found while loading (`errors` and the blocks'), by position
 */
async function withBlocks(
  suite: Suite,
  results: readonly FileResult[],
  globals: GlobalServers,
  env: Readonly<Record<string, string>>,
  errors: ConfigError[],
): Promise<Suite> {
  const agent = await agentsOf(results, suite, env);
  errors.push(...agent.errors);
  (suite.secrets as string[]).push(...agent.secrets);
  const compliance = await complianceOf(results, suite.servers);
  errors.push(...compliance.errors);
  errors.push(
    ...unknownServerFlags(globals, results.flatMap((r) => r.serverNames), [
      ...suite.tests.map((t) => t.serverKey),
      ...compliance.blocks.flatMap((b) => [...b.serverKeys, ...b.entries.map((e) => e.serverKey)]),
    ]),
  );
  const cassette = cassetteRules(results.map((r) => r.document));
  errors.push(...cassette.errors);
  const serverNames = Object.values(suite.servers).map((s) => s.name);
  const scan = readScanSetting(results.map((r) => r.document), errors, serverNames);
  if (errors.length > 0) throw new ConfigErrors(sortByPos(errors));
  const withCassette = cassette.rules.length > 0
    ? { ...suite, cassette: { normalize: cassette.rules } }
    : suite;
  const withAgent = agent.suite ? { ...withCassette, agent: agent.suite } : withCassette;
  const withScan = scan ? { ...withAgent, scan } : withAgent;
  return compliance.blocks.length > 0 ? { ...withScan, compliance: compliance.blocks } : withScan;
}

/** `agents:`, `evals:`, `providers:`, `budget:`, and the judge models of the tests' judge matchers (the parser loads only when a file has one). */
async function agentsOf(
  results: readonly FileResult[],
  suite: Suite,
  env: Readonly<Record<string, string>>,
) {
  const docs = results.map((r) => r.document);
  const keys = ["agents", "evals", "providers", "budget"];
  const judged = testsUseJudges(suite.tests);
  if (!judged && !docs.some((d) => keys.some((k) => d.value[k] !== undefined))) {
    return { secrets: [], errors: [] };
  }
  const { loadAgents } = await importLater<typeof import("./agent_block.ts")>(
    import.meta.url,
    "./agent_block.ts",
  );
  return loadAgents(docs, suite.servers, env, judged ? suite.tests : []);
}

/** The `compliance:` blocks (the parser and its corpus load only when a file has one). */
async function complianceOf(
  results: readonly FileResult[],
  servers: Suite["servers"],
): Promise<{ blocks: readonly ComplianceBlock[]; errors: readonly ConfigError[] }> {
  const docs = results.map((r) => r.document);
  if (!docs.some((d) => d.value.compliance !== undefined)) return { blocks: [], errors: [] };
  const { complianceBlocks } = await importLater<typeof import("./compliance_block.ts")>(
    import.meta.url,
    "./compliance_block.ts",
  );
  return complianceBlocks(docs, servers);
}

/** Where the test files are: the PATHS, else the config's `suites:`, else `tests/` (unless the config holds tests). */
function discoveryPlan(
  paths: readonly string[],
  config: ParsedFile | undefined,
  configHasTests: boolean,
): DiscoveryPlan {
  if (paths.length > 0) return { paths };
  const suites = config?.value.suites;
  if (config && Array.isArray(suites)) return { suites: suites.map(String), baseDir: config.dir };
  return configHasTests ? { none: true } : { default: true };
}

function assemble(
  parsed: readonly ParsedFile[],
  results: readonly FileResult[],
  globalServers: ReadonlyMap<string, ServerSpec>,
  globalSecrets: readonly string[],
): Suite {
  const declared: Record<string, ServerSpec> = Object.fromEntries(globalServers);
  const ordered: TestCase[] = [];
  const secrets = new Set(globalSecrets);
  for (const result of results) {
    for (const server of result.servers) declared[server.key] = server;
    for (const test of result.tests) {
      // Each TestCase is this load's own fresh object: number it in place (a copy of 10,000
      // tests is garbage the load does not need).
      (test as { order: number }).order = ordered.length;
      ordered.push(test);
    }
    for (const secret of result.secrets) secrets.add(secret);
  }
  // A test whose client: declares other capabilities runs on a session of its own.
  const { servers, tests } = splitClientSessions(declared, ordered);
  const warnings = headerBudgetWarnings(tests, servers);
  return {
    files: parsed.map((p) => p.file),
    servers,
    tests,
    secrets: [...secrets],
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

/** Errors without a position first, then by file, line and column (stable otherwise). */
function sortByPos(errors: readonly ConfigError[]): ConfigError[] {
  const key = (e: ConfigError) => e.pos?.file ?? "";
  const byPos = (a: ConfigError, b: ConfigError) =>
    (a.pos?.line ?? 0) - (b.pos?.line ?? 0) || (a.pos?.col ?? 0) - (b.pos?.col ?? 0);
  return [...errors].sort((a, b) =>
    (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) || byPos(a, b)
  );
}
