import assert from "node:assert/strict";
import { mcptest, tempProject } from "../../_helpers/cli.ts";
import { faultyArgv } from "./_servers.ts";

const faulty = (...breaks: string[]) => faultyArgv(breaks);
const commandLine = (argv: string[]) => argv.map((a) => `'${a}'`).join(" ");

Deno.test("mcptest run runs a suite's compliance: block (object form, top-level server:) with the other tests", async () => {
  const dir = await tempProject({
    "suite.yml": `server:
  command: ${JSON.stringify(faulty("RES-005"))}
compliance:
  spec_version: v2025-06-18
  tests:
    - name: PROTO-002
    - name: RES-005
    - name: TOOL-001
      skip: not today
`,
  });
  try {
    const run = await mcptest(["run", "suite.yml", "--reporter", "json", "--output", "run.json"], {
      cwd: dir,
    });
    assert.equal(run.code, 1, run.stderr);
    const record = JSON.parse(await Deno.readTextFile(`${dir}/run.json`));
    const status = Object.fromEntries(
      record.tests.map((t: { name: string; status: string }) => [t.name.split(" ")[0], t.status]),
    );
    assert.deepEqual(status, { "PROTO-002": "pass", "RES-005": "fail", "TOOL-001": "skip" });
    assert.equal(record.tests[1].line, 7, "results point at their YAML entry");
    assert.equal(record.tests[0].kind, "compliance");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("compliance: blocks reject unknown rules, servers, keys and spec_version typos at load (exit 2)", async (t) => {
  const cases: [string, string, RegExp][] = [
    [
      "grade_delta without a pin",
      "compliance:\n  grade_delta:\n    baseline: grade.json\n  tests:\n    - name: PROTO-002\n",
      /suite\.yml:5:3: grade_delta: needs compliance\.spec_version/,
    ],
    [
      "grade_delta with max_drop and expect",
      "compliance:\n  spec_version: v2025-06-18\n  grade_delta:\n    baseline: grade.json\n    max_drop: 1\n    expect:\n      - target: grade_delta\n        matcher: { exact: 0 }\n  tests:\n    - name: PROTO-002\n",
      /suite\.yml:9:5: grade_delta: give either max_drop .* or expect .*, not both/,
    ],
    [
      "typo",
      "compliance:\n  spec_version: v2025-6-18\n  tests:\n    - name: PROTO-002\n",
      /suite\.yml:\d+:\d+: unknown compliance spec_version: "v2025-6-18"/,
    ],
    [
      "rule",
      "compliance:\n  - name: NOPE-001\n",
      /suite\.yml:\d+:\d+: unknown compliance rule "NOPE-001"/,
    ],
    [
      "server",
      "compliance:\n  - name: PROTO-002\n    server: nope\n",
      /suite\.yml:\d+:\d+: unknown server "nope"/,
    ],
    [
      "key",
      "compliance:\n  - name: PROTO-002\n    severity: high\n",
      /suite\.yml:\d+:\d+: unknown key "severity"/,
    ],
  ];
  for (const [name, block, pattern] of cases) {
    await t.step(name, async () => {
      const dir = await tempProject({
        "suite.yml": `servers:\n  s:\n    command: ${JSON.stringify(faulty())}\n${block}`,
      });
      try {
        const run = await mcptest(["run", "suite.yml"], { cwd: dir });
        assert.equal(run.code, 2, run.stdout + run.stderr);
        assert.match(run.stderr, pattern);
      } finally {
        await Deno.remove(dir, { recursive: true });
      }
    });
  }
});

Deno.test("compliance run --server --spec-version runs every rule of the version; bad arguments exit 2", async () => {
  const ok = await mcptest([
    "compliance",
    "run",
    "--server",
    commandLine(faulty()),
    "--spec-version",
    "v2025-06-18",
  ]);
  assert.equal(ok.code, 0, ok.stdout + ok.stderr);
  assert.match(ok.stdout, /PASS {2}PROTO-001 /);
  const broken = await mcptest([
    "compliance",
    "run",
    "--server",
    commandLine(faulty("SEQ-001")),
    "--spec-version",
    "v2025-06-18",
  ]);
  assert.equal(broken.code, 1);
  assert.match(broken.stdout, /FAIL {2}SEQ-001 /);
  const typo = await mcptest([
    "compliance",
    "run",
    "--server",
    commandLine(faulty()),
    "--spec-version",
    "v2025-6-18",
  ]);
  assert.equal(typo.code, 2);
  assert.match(typo.stderr, /unknown compliance spec_version: "v2025-6-18"/);
  const none = await mcptest(["compliance", "run"]);
  assert.equal(none.code, 2);
});

Deno.test("compliance baseline: known failures pass, new failures fail, stale entries fail", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const baseline = `${dir}/baseline.json`;
    const args = (
      ...breaks: string[]
    ) => ["--server", commandLine(faulty(...breaks)), "--spec-version", "v2025-06-18"];
    const wrote = await mcptest([
      "compliance",
      "baseline",
      ...args("SEQ-001", "RES-005"),
      "--output",
      baseline,
    ]);
    assert.equal(wrote.code, 0, wrote.stderr);
    const file = JSON.parse(await Deno.readTextFile(baseline));
    assert.deepEqual(file.accepted.map((id: string) => id.split("::").at(-1)).sort(), [
      "RES-005",
      "SEQ-001",
    ]);
    const known = await mcptest([
      "compliance",
      "run",
      ...args("SEQ-001", "RES-005"),
      "--baseline",
      baseline,
    ]);
    assert.equal(known.code, 0, known.stdout);
    assert.match(known.stdout, /SKIP {2}SEQ-001 .*known failure/);
    const fresh = await mcptest([
      "compliance",
      "run",
      ...args("SEQ-001", "RES-005", "PROTO-002"),
      "--baseline",
      baseline,
    ]);
    assert.equal(fresh.code, 1);
    assert.match(fresh.stdout, /FAIL {2}PROTO-002 /);
    const stale = await mcptest(["compliance", "run", ...args("SEQ-001"), "--baseline", baseline]);
    assert.equal(stale.code, 1);
    assert.match(stale.stdout, /stale baseline entry/);
    await Deno.writeTextFile(baseline, "{not json");
    const bad = await mcptest(["compliance", "run", ...args(), "--baseline", baseline]);
    assert.equal(bad.code, 2);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
