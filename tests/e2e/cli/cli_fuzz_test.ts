/** @module CLI fuzz (fast-check, fixed seed, bounded): the real CLI (`list`, `lint`, `run` with replay, `serve`, `report`, `compliance run --registry`) on damaged suites, cassettes, run records, last-run state, cache entries and corpora exits with a documented code, never an internal error, a stack trace or a hang (#23). */

import assert from "node:assert/strict";
import fc from "fast-check";
import { parse } from "yaml";
import { cliEnv, itemsServerYaml, mcptest, mcptestArgv, tempProject } from "../../_helpers/cli.ts";
import { damagedJson } from "../../_helpers/mutate.ts";

const SEED = 2323;
const CASES = 36;
/** Each CLI run gets this long before it is killed and the case fails as a hang. */
const CASE_TIMEOUT_MS = 30_000;
/** Cases in flight at once (the machine is small and shared). */
const PARALLEL = 2;
/** The exit codes docs/cli.md documents. */
const DOCUMENTED = new Set([0, 1, 2, 5, 6, 7]);
/** A server that cannot start: replay never needs it, and a damaged suite cannot run anything. */
const MISSING = `  items:\n    command: ["/nonexistent/mcp-server-binary"]\n`;

const tests = `tools:
  - name: echo passes
    server: items
    tool: echo
    args: { text: hello }
    expect:
      - target: result.content[0].text
        matcher: { exact: hello }
      - max_response_tokens: 50
  - name: echo fails
    server: items
    tool: echo
    args: { text: hello }
    expect:
      - target: result.content[0].text
        matcher: { regex: "^bye" }
resources:
  - name: item one
    server: items
    resource: items://1
    expect:
      - target: result.contents
        matcher: { schema: { type: array } }
`;

const SPEC = "https://modelcontextprotocol.io/specification/2024-11-05/basic/lifecycle";
const REGISTRY = `rules:
  - id: PROTO-001
    title: "initialize result carries serverInfo"
    area: PROTO
    cite:
      - revisions: v2024-11-05
        url: ${SPEC}#initialization
        sentence: "The server MUST respond with its own capabilities and information"
`;
const RULES = `rules:
  - id: PROTO-001
    probe: { kind: handshake }
    expect:
      - target: result.serverInfo
        matcher: { schema: { type: object, required: [name, version] } }
`;

const COMPLIANCE = [
  "compliance",
  "run",
  "--server",
  "/nonexistent/mcp-server-binary",
  "--registry",
  "corpus/registry.yml",
  "--target-version",
  "v2024-11-05",
];

type Files = Record<string, string>;

/** Every file under `dir`, by path relative to it. */
async function readTree(dir: string, prefix = ""): Promise<Files> {
  const out: Files = {};
  for await (const entry of Deno.readDir(`${dir}/${prefix}`)) {
    const rel = `${prefix}${entry.name}`;
    if (entry.isDirectory) Object.assign(out, await readTree(dir, `${rel}/`));
    else if (entry.isFile) out[rel] = await Deno.readTextFile(`${dir}/${rel}`);
  }
  return out;
}

/** Damage of a YAML text: spliced, cut short, a line dropped, indentation shifted, JSON mutants. */
function damagedYaml(good: string): fc.Arbitrary<string> {
  const text = fc.tuple(fc.nat(), fc.nat(), fc.string(), fc.nat(3)).map(([a, b, insert, how]) => {
    const [from, to] = [a % (good.length + 1), b % (good.length + 1)].sort((x, y) => x - y);
    if (how === 0) return good.slice(0, from) + insert + good.slice(to);
    if (how === 1) return good.slice(0, from);
    const lines = good.split("\n");
    if (how === 2) lines.splice(a % lines.length, 1);
    else lines[a % lines.length] = " ".repeat(1 + (b % 5)) + lines[a % lines.length];
    return lines.join("\n");
  });
  return fc.oneof(
    { arbitrary: text, weight: 3 },
    { arbitrary: damagedJson(JSON.stringify(parse(good))), weight: 2 },
  );
}

/** One case: which file is damaged, how, and the command that reads it. */
interface Case {
  readonly file: string;
  /** The damaged text; null: the file is removed. */
  readonly text: string | null;
  readonly args: readonly string[];
  /** `serve` over stdio: frames written to its stdin. */
  readonly frames?: readonly string[];
}

