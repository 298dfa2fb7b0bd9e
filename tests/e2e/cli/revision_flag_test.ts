/** Every command judging against a revision takes --target-version, and --spec-version as its alias. */

import assert from "node:assert/strict";
import { mcptest } from "../../_helpers/cli.ts";

const COMMANDS = [
  ["compliance", "run"],
  ["compliance", "baseline"],
  ["conformance", "run"],
  ["conformance", "check-ids"],
  ["conformance", "refresh"],
  ["doctor"],
];

Deno.test("--help of each revision-taking command shows --target-version and its alias", async () => {
  for (const command of COMMANDS) {
    const out = await mcptest([...command, "--help"]);
    assert.equal(out.code, 0, out.stderr);
    assert.match(out.stdout, /--target-version <version>/, command.join(" "));
    assert.match(
      out.stdout,
      /--spec-version <version>\s+alias of --target-version/,
      command.join(" "),
    );
  }
});

Deno.test("--spec-version selects the same corpus as --target-version; both disagreeing is refused", async () => {
  const byTarget = await mcptest([
    "conformance",
    "check-ids",
    "--target-version",
    "2025-11-25",
    "--format",
    "json",
  ]);
  const byAlias = await mcptest([
    "conformance",
    "check-ids",
    "--spec-version",
    "2025-11-25",
    "--format",
    "json",
  ]);
  assert.equal(byTarget.code, 0, byTarget.stderr);
  assert.equal(byAlias.stdout, byTarget.stdout);
  const other = await mcptest([
    "conformance",
    "check-ids",
    "--target-version",
    "2025-06-18",
    "--format",
    "json",
  ]);
  assert.notEqual(other.stdout, byTarget.stdout, "the flag does select a corpus");
  const both = await mcptest([
    "conformance",
    "check-ids",
    "--spec-version",
    "2025-11-25",
    "--target-version",
    "2025-06-18",
  ]);
  assert.equal(both.code, 1, "bad arguments are 1 under conformance (seed 002)");
  assert.match(
    both.stderr,
    /^error: option '--target-version <version>' argument '2025-06-18' is invalid\. it contradicts --spec-version "2025-11-25"/,
  );
  const compliance = await mcptest([
    "compliance",
    "run",
    "--server",
    "http://127.0.0.1:1/mcp",
    "--spec-version",
    "v2025-11-25",
    "--target-version",
    "v2025-06-18",
  ]);
  assert.equal(compliance.code, 2, compliance.stderr);
});
