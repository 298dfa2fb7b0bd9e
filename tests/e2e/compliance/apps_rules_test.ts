/** @module The APPS rules against real MCP Apps servers (official SDK, stdio): all pass on the conformant app, each fails on its own fault, and `compliance run` shows them. */

import assert from "node:assert/strict";
import type { ServerSpec } from "../../../src/3_load/config/types.ts";
import { runCompliance } from "../../../src/5_execute/compliance/run_compliance.ts";
import { connect } from "../../../src/2_connect/session/connect.ts";
import { APPS_FAULTS } from "../../fixtures/compliance/apps/_app_server.ts";
import { mcptest } from "../../_helpers/cli.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };
const dir = new URL("../../fixtures/compliance/apps/", import.meta.url).pathname;
const GOOD = `${dir}good_server.ts`;
const BAD = `${dir}bad_server.ts`;
const IDS = [...APPS_FAULTS];

function argv(file: string, breaks?: readonly string[]): string[] {
  const tail = breaks === undefined ? [] : ["--break", breaks.join(",")];
  return [Deno.execPath(), "run", "--allow-env", "--allow-read", file, ...tail];
}

function spec(command: string[]): ServerSpec {
  return {
    key: "apps",
    name: "apps",
    target: { kind: "stdio", command, env: {} },
    parallel: false,
    // Only bounds a hang: the servers answer every request.
    timeoutMs: 30_000,
    source: "cli flag",
  };
}

async function statuses(command: string[], version: string): Promise<Record<string, string>> {
  const run = await runCompliance({ server: spec(command), version, only: IDS, connect });
  assert.equal(run.results.length, IDS.length, JSON.stringify(run));
  return Object.fromEntries(run.results.map((r) => [r.id.split("::")[2]!, r.status]));
}

const every = (status: string) => Object.fromEntries(IDS.map((id) => [id, status]));

Deno.test(
  "APPS rules: the conformant SDK app passes every rule (2025-06-18 and 2025-11-25)",
  opts,
  async () => {
    for (const version of ["v2025-06-18", "v2025-11-25"]) {
      assert.deepEqual(await statuses(argv(GOOD), version), every("pass"), version);
    }
  },
);

Deno.test(
  "APPS rules: the broken SDK app fails every rule; each fault alone fails only its rule",
  opts,
  async (t) => {
    assert.deepEqual(await statuses(argv(BAD), "v2025-11-25"), every("fail"));
    for (const id of IDS) {
      await t.step(id, async () => {
        const got = await statuses(argv(BAD, [id]), "v2025-11-25");
        assert.deepEqual(got, { ...every("pass"), [id]: "fail" });
      });
    }
  },
);

Deno.test(
  "mcptest compliance run shows the APPS verdicts, with the tool that broke each (exit 1)",
  opts,
  async () => {
    const server = argv(BAD, ["APPS-003", "APPS-006"]).join(" ");
    const run = await mcptest([
      "compliance",
      "run",
      "--server",
      server,
      "--spec-version",
      "v2025-11-25",
    ]);
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.match(run.stdout, /FAIL {2}APPS-003 a UI resource's content has the MIME type/);
    assert.match(run.stdout, /\/broken_apps_003\/content\/mimeType must be equal to constant/);
    assert.match(
      run.stdout,
      /\/broken_apps_006\/content\/_meta\/ui\/csp\/connectDomains\/0 must match/,
    );
    assert.match(run.stdout, /PASS {2}APPS-001 /);
    const failed = run.stdout.match(/FAIL {2}APPS-\d+/g) ?? [];
    assert.deepEqual(failed, ["FAIL  APPS-003", "FAIL  APPS-006"]);
  },
);

Deno.test(
  "examples/mcp-apps.yml: the APPS rules and the HTML assertions pass on the conformant app",
  opts,
  async () => {
    const run = await mcptest(["run", "examples/mcp-apps.yml"]);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /PASS {2}the dashboard app serves its HTML/);
    assert.match(run.stdout, /PASS {2}APPS-009 /);
    assert.match(run.stdout, /11 passed, 0 failed/);
  },
);

Deno.test(
  "APPS rules: a server that shows its app only to a host declaring the UI extension is judged (the probe declares it)",
  opts,
  async () => {
    assert.deepEqual(
      await statuses([...argv(GOOD), "--host-gated"], "v2025-11-25"),
      every("pass"),
    );
  },
);