const FRAMES = [
  {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "fuzz", version: "1" },
    },
  },
  { jsonrpc: "2.0", method: "notifications/initialized" },
  { jsonrpc: "2.0", id: 2, method: "tools/list" },
  {
    jsonrpc: "2.0",
    id: 3,
    method: "tools/call",
    params: { name: "echo", arguments: { text: "hello" } },
  },
].map((frame) => JSON.stringify(frame));

/** The load memo (JSON lines: head, tests, seal) with its head line damaged, the rest kept. */
function damagedMemo(good: string): fc.Arbitrary<string> {
  const newline = good.indexOf("\n");
  return damagedJson(good.slice(0, newline)).map((head) => head + good.slice(newline));
}

function cases(base: Files): Case[] {
  const cassette = "cassettes/suite__items.json";
  const stored = Object.keys(base).filter((f) => f.startsWith(".mcptest/cache/"));
  const cache = stored.filter((f) => f.startsWith(".mcptest/cache/packs/"));
  const memo = stored.filter((f) => f.startsWith(".mcptest/cache/loads/"));
  // One pack for the one replayed server (docs/cache.md): damaging it damages every entry. One
  // load memo for the command line (docs/cache.md, the load memo): damaging it is a miss.
  assert.equal(cache.length, 1, `the baseline run stored one cache pack: ${stored.join(", ")}`);
  assert.match(cache[0]!, /^\.mcptest\/cache\/packs\/[0-9a-f]{32}-[0-9a-f]{32}\.json$/);
  assert.equal(memo.length, 1, `the baseline run kept one load memo: ${stored.join(", ")}`);
  assert.match(memo[0]!, /^\.mcptest\/cache\/loads\/[0-9a-f]{32}\.json$/);
  assert.equal(stored.length, 2, stored.join(", "));
  const on = (file: string, damage: fc.Arbitrary<string>, commands: string[][]) =>
    fc.tuple(
      fc.oneof({ arbitrary: damage, weight: 9 }, { arbitrary: fc.constant(null), weight: 1 }),
      fc.constantFrom(...commands),
    ).map(([text, args]): Case => ({
      file,
      text,
      args,
    }));
  const arbitrary = fc.oneof(
    on("suite.yml", damagedYaml(base["suite.yml"]!), [
      ["list", "suite.yml"],
      ["lint", "suite.yml"],
      ["run", "suite.yml"],
      ["run", "suite.yml", "--reporter", "junit"],
    ]),
    on(cassette, damagedJson(base[cassette]!), [["run", "suite.yml"], ["serve", cassette]]),
    on("record.json", damagedJson(base["record.json"]!), [
      ["report", "record.json"],
      ["report", "--merge", "record.json", "record.json", "--format", "json"],
    ]),
    on(".mcptest/last-run.json", damagedJson(base[".mcptest/last-run.json"]!), [
      ["run", "suite.yml", "--last-failed"],
    ]),
    on(cache[0]!, damagedJson(base[cache[0]!]!), [["run", "suite.yml"]]),
    on(memo[0]!, damagedMemo(base[memo[0]!]!), [["run", "suite.yml"]]),
    on("corpus/registry.yml", damagedYaml(REGISTRY), [COMPLIANCE]),
  ).map((c) => c.args[0] === "serve" ? { ...c, frames: FRAMES } : c);
  // Always: a missing registry (was an internal error, exit 1).
  const fixed: Case[] = [{ file: "corpus/registry.yml", text: null, args: COMPLIANCE }];
  return [...fixed, ...fc.sample(arbitrary, { seed: SEED, numRuns: CASES })];
}

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run the CLI in `cwd`, killed (and reported as a hang) after CASE_TIMEOUT_MS. */
async function runBounded(c: Case, cwd: string, env: Files): Promise<Outcome | "hang"> {
  const [cmd, ...rest] = mcptestArgv(c.args);
  const child = new Deno.Command(cmd!, {
    args: rest,
    cwd,
    env: cliEnv(env),
    stdin: c.frames ? "piped" : "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  if (c.frames) {
    const writer = child.stdin.getWriter();
    // A cassette refused at load closes the pipe early: writing then fails, which is fine.
    await writer.write(new TextEncoder().encode(c.frames.join("\n") + "\n")).catch(() => {});
    await writer.close().catch(() => {});
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hung = new Promise<"hang">((resolve) => {
    timer = setTimeout(() => resolve("hang"), CASE_TIMEOUT_MS);
  });
  const output = child.output();
  const first = await Promise.race([output, hung]);
  clearTimeout(timer);
  if (first === "hang") {
    try {
      child.kill("SIGKILL");
    } catch { /* already gone */ }
    await output.catch(() => {});
    return "hang";
  }
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: first.code, stdout: decode(first.stdout), stderr: decode(first.stderr) };
}

/** What is wrong with one case's outcome (undefined: nothing). */
function problem(outcome: Outcome | "hang"): string | undefined {
  if (outcome === "hang") return `no exit within ${CASE_TIMEOUT_MS} ms`;
  if (!DOCUMENTED.has(outcome.code)) return `undocumented exit code ${outcome.code}`;
  if (/internal error/i.test(outcome.stderr + outcome.stdout)) return "internal error";
  if (/^\s+at .*:\d+:\d+\)?$/m.test(outcome.stderr)) return "stack trace on stderr";
  if (outcome.code === 2 && !/^error: /m.test(outcome.stderr)) {
    return "exit 2 without an error line";
  }
  return undefined;
}

