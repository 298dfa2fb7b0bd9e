/** @module `mcptest scan` on the four official reference servers (npm, stdio): no high-severity finding. */

import assert from "node:assert/strict";
import { mcptest } from "../../_helpers/cli.ts";
import type { ScanReport } from "../../../src/7_features/scan/types.ts";

const VERSION = "2026.8.31";
const npm = (name: string, ...args: string[]) =>
  `deno run -A npm:@modelcontextprotocol/server-${name}@${VERSION} ${args.join(" ")}`.trim();

Deno.test("mcptest scan: everything, memory, filesystem and sequential-thinking give no high finding", async () => {
  const root = await Deno.makeTempDir({ prefix: "mcptest-scan-fs-" });
  const memory = await Deno.makeTempDir({ prefix: "mcptest-scan-memory-" });
  try {
    const run = await mcptest([
      "scan",
      "--server",
      `everything=${npm("everything", "stdio")}`,
      "--server",
      `memory=${npm("memory")}`,
      "--server",
      `filesystem=${npm("filesystem", root)}`,
      "--server",
      `thinking=${npm("sequential-thinking")}`,
      "--format",
      "json",
      "--no-lock",
      "--timeout",
      "120000",
    ], { cwd: memory });
    const report = JSON.parse(run.stdout) as ScanReport;
    assert.deepEqual(
      report.servers.map((s) => [s.name, s.status]),
      [["everything", "scanned"], ["memory", "scanned"], ["filesystem", "scanned"], [
        "thinking",
        "scanned",
      ]],
      run.stderr,
    );
    assert.ok(report.servers[0]!.counts.tool > 5);
    assert.deepEqual(report.findings.filter((f) => f.severity === "high"), []);
    assert.equal(run.code, 0, run.stdout);
  } finally {
    await Deno.remove(root, { recursive: true });
    await Deno.remove(memory, { recursive: true });
  }
});
