/**
 * @module The npm packages a command evaluates before it does anything: the static module graph of
 * the CLI's entry and of the hot commands' actions. A CommonJS package there costs every start-up
 * Deno's Node layer (about 10 ms each; docs/performance.md), so those that only some runs need
 * (dotenv for env files, fastest-levenshtein for the `levenshtein` matcher) are imported on first
 * use. A package joins this list only after measuring what it costs.
 */

import assert from "node:assert/strict";

const ROOT = new URL("../../", import.meta.url);

/**
 * The npm packages each entry may load statically. commander (CommonJS, and the Node layer with
 * it) is not one: a valid command line is read from the declarations, and commander is loaded
 * only for help, `--version` and errors (src/0_base/command_line/commander_fallback.ts).
 */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  "src/8_cli/program.ts": [],
  "src/8_cli/list_action.ts": ["js-yaml", "leven"],
  // YAML is parsed by the loader and the argument check, each imported only when it runs.
  "src/8_cli/run_action.ts": ["leven"],
  "src/8_cli/conformance_run_action.ts": ["leven"],
  "src/8_cli/compliance_run_action.ts": ["js-yaml", "leven"],
};

interface InfoModule {
  readonly specifier: string;
  readonly dependencies?: readonly { readonly code?: { specifier: string }; isDynamic?: boolean }[];
}

/** The npm package names reachable from `entry` through static (not dynamic, not type) imports. */
async function staticNpmPackages(entry: string): Promise<string[]> {
  return (await staticGraph(entry)).filter((s) => s.startsWith("npm:")).map(npmName).sort();
}

/** Every specifier reachable from `entry` through static (not dynamic, not type) imports. */
async function staticGraph(entry: string): Promise<string[]> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", entry],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  const graph = JSON.parse(new TextDecoder().decode(out.stdout)) as {
    roots: string[];
    modules: InfoModule[];
  };
  const edges = new Map(graph.modules.map((m) => [
    m.specifier,
    (m.dependencies ?? []).filter((d) => !d.isDynamic && d.code).map((d) => d.code!.specifier),
  ]));
  const seen = new Set(graph.roots);
  const queue = [...graph.roots];
  while (queue.length > 0) {
    for (const next of edges.get(queue.shift()!) ?? []) {
      if (!seen.has(next)) seen.add(next), queue.push(next);
    }
  }
  return [...seen];
}

/** `npm:@scope/name@1.2.3/sub` -> `@scope/name`. */
function npmName(specifier: string): string {
  const bare = specifier.slice("npm:".length).replace(/^\//, "");
  const at = bare.indexOf("@", bare.startsWith("@") ? 1 : 0);
  return at < 0
    ? bare.split("/").slice(0, bare.startsWith("@") ? 2 : 1).join("/")
    : bare.slice(0, at);
}

Deno.test("the CLI and the hot commands load statically only the npm packages measured for it", async () => {
  for (const [entry, allowed] of Object.entries(ALLOWED)) {
    assert.deepEqual(await staticNpmPackages(entry), [...allowed].sort(), entry);
  }
});

/**
 * What `mcptest run` loads only once it connects or has a test to run: a replay the result cache
 * serves whole starts neither (docs/performance.md, replay).
 */
const LOADED_ON_NEED = [
  "src/2_connect/transport/create.ts",
  "src/2_connect/session/connect.ts",
  "src/2_connect/session/session.ts",
  "src/2_connect/cassette/connect.ts",
  "src/5_execute/runner/run.ts",
  "src/5_execute/runner/prepare.ts",
];

/** Assert that the static graph of `entry` holds every module of `needed` and none of `absent`. */
async function assertGraph(
  entry: string,
  needed: readonly string[],
  absent: readonly string[],
): Promise<void> {
  const graph = await staticGraph(entry);
  const holds = (module: string) => graph.some((s) => s.endsWith(`/${module}`));
  for (const module of needed) assert.ok(holds(module), `${module} is not in the graph`);
  for (const module of absent) assert.ok(!holds(module), `${module} is loaded statically`);
}

Deno.test("`mcptest run` loads the session layer and the runner only on need", async () => {
  await assertGraph(
    "src/8_cli/run_action.ts",
    ["src/5_execute/suite/run_suite.ts"],
    LOADED_ON_NEED,
  );
});

/** What a replay must not load of the session layer: the live transports, the recording side. */
const LIVE_ONLY = [
  "src/2_connect/transport/create.ts",
  "src/2_connect/transport/stdio.ts",
  "src/2_connect/transport/streamable_http.ts",
  "src/2_connect/session/connect.ts",
  "src/2_connect/cassette/record_session.ts",
  "src/2_connect/cassette/recording_transport.ts",
];

Deno.test("a replay loads the replay transport, never a live transport or the recording side", async () => {
  await assertGraph(
    "src/5_execute/suite/session_layer.ts",
    ["src/2_connect/transport/replay.ts", "src/2_connect/session/session.ts"],
    LIVE_ONLY,
  );
});

Deno.test("npmName reads the package of an npm specifier", () => {
  assert.equal(npmName("npm:@commander-js/extra-typings@15.1.0"), "@commander-js/extra-typings");
  assert.equal(npmName("npm:leven@4.1.0"), "leven");
  assert.equal(npmName("npm:/dotenv@18.0.10/config"), "dotenv");
});

Deno.test("the CLI, `run` and `list` load no Node built-in statically", async () => {
  // Deno's Node layer (about 10 ms and 6 MB) starts with the first built-in a process evaluates:
  // paths are src/0_base/util/path.ts, hashing loads node:crypto on first need (a cassette to
  // replay, a failure to remember), commander only for help and errors.
  for (
    const entry of ["src/8_cli/program.ts", "src/8_cli/run_action.ts", "src/8_cli/list_action.ts"]
  ) {
    const builtins = (await staticGraph(entry)).filter((s) => s.startsWith("node:"));
    assert.deepEqual(builtins, [], entry);
  }
});
