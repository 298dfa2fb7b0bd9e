/** Where a failed compliance rule points in pretty output: its entry's line in a suite, the rule itself with --server. */

import assert from "node:assert/strict";
import { mcptest } from "../../_helpers/cli.ts";
import { faultyArgv } from "./_servers.ts";

const commandLine = (argv: string[]) => argv.map((a) => `'${a}'`).join(" ");

Deno.test("a failed rule of a compliance: block points at its entry, as JUnit does", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const command = JSON.stringify(faultyArgv(["SEQ-001"]));
    await Deno.writeTextFile(
      `${dir}/suite.yml`,
      `server:\n  command: ${command}\n\ncompliance:\n  spec_version: v2025-06-18\n  tests:\n    - name: PROTO-002\n    - name: SEQ-001\n`,
    );
    const pretty = await mcptest(["compliance", "run", "--from-suite", "suite.yml"], { cwd: dir });
    assert.equal(pretty.code, 1, pretty.stderr);
    assert.match(pretty.stdout, /FAIL {2}SEQ-001[^\n]*\n[^\n]*\n\s+at suite\.yml:8:7\n/);
    const junit = await mcptest(
      ["compliance", "run", "--from-suite", "suite.yml", "--reporter", "junit"],
      { cwd: dir },
    );
    assert.match(junit.stdout, /<testcase name="SEQ-001[^"]*"[^>]* line="8">/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("compliance run --server names the failed rule, never a made-up file position", async () => {
  const out = await mcptest([
    "compliance",
    "run",
    "--server",
    commandLine(faultyArgv(["SEQ-001"])),
    "--target-version",
    "v2025-06-18",
  ]);
  assert.equal(out.code, 1, out.stderr);
  assert.match(out.stdout, /^\s+at rule SEQ-001 of the v2025-06-18 corpus$/m);
  assert.doesNotMatch(out.stdout, /at compliance\/v2025-06-18:\d+:\d+/);
});