/** One line per case: the command, the damaged file, the exit code and the first stderr line. */
function summary(c: Case, outcome: Outcome | "hang"): string {
  if (outcome === "hang") return `${c.args.join(" ")} [${c.file}] hang`;
  const line = outcome.stderr.split("\n")[0]!.slice(0, 150);
  return `${c.args.slice(0, 2).join(" ")} [${c.file}] exit ${outcome.code} ${line}`;
}

async function writeTree(dir: string, files: Files): Promise<void> {
  for (const [name, text] of Object.entries(files)) {
    const path = `${dir}/${name}`;
    await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
    await Deno.writeTextFile(path, text);
  }
}

/** A project with a recorded cassette, a run record, last-run state, cache entries and a corpus. */
async function baseline(env: Files): Promise<Files> {
  const dir = await tempProject({
    "suite.yml": `servers:\n${itemsServerYaml()}${tests}`,
    "corpus/registry.yml": REGISTRY,
    "corpus/v2024-11-05/proto.yml": RULES,
  });
  try {
    const recorded = await mcptest(["run", "suite.yml", "--record"], { cwd: dir, env });
    assert.equal(recorded.code, 1, recorded.stderr);
    await Deno.writeTextFile(`${dir}/suite.yml`, `servers:\n${MISSING}${tests}`);
    const replayed = await mcptest(
      ["run", "suite.yml", "--reporter", "json", "--output", "record.json"],
      { cwd: dir, env },
    );
    assert.equal(replayed.code, 1, replayed.stderr);
    return await readTree(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test({
  name: "the CLI on damaged inputs exits with a documented code, no internal error, no hang",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const home = await Deno.makeTempDir({ prefix: "mcptest-fuzz-home-" });
    // The cache key (HMAC) lives under XDG_CACHE_HOME: a private one, shared by every case.
    const env = { XDG_CACHE_HOME: home, HOME: home };
    try {
      const base = await baseline(env);
      const all = cases(base);
      const failures: string[] = [];
      let next = 0;
      const worker = async () => {
        while (next < all.length) {
          const c = all[next++]!;
          const dir = await Deno.makeTempDir({ prefix: "mcptest-fuzz-" });
          try {
            const files = { ...base, [c.file]: c.text ?? "" };
            if (c.text === null) delete files[c.file];
            await writeTree(dir, files);
            const outcome = await runBounded(c, dir, env);
            const wrong = problem(outcome);
            // FUZZ_DEBUG=1 lists each case and its outcome (to see what the seed exercises).
            if (Deno.env.get("FUZZ_DEBUG")) console.log(summary(c, outcome));
            if (wrong) {
              const shown = outcome === "hang" ? "" : `\n${outcome.stderr.slice(0, 800)}`;
              failures.push(
                `${wrong}: mcptest ${c.args.join(" ")} with ${c.file} =\n` +
                  `${JSON.stringify(c.text?.slice(0, 300) ?? "(removed)")}${shown}`,
              );
            }
          } finally {
            await Deno.remove(dir, { recursive: true });
          }
        }
      };
      await Promise.all(Array.from({ length: PARALLEL }, worker));
      assert.deepEqual(failures, [], failures.join("\n\n"));
    } finally {
      await Deno.remove(home, { recursive: true });
    }
  },
});
