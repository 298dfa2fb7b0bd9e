/** @module diffSurfaces() on files (no live side): the result, what it refuses, and the format registry. */

import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { diffExitCode, diffSurfaces } from "../../../src/7_features/surface_diff/diff_surfaces.ts";
import { DIFF_FORMATS, diffFormat } from "../../../src/7_features/surface_diff/formats.ts";
import { UsageError } from "../../../src/0_base/errors/errors.ts";

const example = (name: string) =>
  fileURLToPath(new URL(`../../../examples/diff/${name}`, import.meta.url));

Deno.test("diffSurfaces() compares two captures; every format renders the result", async (t) => {
  const result = await diffSurfaces(example("v1.capture.json"), example("v2.capture.json"));
  assert.equal(result.changes.filter((c) => c.breaking).length, 7);
  assert.equal(diffExitCode(result), 1);
  await t.step("json", async () => {
    const parsed = JSON.parse((await DIFF_FORMATS.json())(result, { color: false }));
    assert.equal(parsed.breaking, 7);
  });
  await t.step("pretty and markdown", async () => {
    assert.match(
      (await DIFF_FORMATS.pretty())(result, { color: false }),
      /7 breaking, 5 non-breaking/,
    );
    assert.match(
      (await DIFF_FORMATS.markdown())(result, { color: false }),
      /^## Tool-surface diff/,
    );
  });
  await t.step("an unknown format", () => {
    assert.throws(
      () => diffFormat("xml"),
      (e: unknown) =>
        e instanceof UsageError &&
        e.message === 'unknown --format "xml"; expected one of: pretty, json, markdown',
    );
  });
});

Deno.test("diffSurfaces() refuses a comparison with nothing listed on either side", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-diff-unit-" });
  try {
    const empty = `${dir}/empty.json`;
    await Deno.writeTextFile(empty, JSON.stringify({ server_label: "x", exchanges: [] }));
    await assert.rejects(() => diffSurfaces(empty, empty), /^UsageError: nothing to compare: /);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("diffSurfaces() refuses a program given where a cassette or capture is expected", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-diff-program-" });
  const capture = example("v1.capture.json");
  const programMessage = /^UsageError: .* is a program, not a cassette or capture file \(JSON\)/;
  try {
    await t.step("a script", async () => {
      await Deno.writeTextFile(`${dir}/server.ts`, "console.log('hi');\n");
      await assert.rejects(() => diffSurfaces(`${dir}/server.ts`, capture), programMessage);
      await assert.rejects(
        () => diffSurfaces(capture, `${dir}/server.ts`),
        /give the command line that starts it \(e\.g\. "deno run -A .*server\.ts"\), or its URL/,
      );
    });
    await t.step("an executable with a shebang, and one without an extension", async () => {
      await Deno.writeTextFile(`${dir}/srv`, "#!/bin/sh\nexec true\n", { mode: 0o755 });
      await Deno.chmod(`${dir}/srv`, 0o755);
      await assert.rejects(() => diffSurfaces(`${dir}/srv`, capture), /\(e\.g\. "env .*srv"\)/);
      await Deno.writeTextFile(`${dir}/blob`, "\u007fELF\u0002\u0001\u0000\u0000junk");
      await assert.rejects(() => diffSurfaces(`${dir}/blob`, capture), programMessage);
    });
    await t.step("a capture file with the executable bit is still a capture", async () => {
      await Deno.copyFile(capture, `${dir}/v1.json`);
      await Deno.chmod(`${dir}/v1.json`, 0o755);
      const result = await diffSurfaces(`${dir}/v1.json`, capture);
      assert.equal(result.changes.length, 0);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a diff that skipped some kinds never just says no changes", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-diff-skipped-" });
  try {
    const path = `${dir}/tools_only.json`;
    await Deno.writeTextFile(
      path,
      JSON.stringify({
        server_label: "x",
        server_capabilities: { tools: {}, resources: {}, prompts: {} },
        exchanges: [{
          request: { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} },
          response: { jsonrpc: "2.0", id: 1, result: { tools: [{ name: "a", inputSchema: {} }] } },
        }],
      }),
    );
    const result = await diffSurfaces(path, path);
    assert.equal(result.skipped.length, 3);
    assert.equal(diffExitCode(result), 0);
    const pretty = (await DIFF_FORMATS.pretty())(result, { color: false });
    assert.match(pretty, /\nno changes in the 1 of 4 kinds compared \(3 skipped\)\n$/);
    assert.doesNotMatch(pretty, /\nno changes\n/);
    const markdown = (await DIFF_FORMATS.markdown())(result, { color: false });
    assert.match(markdown, /No changes in the 1 of 4 kinds compared \(3 skipped\)\./);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
