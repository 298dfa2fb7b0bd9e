/** @module `mcptest diff` end to end: the example captures, recorded cassettes and live servers, bad input. */

import assert from "node:assert/strict";
import {
  itemsServerArgv,
  itemsServerYaml,
  mcptest,
  startHttp,
  tempProject,
} from "../../_helpers/cli.ts";

const V1 = "examples/diff/v1.capture.json";
const V2 = "examples/diff/v2.capture.json";
const itemsCommand = () => itemsServerArgv().map((a) => JSON.stringify(a)).join(" ");

Deno.test("mcptest diff compares the example captures (docs/diff.md)", async (t) => {
  await t.step("v1 -> v2: every breaking change listed, exit 1", async () => {
    const run = await mcptest(["diff", V1, V2]);
    assert.equal(run.code, 1, run.stderr);
    for (
      const line of [
        /BREAKING {2}echo: tool removed/,
        /BREAKING {2}create_item inputSchema\.properties\.owner: new required property "owner"/,
        /BREAKING {2}get_item inputSchema\.properties\.id\.type: type narrowed: number -> integer/,
        /BREAKING {2}search_items inputSchema\.properties\.sort\.enum: enum values removed: \["relevance"\]/,
        /BREAKING {2}search_items outputSchema\.properties\.count\.type: type widened: integer -> number/,
        /BREAKING {2}items:\/\/3: resource removed/,
        /BREAKING {2}summarize_item arguments\.style: argument "style" is now required/,
        /ok {8}delete_item: tool added/,
        /ok {8}create_item description: description changed/,
        /ok {8}add outputSchema\.properties\.sum\.type: type narrowed: number -> integer/,
        /7 breaking, 5 non-breaking/,
      ]
    ) assert.match(run.stdout, line);
  });
  await t.step("v2 -> v1: the additions are now removals", async () => {
    const run = await mcptest(["diff", V2, V1]);
    assert.equal(run.code, 1);
    assert.match(run.stdout, /BREAKING {2}delete_item: tool removed/);
    assert.match(run.stdout, /ok {8}echo: tool added/);
  });
  await t.step("a side against itself: no changes, exit 0", async () => {
    const run = await mcptest(["diff", V1, V1]);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /no changes/);
  });
  await t.step("--format json", async () => {
    const run = await mcptest(["diff", V1, V2, "--format", "json"]);
    assert.equal(run.code, 1);
    const doc = JSON.parse(run.stdout);
    assert.equal(doc.breaking, 7);
    assert.equal(doc.non_breaking, 5);
    assert.deepEqual(doc.changes[0], {
      category: "tool",
      item: "add",
      path: "outputSchema.properties.sum.type",
      rule: "type_narrowed",
      breaking: false,
      message: "type narrowed: number -> integer",
    });
  });
  await t.step("--format markdown", async () => {
    const run = await mcptest(["diff", V1, V2, "--format", "markdown"]);
    assert.equal(run.code, 1);
    assert.match(run.stdout, /^## Tool-surface diff: 7 breaking, 5 non-breaking/);
    assert.match(run.stdout, /\| \*\*breaking\*\* \| tools \| echo \| {2}\| tool removed \|/);
  });
});

Deno.test("mcptest diff rejects bad input with exit 2", async (t) => {
  const dir = await tempProject({
    "broken.json": '{\n  "server_label": "x",\n  "exchanges" []\n}\n',
    "notacapture.json": '{"hello": 1}',
    "empty.json": JSON.stringify({
      server_label: "x",
      server_capabilities: { tools: {}, resources: {}, prompts: {} },
      exchanges: [],
    }),
  });
  try {
    await t.step("malformed JSON: file:line:col", async () => {
      const run = await mcptest(["diff", "broken.json", "broken.json"], { cwd: dir });
      assert.equal(run.code, 2);
      assert.match(
        run.stderr,
        /error: broken\.json:3:15: invalid JSON: Expected ':' after property name/,
      );
    });
    await t.step("a JSON file that is neither a cassette nor a capture", async () => {
      const run = await mcptest(["diff", "notacapture.json", "notacapture.json"], { cwd: dir });
      assert.equal(run.code, 2);
      assert.match(run.stderr, /server_label is not a string/);
    });
    await t.step("a missing .json file", async () => {
      const run = await mcptest(["diff", "missing.json", "notacapture.json"], { cwd: dir });
      assert.equal(run.code, 2);
      assert.match(run.stderr, /missing\.json: no such file/);
    });
    await t.step("nothing listed on either side", async () => {
      const run = await mcptest(["diff", "empty.json", "empty.json"], { cwd: dir });
      assert.equal(run.code, 2);
      assert.match(run.stderr, /nothing to compare: OLD: no tools\/list response in empty\.json/);
    });
    await t.step("an unknown --format", async () => {
      const run = await mcptest(["diff", "empty.json", "empty.json", "--format", "xml"], {
        cwd: dir,
      });
      assert.equal(run.code, 2);
      assert.match(run.stderr, /unknown --format "xml"/);
    });
    await t.step("a capture with several sessions needs FILE#N", async () => {
      const two = await mcptest(["diff", `${Deno.cwd()}/${V1}`, `${Deno.cwd()}/${V1}#2`], {
        cwd: dir,
      });
      assert.equal(two.code, 2);
      assert.match(two.stderr, /holds 1 session/);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("mcptest diff works on recorded cassettes and live servers of the example server", async () => {
  const suite = `servers:\n${itemsServerYaml()}lists:\n` +
    ["tools", "resources", "resource_templates", "prompts"]
      .map((l) => `  - name: lists ${l}\n    server: items\n    list: ${l}\n`).join("");
  const dir = await tempProject({ "a/suite.yml": suite, "b/suite.yml": suite });
  const http = await startHttp(itemsServerArgv("--http", "--port", "0"));
  try {
    for (const side of ["a", "b"]) {
      const rec = await mcptest(["run", "--record", `${side}/suite.yml`], { cwd: dir });
      assert.equal(rec.code, 0, rec.stdout + rec.stderr);
    }
    const a = "a/cassettes/suite__items.json";
    const b = "b/cassettes/suite__items.json";
    const same = await mcptest(["diff", a, b, "--format", "json"], { cwd: dir });
    assert.equal(same.code, 0, same.stdout + same.stderr);
    assert.deepEqual(JSON.parse(same.stdout).skipped, [], "every category was recorded");
    assert.deepEqual(JSON.parse(same.stdout).changes, []);

    const live = await mcptest(["diff", a, itemsCommand()], { cwd: dir });
    assert.equal(live.code, 0, live.stdout + live.stderr);
    assert.match(live.stdout, /no changes/);
    const overHttp = await mcptest(["diff", http.url, a], { cwd: dir });
    assert.equal(overHttp.code, 0, overHttp.stdout + overHttp.stderr);

    // The recording against the hand-written release 1.0: the server has more tools than 1.0.
    const old = await mcptest(["diff", `${Deno.cwd()}/${V1}`, a, "--format", "json"], { cwd: dir });
    const doc = JSON.parse(old.stdout);
    assert.ok(
      doc.changes.some((c: { item: string; rule: string }) =>
        c.item === "list_items" && c.rule === "added"
      ),
    );
  } finally {
    await http.stop();
    await Deno.remove(dir, { recursive: true });
  }
});
