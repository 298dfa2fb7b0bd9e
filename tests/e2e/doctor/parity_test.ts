/** @module `mcptest doctor --format json` and runDoctor() give the same report: the servers it resolves (--command, --server, the suite) and every layer's verdict. */

import assert from "node:assert/strict";
import { itemsServerArgv, itemsServerYaml, mcptest, tempProject } from "../../_helpers/cli.ts";
import { runDoctor } from "../../../src/7_features/doctor/run_doctor.ts";
import { DOCTOR_FORMATS } from "../../../src/7_features/doctor/formats.ts";
import type { DoctorResult } from "../../../src/7_features/doctor/diagnose_server.ts";

const ITEMS = itemsServerArgv().map((a) => `'${a}'`).join(" ");
/** Only bounds a hang: no verdict here waits for it. */
const TIMEOUT = 120_000;

/** A response time and a process id differ between two runs; everything else must be identical. */
const normalise = (text: string) =>
  text.replace(/answered in \d+ ms/g, "answered in N ms").replace(/\(pid \d+\)/g, "(pid N)");

Deno.test("runDoctor() gives the report `mcptest doctor --format json` prints", async (t) => {
  const suite = `servers:\n${
    itemsServerYaml("items")
  }  gone:\n    command: ["/nonexistent/server"]\n`;
  const dir = await tempProject({ "mcptest.yml": suite });
  try {
    const cases: Array<[string, string[], { command?: string; server?: string[] }]> = [
      ["the suite's servers (one fails)", [], {}],
      ["--command", ["--command", ITEMS], { command: ITEMS }],
      ["--server over a declared name, plus an undeclared one", [
        "--server",
        `gone=${ITEMS}`,
        "--server",
        `extra=${ITEMS}`,
      ], { server: [`gone=${ITEMS}`, `extra=${ITEMS}`] }],
    ];
    for (const [label, args, flags] of cases) {
      await t.step(label, async () => {
        const run = await mcptest(
          ["doctor", ...args, "--format", "json", "--timeout", String(TIMEOUT)],
          { cwd: dir },
        );
        const streamed: DoctorResult[] = [];
        const report = await runDoctor({
          load: { paths: [], cwd: dir, serverOverrides: flags.server ?? [] },
          ...(flags.command ? { command: flags.command } : {}),
          timeoutMs: TIMEOUT,
          onServer: (result) => void streamed.push(result),
        });
        const render = await DOCTOR_FORMATS.json();
        assert.equal(normalise(render.end(report, false) + "\n"), normalise(run.stdout));
        assert.equal(run.code, report.ok ? 0 : 1, run.stderr);
        assert.deepEqual(streamed, report.servers, "each result streamed, in order");
      });
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
