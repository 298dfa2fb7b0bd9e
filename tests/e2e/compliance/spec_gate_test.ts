import assert from "node:assert/strict";
import { mcptest, tempProject } from "../../_helpers/cli.ts";
import { FAULTY_SERVER } from "./_servers.ts";

const server = JSON.stringify([
  Deno.execPath(),
  "run",
  "--allow-net=127.0.0.1",
  "--allow-env",
  FAULTY_SERVER,
]);

async function gate(block: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const dir = await tempProject({
    "suite.yml": `server:\n  command: ${server}\ncompliance:\n${block}`,
  });
  try {
    return await mcptest(["compliance", "run", "--from-suite", "suite.yml"], { cwd: dir });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("spec_version_check: default expectations pass a clean upgrade and fail a breaking one", async () => {
  const clean = await gate(
    "  spec_version: v2026-07-28\n  spec_version_check:\n    against: draft\n  tests:\n    - name: PROTO-002\n",
  );
  assert.equal(clean.code, 0, clean.stdout + clean.stderr);
  assert.match(clean.stdout, /PASS {2}spec_version_check v2026-07-28 -> draft/);
  const breaking = await gate(
    "  spec_version: v2024-11-05\n  spec_version_check:\n    against: v2025-06-18\n  tests:\n    - name: PROTO-002\n",
  );
  assert.equal(breaking.code, 1);
  assert.match(breaking.stdout, /FAIL {2}spec_version_check v2024-11-05 -> v2025-06-18/);
  assert.match(breaking.stdout, /PROTO-002/);
});

Deno.test("spec_version_check: an explicit expect: can accept the known breakage", async () => {
  const run = await gate(
    "  spec_version: v2024-11-05\n  spec_version_check:\n    against: v2025-06-18\n    expect:\n      - target: spec_breaking_changes\n        matcher: { contains: [PROTO-002] }\n      - target: spec_added_rules\n        matcher: { contains: [ELICIT-001] }\n  tests:\n    - name: PROTO-002\n",
  );
  assert.equal(run.code, 0, run.stdout + run.stderr);
});

Deno.test("spec_version_check: bootstrap cases pass with a note; a block without a pin is an error", async () => {
  for (
    const block of [
      "  spec_version: v2025-06-18\n  spec_version_check: {}\n  tests:\n    - name: PROTO-002\n",
      "  spec_version: v2025-06-18\n  spec_version_check:\n    against: v2099-01-01\n  tests:\n    - name: PROTO-002\n",
    ]
  ) {
    const run = await gate(block);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /PASS {2}spec_version_check/);
  }
  const json = await (async () => {
    const dir = await tempProject({
      "suite.yml":
        `server:\n  command: ${server}\ncompliance:\n  spec_version: v2025-06-18\n  spec_version_check: {}\n  tests:\n    - name: PROTO-002\n`,
    });
    try {
      await mcptest([
        "compliance",
        "run",
        "--from-suite",
        "suite.yml",
        "--reporter",
        "json",
        "--output",
        "r.json",
      ], { cwd: dir });
      return JSON.parse(await Deno.readTextFile(`${dir}/r.json`));
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  })();
  const gateResult = json.tests.find((t: { kind: string }) => t.kind === "gate");
  assert.match(gateResult.assertions[0].message, /no against: revision/);
  const unpinned = await gate(
    "  spec_version_check:\n    against: draft\n  tests:\n    - name: PROTO-002\n",
  );
  assert.equal(unpinned.code, 2);
  assert.match(
    unpinned.stderr,
    /suite\.yml:\d+:\d+: spec_version_check: needs compliance\.spec_version/,
  );
  const badTarget = await gate(
    "  spec_version: v2025-06-18\n  spec_version_check:\n    against: draft\n    expect:\n      - target: spec_cleanliness\n        matcher: { exact: true }\n  tests:\n    - name: PROTO-002\n",
  );
  assert.equal(badTarget.code, 2);
  assert.match(badTarget.stderr, /unknown spec_version_check target "spec_cleanliness"/);
});

Deno.test("spec_version_check: a malformed against: is an error, not a bootstrap", async () => {
  const run = await gate(
    "  spec_version: v2025-06-18\n  spec_version_check:\n    against: v2025-6-18\n  tests:\n    - name: PROTO-002\n",
  );
  assert.equal(run.code, 2);
  assert.match(run.stderr, /against: "v2025-6-18" is not a revision name/);
});
