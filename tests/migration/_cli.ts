/** @module Test helpers: run the lint/migrate entry (or the full CLI) as a real process in a folder. */

import { fileURLToPath } from "node:url";

/** Absolute path of a file under tests/fixtures/migration/. */
const fixture = (name: string) =>
  fileURLToPath(new URL(`../fixtures/migration/${name}`, import.meta.url));

/** Absolute path of a file of the repository. */
export const repoFile = (name: string) => fileURLToPath(new URL(`../../${name}`, import.meta.url));

/** The result of one CLI run. */
export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

const PERMISSIONS = [
  "--allow-read",
  "--allow-write",
  "--allow-env",
  "--allow-run",
  "--allow-net=127.0.0.1",
  "--allow-sys",
];

/** Run `mcptest lint|migrate ...args` (the test entry) with `cwd` as working directory. */
export function runEntry(args: string[], cwd: string): Promise<CliRun> {
  return spawn([fixture("cli_entry.ts"), ...args], cwd);
}

/** Run the full `mcptest` CLI (cli.ts) with `cwd` as working directory. */
export function runMcptest(args: string[], cwd: string): Promise<CliRun> {
  return spawn([repoFile("cli.ts"), ...args], cwd);
}

async function spawn(args: string[], cwd: string): Promise<CliRun> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-prompt", ...PERMISSIONS, ...args],
    cwd,
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: output.code, stdout: decode(output.stdout), stderr: decode(output.stderr) };
}

/** A fresh temp folder holding `files` (name -> text); removed by the returned `cleanup`. */
export async function tempTree(
  files: Record<string, string>,
): Promise<{ dir: string; cleanup(): Promise<void> }> {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-migration-" });
  for (const [name, text] of Object.entries(files)) {
    const path = `${dir}/${name}`;
    await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
    await Deno.writeTextFile(path, text);
  }
  return { dir, cleanup: () => Deno.remove(dir, { recursive: true }) };
}
