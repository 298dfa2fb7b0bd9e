/** @module The architecture test: every import under src/ (type imports included) goes down the layer order, never into another folder's private file, and no folders import each other in a cycle. */

import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { checkArchitecture, type ImportEdge } from "../tools/architecture/check_layers.ts";
import { SRC_LAYERS } from "../tools/architecture/layers.ts";
import { importsOf, scanImports } from "../tools/architecture/scan_imports.ts";

const SRC = fileURLToPath(new URL("../src", import.meta.url));

const edge = (from: string, to: string, line = 3, typeOnly = false): ImportEdge => ({
  from,
  line,
  to,
  typeOnly,
});

Deno.test("src/ imports only down the layer order, no private file of another folder, no folder cycle", () => {
  const edges = scanImports(SRC);
  assert.ok(edges.length > 1000, `read ${edges.length} imports`);
  const problems = checkArchitecture(edges, SRC_LAYERS).map((v) =>
    `src/${v.file}:${v.line}: ${v.message}`
  );
  assert.deepEqual(problems, []);
});

Deno.test("checkArchitecture() fails on a planted upward import, naming file:line", () => {
  const edges = [
    edge("2_connect/session/session.ts", "0_base/errors/errors.ts"),
    edge("2_connect/transport/stdio.ts", "5_execute/runner/run.ts", 12, true),
  ];
  const [violation, ...rest] = checkArchitecture(edges, SRC_LAYERS);
  assert.equal(rest.length, 0);
  assert.equal(violation?.file, "2_connect/transport/stdio.ts");
  assert.equal(violation?.line, 12);
  assert.match(
    violation?.message ?? "",
    /^a type import of 5_execute\/runner\/run\.ts reaches up from layer 2_connect to layer 5_execute/,
  );
});

Deno.test("checkArchitecture() fails on another folder's private file, not on a sibling's", () => {
  const violations = checkArchitecture([
    edge("2_connect/session/connect.ts", "2_connect/transport/_http.ts", 8),
    edge("2_connect/transport/stdio.ts", "2_connect/transport/_shared.ts", 9),
  ], SRC_LAYERS);
  assert.deepEqual(violations.map((v) => `${v.file}:${v.line}`), [
    "2_connect/session/connect.ts:8",
  ]);
  assert.match(violations[0]!.message, /a private file of another folder \(2_connect\/transport\)/);
});

Deno.test("checkArchitecture() fails on folders that import each other, even within a layer", () => {
  const violations = checkArchitecture([
    edge("5_execute/agent/run_agents.ts", "5_execute/runner/call.ts", 14),
    edge("5_execute/runner/run.ts", "5_execute/agent/hook.ts", 20),
    edge("5_execute/cache/key.ts", "0_base/util/sha256.ts", 4),
  ], SRC_LAYERS);
  assert.equal(violations.length, 1);
  assert.match(
    violations[0]!.message,
    /^folders 5_execute\/agent, 5_execute\/runner import each other in a cycle/,
  );
});

Deno.test("checkArchitecture() fails on a file outside every layer", () => {
  const violations = checkArchitecture([edge("misc/helper.ts", "0_base/util/ansi.ts")], SRC_LAYERS);
  assert.match(violations[0]?.message ?? "", /^misc\/helper\.ts is in no layer/);
});

Deno.test("importsOf() reads static, type-only, multi-line, re-export and dynamic imports with lines", () => {
  const text = [
    "/** @module x */",
    'import { a } from "./a.ts";',
    "import type {",
    "  B,",
    "  C,",
    '} from "../b.ts";',
    'export { d } from "./d.ts";',
    'import "./side.ts";',
    'const e = await import("./e.ts");',
    'import { x } from "npm:x";',
    'const s = "./not-an-import.ts";',
  ].join("\n");
  const edges = importsOf("/r", "/r/1_matchers/f.ts", text);
  assert.deepEqual(edges.map((e) => `${e.line} ${e.to}${e.typeOnly ? " type" : ""}`), [
    "2 1_matchers/a.ts",
    "3 b.ts type",
    "7 1_matchers/d.ts",
    "8 1_matchers/side.ts",
    "9 1_matchers/e.ts",
  ]);
});
