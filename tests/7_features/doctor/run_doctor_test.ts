/** @module runDoctor() without a server to start: what it refuses before any layer is walked, and the format registry. */

import assert from "node:assert/strict";
import { runDoctor } from "../../../src/7_features/doctor/run_doctor.ts";
import { DOCTOR_FORMATS, doctorFormat } from "../../../src/7_features/doctor/formats.ts";
import { ConfigError, UsageError } from "../../../src/0_base/errors/errors.ts";

async function inEmptyDir(body: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-doctor-unit-" });
  try {
    await body(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("runDoctor() refuses bad input before it checks a server", async (t) => {
  await inEmptyDir(async (dir) => {
    const load = { paths: [], cwd: dir, env: {} };
    await t.step("an unsupported --target-version", async () => {
      await assert.rejects(
        () => runDoctor({ load, targetVersion: "2025-11-25" }),
        (e: unknown) =>
          e instanceof UsageError &&
          e.message ===
            'unsupported --target-version "2025-11-25": the only migration target is 2026-07-28',
      );
    });
    await t.step("no server: not --url, not --command, none in the suite", async () => {
      await assert.rejects(
        () => runDoctor({ load }),
        (e: unknown) =>
          e instanceof UsageError &&
          e.message === "no servers to check: give --url, --command, or a suite with servers:",
      );
    });
    await t.step("a --server without a name", async () => {
      await assert.rejects(
        () => runDoctor({ load: { ...load, serverOverrides: ["/nonexistent/server"] } }),
        (e: unknown) =>
          e instanceof ConfigError && e.exitCode === 2 &&
          /missing "="; expected name=command\.\.\. or name=url$/.test(e.message),
      );
    });
    await t.step("an unterminated quote in --command", async () => {
      await assert.rejects(
        () => runDoctor({ load, command: `node "s.js` }),
        /unterminated double quote/,
      );
    });
  });
});

Deno.test("DOCTOR_FORMATS: pretty streams each server, json prints the report at the end", async (t) => {
  const result = {
    name: "items",
    target: "node s.js",
    source: "cli flag" as const,
    layers: [{ layer: "spawn" as const, status: "fail" as const, detail: "gone", fix: "fix it" }],
  };
  const report = { ok: false, servers: [result] };
  await t.step("pretty", async () => {
    const render = await DOCTOR_FORMATS.pretty();
    assert.match(render.server!(result, false), /^items {2}node s\.js {2}\(from cli flag\)\n/);
    assert.equal(render.end(report, false), "doctor: a layer or migration row failed (see above)");
  });
  await t.step("json", async () => {
    const render = await DOCTOR_FORMATS.json();
    assert.equal(render.server, undefined);
    assert.deepEqual(JSON.parse(render.end(report, false)), report);
  });
  await t.step("an unknown name", () => {
    assert.throws(
      () => doctorFormat("xml"),
      (e: unknown) =>
        e instanceof UsageError && e.exitCode === 2 &&
        e.message === 'unknown --format "xml"; expected one of: pretty, json',
    );
    assert.throws(() => doctorFormat("constructor"), UsageError);
  });
});
