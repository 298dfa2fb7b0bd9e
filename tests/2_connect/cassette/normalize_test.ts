/** @module Determinism normalisation: defaults, `cassette.normalize:` rules (loaded and checked), match keys. */

import assert from "node:assert/strict";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";
import {
  createNormalizer,
  normalizeString,
  requestKey,
  ruleProblem,
} from "../../../src/2_connect/cassette/normalize.ts";
import { loadMessages, withFiles } from "../../3_load/config/_helpers.ts";
import { asCassette, CassetteFormatError } from "../../../src/2_connect/cassette/format.ts";

Deno.test("normalizeString() replaces ISO-8601 timestamps and UUIDs, nothing else", async (t) => {
  await t.step("volatile values become placeholders", () => {
    assert.equal(
      normalizeString("at 2025-06-18T10:11:12.345Z and 2024-01-02T03:04:05+02:00"),
      "at <timestamp> and <timestamp>",
    );
    assert.equal(
      normalizeString("id 0b7c3d1e-9f4a-4c2b-8d6e-1a2b3c4d5e6f."),
      "id <uuid>.",
    );
  });
  await t.step("stable values are kept", () => {
    for (const text of ["version 2025-06-18", "item 42", "abc-def", "12:30"]) {
      assert.equal(normalizeString(text), text);
    }
  });
});

Deno.test("createNormalizer().headers() drops credentials and replaces volatile headers", () => {
  const n = createNormalizer();
  assert.deepEqual(
    n.headers({
      "Authorization": "Bearer x",
      "set-cookie": "a=b",
      "cookie": "c=d",
      "content-length": "12",
      "Mcp-Session-Id": "abc",
      "date": "Tue, 01 Jul 2025 10:00:00 GMT",
      "x-request-id": "r-1",
      "content-type": "application/json",
    }),
    {
      "content-type": "application/json",
      "date": "<date>",
      "mcp-session-id": "<session-id>",
      "x-request-id": "<volatile>",
    },
  );
});

Deno.test("createNormalizer() applies cassette.normalize: rules", async (t) => {
  const n = createNormalizer([
    { target: "result.content[*].text", pattern: "took \\d+ ms", replace: "took <ms>" },
    { target: "result.structuredContent.seed", replace: "<seed>" },
    { header: "X-Build", pattern: "^build-\\d+", replace: "build-<n>" },
  ]);
  await t.step("a target rule rewrites matching strings at every index", () => {
    const out = n.message({
      jsonrpc: "2.0",
      id: 1,
      result: {
        content: [{ text: "took 12 ms" }, { text: "took 7 ms" }, { text: "other" }],
        structuredContent: { seed: 1234 },
      },
    });
    assert.deepEqual(out, {
      jsonrpc: "2.0",
      id: 1,
      result: {
        content: [{ text: "took <ms>" }, { text: "took <ms>" }, { text: "other" }],
        structuredContent: { seed: "<seed>" },
      },
    });
  });
  await t.step("a message the path does not reach is unchanged", () => {
    const message = { jsonrpc: "2.0", id: 1, error: { code: 1, message: "took 3 ms" } };
    assert.deepEqual(n.message(message), message);
  });
  await t.step("a header rule rewrites that header only", () => {
    assert.deepEqual(n.headers({ "x-build": "build-77-a", "x-other": "build-77" }), {
      "x-build": "build-<n>-a",
      "x-other": "build-77",
    });
  });
  await t.step("invalid rules are refused", () => {
    assert.match(ruleProblem({ target: "a.", replace: "" }) ?? "", /invalid target "a\."/);
    assert.match(ruleProblem({ header: "x", pattern: "(", replace: "" }) ?? "", /invalid pattern/);
    assert.equal(ruleProblem({ header: "x", pattern: "a+", replace: "" }), undefined);
  });
});

Deno.test("requestKey() matches method + params, without _meta; initialize by protocolVersion", () => {
  const a = requestKey("tools/call", { name: "e", arguments: { x: 1, y: 2 }, _meta: { t: 1 } });
  assert.equal(a, requestKey("tools/call", { arguments: { y: 2, x: 1 }, name: "e" }));
  assert.notEqual(a, requestKey("tools/call", { name: "e", arguments: { x: 2, y: 2 } }));
  assert.notEqual(a, requestKey("tools/list", { name: "e", arguments: { x: 1, y: 2 } }));
  const init = (v: string, version: string) =>
    requestKey("initialize", { protocolVersion: v, clientInfo: { name: "mcptest", version } });
  assert.equal(init("2025-06-18", "0.1.0"), init("2025-06-18", "0.2.0"));
  assert.notEqual(init("2025-06-18", "0.1.0"), init("2025-03-26", "0.1.0"));
});

Deno.test("loadSuite() carries cassette.normalize: and refuses a bad rule at its position", async (t) => {
  const server = `servers:\n  s:\n    command: [x]\n`;
  await t.step("valid rules reach suite.cassette", async () => {
    await withFiles({
      "a.yml": `${server}cassette:\n  normalize:\n    - target: result.content[*].text\n` +
        `      pattern: "\\\\d+"\n      replace: "<n>"\n    - header: x-build\n      replace: "<b>"\n`,
    }, async (dir) => {
      const suite = await loadSuite({ paths: ["a.yml"], cwd: dir, env: {} });
      assert.deepEqual(suite.cassette?.normalize, [
        { target: "result.content[*].text", pattern: "\\d+", replace: "<n>" },
        { header: "x-build", replace: "<b>" },
      ]);
    });
  });
  await t.step("a pattern that does not compile is a positioned config error", async () => {
    await withFiles({
      "a.yml":
        `${server}cassette:\n  normalize:\n    - header: x-build\n      pattern: "("\n      replace: ""\n`,
    }, async (dir) => {
      const messages = await loadMessages({ paths: ["a.yml"], cwd: dir });
      assert.equal(messages.length, 1);
      assert.match(messages[0]!, /^a\.yml:7:16: cassette\.normalize: invalid pattern "\("/);
    });
  });
  await t.step("a rule with neither target nor header fails the schema", async () => {
    await withFiles({
      "a.yml": `${server}cassette:\n  normalize:\n    - replace: x\n`,
    }, async (dir) => {
      const messages = await loadMessages({ paths: ["a.yml"], cwd: dir });
      assert.ok(messages.length >= 1);
      assert.match(messages.join("\n"), /a\.yml:6:/);
    });
  });
});

Deno.test("a cassette whose normalize rule the normaliser cannot compile is a cassette format error", () => {
  const cassette = (rule: Record<string, unknown>) => ({
    format: "mcptest-cassette",
    version: 1,
    server: "s",
    server_label: "s",
    transport: "stdio",
    protocol_version: "2025-11-25",
    server_capabilities: {},
    server_info: null,
    recorded_with: "mcptest test",
    normalize: [rule],
    exchanges: [],
  });
  // Found by the cassette fuzz test: an empty target used to throw a plain Error on replay.
  for (const rule of [{ target: "", replace: "x" }, { target: "a", pattern: "(", replace: "x" }]) {
    const error = (() => {
      try {
        asCassette(cassette(rule));
      } catch (e) {
        return e;
      }
    })();
    assert.ok(error instanceof CassetteFormatError, String(error));
    assert.match(
      (error as Error).message,
      /malformed cassette: normalize\[0\]: invalid (target|pattern)/,
    );
  }
  asCassette(cassette({ target: "result.content[*].text", replace: "x" }));
});
