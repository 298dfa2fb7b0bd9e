import assert from "node:assert/strict";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";
import { loadMessages, withFiles } from "./_helpers.ts";

const SERVER = `servers:\n  mail:\n    command: ["true"]\n`;
const TEST = `lists:\n  - name: t\n    server: mail\n    list: tools\n`;

Deno.test("scan: true, a map, false, or nothing", async (t) => {
  const cases: Array<[string, string, unknown]> = [
    ["absent", "", undefined],
    ["false", "scan: false\n", undefined],
    ["true: the defaults", "scan: true\n", { failOn: "high", ignore: [] }],
    [
      "a map",
      "scan:\n  fail_on: medium\n  ignore: [SCAN-005]\n  lock: mcptest.lock\n  servers: [mail]\n",
      { failOn: "medium", ignore: ["SCAN-005"], lock: "mcptest.lock", servers: ["mail"] },
    ],
  ];
  for (const [name, scan, expected] of cases) {
    await t.step(name, async () => {
      await withFiles({ "f.yml": `${scan}${SERVER}${TEST}` }, async (dir) => {
        const suite = await loadSuite({ paths: ["f.yml"], cwd: dir, env: {} });
        assert.deepEqual(suite.scan, expected);
      });
    });
  }
});

Deno.test("scan: bad settings are refused at file:line:col", async (t) => {
  const cases: Array<[string, Record<string, string>, RegExp]> = [
    [
      "an unknown server",
      { "f.yml": `scan:\n  servers: [mial]\n${SERVER}${TEST}` },
      /^f\.yml:2:13: unknown server "mial" in scan\.servers; expected one of: mail/,
    ],
    ["a bad severity", { "f.yml": `scan:\n  fail_on: urgent\n${SERVER}${TEST}` }, /^f\.yml:2:12: /],
    ["a bad rule id", { "f.yml": `scan:\n  ignore: [rule5]\n${SERVER}${TEST}` }, /^f\.yml:2:12: /],
    [
      "scan: in two files",
      { "f.yml": `scan: true\n${SERVER}${TEST}`, "g.yml": `scan: true\n${SERVER}${TEST}` },
      /^g\.yml:1:1: scan: is declared in more than one file; declare it once \(mcptest\.yml\)$/,
    ],
  ];
  for (const [name, files, expected] of cases) {
    await t.step(name, async () => {
      await withFiles(files, async (dir) => {
        const messages = await loadMessages({ paths: Object.keys(files), cwd: dir });
        assert.ok(messages.some((m) => expected.test(m)), messages.join("\n"));
      });
    });
  }
});
