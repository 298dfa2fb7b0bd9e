/** @module E2E helpers: run the real CLI as a child process; start the example server over HTTP. */

import { fileURLToPath } from "node:url";
import { spawnUntilPort } from "./port_child.ts";

/** The repository root. */
export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** The permission set the documented `deno install` line grants. */
export const CLI_PERMISSIONS = [
  "--allow-read",
  "--allow-write",
  "--allow-env",
  "--allow-run",
  "--allow-net=127.0.0.1,localhost",
  "--allow-sys",
];

/** One CLI run. */
export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Where and how a CLI child runs. */
export interface CliOptions {
  /** Working directory (default: the repository root). */
  cwd?: string;
  /** Extra environment (over NO_COLOR=1 and an empty CI / GITHUB_ACTIONS). */
  env?: Record<string, string>;
  /** Deno permission flags (default: CLI_PERMISSIONS). */
  permissions?: string[];
}

let denoDir: string | undefined;

/**
 * `DENO_DIR` for a child whose environment moves `XDG_CACHE_HOME` or `HOME` (a test giving
 * mcptest a cache secret of its own): Deno keeps its module and npm cache under them by default,
 * so the child, and the servers it starts, would compile every module again and fetch npm
 * packages from the network. The child keeps the tests' own Deno cache instead.
 */
function keptDenoDir(env: Record<string, string> | undefined): Record<string, string> {
  if (env === undefined || !("XDG_CACHE_HOME" in env || "HOME" in env)) return {};
  denoDir ??= (JSON.parse(
    new TextDecoder().decode(
      new Deno.Command(Deno.execPath(), { args: ["info", "--json"], stderr: "null" }).outputSync()
        .stdout,
    ),
  ) as { denoDir: string }).denoDir;
  return { DENO_DIR: denoDir };
}

/**
 * The environment of a CLI child: `extra` over NO_COLOR=1 and an empty CI / GITHUB_ACTIONS, with
 * the tests' own `DENO_DIR` when `extra` moves `XDG_CACHE_HOME` or `HOME`.
 */
export function cliEnv(extra?: Record<string, string>): Record<string, string> {
  return { NO_COLOR: "1", CI: "", GITHUB_ACTIONS: "", ...keptDenoDir(extra), ...extra };
}

/** The full argv (`deno run ... cli.ts ...args`) that runs the real CLI from source. */
export function mcptestArgv(args: readonly string[], permissions = CLI_PERMISSIONS): string[] {
  return [Deno.execPath(), "run", "--no-prompt", ...permissions, `${ROOT}cli.ts`, ...args];
}

/** Start `mcptest ...args` (the real cli.ts) as a child with piped-off stdio; the caller awaits it. */
export function spawnMcptest(
  args: readonly string[],
  options: CliOptions & { stdout?: "piped" | "null"; stderr?: "piped" | "null" } = {},
): Deno.ChildProcess {
  const [cmd, ...rest] = mcptestArgv(args, options.permissions);
  return new Deno.Command(cmd!, {
    args: rest,
    cwd: options.cwd ?? ROOT,
    env: cliEnv(options.env),
    stdin: "null",
    stdout: options.stdout ?? "null",
    stderr: options.stderr ?? "null",
  }).spawn();
}

/** Run `mcptest ...args` from source (cli.ts) in `cwd` (default: the repository root). */
export async function mcptest(
  args: readonly string[],
  options: CliOptions = {},
): Promise<CliRun> {
  const output = await spawnMcptest(args, { ...options, stdout: "piped", stderr: "piped" })
    .output();
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: output.code, stdout: decode(output.stdout), stderr: decode(output.stderr) };
}

/** argv of the example items server (stdio unless flags say otherwise). */
export function itemsServerArgv(...flags: string[]): string[] {
  return [
    Deno.execPath(),
    "run",
    "--allow-net=127.0.0.1",
    "--allow-env",
    "--allow-read",
    `${ROOT}examples/servers/items_server.ts`,
    ...flags,
  ];
}

/** A running HTTP server child. */
export interface HttpChild {
  readonly url: string;
  stop(): Promise<void>;
}

/** Start a server that prints `listening on http://127.0.0.1:<port>/...` (or `on port N`) on stderr. */
export async function startHttp(
  argv: readonly string[],
  env: Record<string, string> = {},
  path = "/mcp",
): Promise<HttpChild> {
  const { port, stop } = await spawnUntilPort(
    argv,
    env,
    /listening on (?:http:\/\/127\.0\.0\.1:|port )(\d+)/i,
    60_000,
    "server exited before listening",
  );
  return { url: `http://127.0.0.1:${port}${path}`, stop };
}

/** Write `files` into a fresh temp dir; returns its path. */
export async function tempProject(files: Record<string, string>): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-e2e-" });
  for (const [name, text] of Object.entries(files)) {
    const path = `${dir}/${name}`;
    await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
    await Deno.writeTextFile(path, text);
  }
  return dir;
}

/** YAML for a stdio server entry running the example items server. */
export function itemsServerYaml(name = "items", ...flags: string[]): string {
  return `  ${name}:\n    command: ${JSON.stringify(itemsServerArgv(...flags))}\n`;
}

/** A suite of one echo test per name against the items server; the `failing` ones expect "nope". */
export function echoSuiteYaml(names: readonly string[], failing: readonly string[] = []): string {
  return `servers:\n${itemsServerYaml()}tools:\n` + names.map((name) =>
    `  - name: ${name}
    server: items
    tool: echo
    args: { text: ${name} }
    expect:
      - target: result.content[0].text
        matcher: { icontains: ${failing.includes(name) ? "nope" : name} }
`
  ).join("");
}

/** The names of the tests a pretty report shows as PASS or FAIL, sorted. */
export function ranTests(stdout: string): string[] {
  return [...stdout.matchAll(/(?:PASS|FAIL) {2}(\S+)/g)].map((m) => m[1] ?? "").sort();
}
