/** @module `--help` of mcptest and of every command and group, snapshotted from the real CLI. */

import assert from "node:assert/strict";
import { mcptest } from "../../_helpers/cli.ts";

/** Every command path the CLI must document; discovery below must find exactly these. */
const EXPECTED = [
  "",
  "init",
  "run",
  "list",
  "report",
  "compliance",
  "compliance run",
  "compliance baseline",
  "compliance diff",
  "compliance invariants",
  "conformance",
  "conformance run",
  "conformance refresh",
  "conformance check-ids",
  "doctor",
  "auth",
  "auth login",
  "auth logout",
  "lint",
  "migrate",
  "serve",
  "diff",
  "scan",
  "fuzz",
];

/** The subcommand names listed under `Commands:` in a help text (commander's own `help` left out). */
function subcommandsOf(help: string): string[] {
  const start = help.indexOf("\nCommands:\n");
  if (start === -1) return [];
  const names: string[] = [];
  for (const line of help.slice(start + "\nCommands:\n".length).split("\n")) {
    if (line === "" || !line.startsWith(" ")) break;
    const name = /^ {2}(\S+)/.exec(line)?.[1];
    if (name !== undefined && name !== "help") names.push(name);
  }
  return names;
}

/** Walk the command tree from `mcptest --help` down; returns each command path with its help. */
async function helpTree(): Promise<Map<string, string>> {
  const tree = new Map<string, string>();
  let level = [""];
  while (level.length > 0) {
    const runs = await Promise.all(
      level.map((path) => mcptest([...path.split(" ").filter((p) => p !== ""), "--help"])),
    );
    const next: string[] = [];
    level.forEach((path, i) => {
      const run = runs[i]!;
      assert.equal(run.code, 0, `mcptest ${path} --help: ${run.stderr}`);
      assert.equal(run.stderr, "", `mcptest ${path} --help wrote to stderr`);
      tree.set(path, run.stdout);
      for (const sub of subcommandsOf(run.stdout)) next.push(path === "" ? sub : `${path} ${sub}`);
    });
    level = next;
  }
  return tree;
}

Deno.test("subcommandsOf() reads the Commands: section and skips help", () => {
  const help = [
    "Usage: x [options] [command]",
    "",
    "Commands:",
    "  run [options]        Run a thing that has a",
    "                       long description",
    "  check-ids            List ids",
    "  help [command]       display help for command",
    "",
  ].join("\n");
  assert.deepEqual(subcommandsOf(help), ["run", "check-ids"]);
  assert.deepEqual(subcommandsOf("Usage: x [options]\n\nOptions:\n  -h, --help  help\n"), []);
});

Deno.test("mcptest --help and every command's --help match the snapshots", async (t) => {
  const tree = await helpTree();
  assert.deepEqual([...tree.keys()].sort(), [...EXPECTED].sort(), "the command tree changed");
  for (const path of EXPECTED) {
    const name = path === "" ? "mcptest --help" : `mcptest ${path} --help`;
    await t.step(name, async (s) => {
      await s.assertSnapshot(tree.get(path));
    });
  }
});
