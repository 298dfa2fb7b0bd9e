/**
 * docs/cli.md's "Every command, every condition" table against the CLI: each command's `--help`
 * names exactly the codes of its row, and a server that cannot be reached exits with the code of
 * the "server unreachable" column.
 */

import assert from "node:assert/strict";
import { mcptest, ROOT } from "../../_helpers/cli.ts";

interface Row {
  readonly command: string;
  readonly cells: Record<string, string>;
}

/** The rows of the table under `### Every command, every condition`. */
async function tableRows(): Promise<Row[]> {
  const text = await Deno.readTextFile(`${ROOT}docs/cli.md`);
  const start = text.indexOf("### Every command, every condition");
  assert.ok(start >= 0, "docs/cli.md has the exit-code table");
  const after = text.slice(start).split("\n");
  const first = after.findIndex((l) => l.startsWith("|"));
  const end = after.findIndex((l, i) => i > first && !l.startsWith("|"));
  const lines = after.slice(first, end < 0 ? undefined : end);
  const split = (line: string) => line.split("|").slice(1, -1).map((c) => c.trim());
  const header = split(lines[0]!);
  return lines.slice(2).map((line) => {
    const cells = split(line);
    return {
      command: cells[0]!.replaceAll("`", ""),
      cells: Object.fromEntries(header.map((h, i) => [h, cells[i]!])),
    };
  });
}

/** The codes a `--help` text names after `Exit codes:` (to the end of that paragraph). */
export function helpCodes(help: string): Set<string> {
  const at = help.indexOf("Exit codes:");
  if (at < 0) return new Set();
  const end = help.indexOf("\n\n", at);
  const paragraph = help.slice(at, end < 0 ? undefined : end);
  return new Set(
    [...paragraph.matchAll(/(?:Exit codes:|,|\n)\s*(\d)\s+(?=[A-Za-z-])/g)].map((m) => m[1]!),
  );
}

Deno.test("helpCodes() reads the codes of an Exit codes paragraph, not digits elsewhere", () => {
  const help = "exit 5 in an option\n\nExit codes: 0 done, 1 CLI error (a 403 rate limit),\n" +
    "3 network failure.\n\nExamples:\n  mcptest x 2 y";
  assert.deepEqual([...helpCodes(help)].sort(), ["0", "1", "3"]);
  assert.deepEqual([...helpCodes("no codes")], []);
});

Deno.test("every command's --help names exactly the exit codes of its row in docs/cli.md", async () => {
  const rows = await tableRows();
  assert.ok(rows.length >= 20, `${rows.length} rows`);
  const problems: string[] = [];
  for (const row of rows) {
    const documented = new Set(
      Object.entries(row.cells).filter(([h, v]) => h !== "command" && v !== "-").map(([, v]) => v),
    );
    const out = await mcptest([...row.command.split(" "), "--help"]);
    assert.equal(out.code, 0, out.stderr);
    const helped = helpCodes(out.stdout);
    const show = (s: Set<string>) => [...s].sort().join(",");
    if (show(helped) !== show(documented)) {
      problems.push(
        `${row.command}: --help says ${show(helped)}, docs/cli.md says ${show(documented)}`,
      );
    }
  }
  assert.deepEqual(problems, []);
});

/** A port on 127.0.0.1 nothing listens on (bound, then closed: connecting is refused at once). */
function closedPort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

Deno.test("an unreachable server exits with the code of the table's 'server unreachable' column", async () => {
  const rows = new Map((await tableRows()).map((r) => [r.command, r.cells["server unreachable"]]));
  const url = `http://127.0.0.1:${closedPort()}/mcp`;
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(
      `${dir}/s.yml`,
      `server:\n  url: ${url}\ntools:\n  - name: t\n    tool: echo\n`,
    );
    const cases: [string, string[]][] = [
      ["run", ["run", "s.yml"]],
      ["doctor", ["doctor", "--url", url]],
      ["compliance run", ["compliance", "run", "--server", url]],
      ["conformance run", ["conformance", "run", "--server", url]],
      ["diff", ["diff", url, url]],
      ["init", ["init", "--server", url, "--dir", dir]],
    ];
    for (const [command, args] of cases) {
      const out = await mcptest(args, { cwd: dir });
      assert.equal(String(out.code), rows.get(command), `${command}: ${out.stderr}`);
      assert.match(out.stderr + out.stdout, /error:|FAIL|fail/i, command);
      assert.doesNotMatch(out.stderr, /internal error/, command);
      assert.doesNotMatch(out.stderr, /^Error:|\n\s+at /m, `${command}: no stack, error: prefix`);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
