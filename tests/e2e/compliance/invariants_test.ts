import assert from "node:assert/strict";
import { parseCapture } from "../../../src/5_execute/compliance/invariants/capture_file.ts";
import { checkInvariants } from "../../../src/5_execute/compliance/invariants/check.ts";
import type {
  CapturedExchange,
  CapturedSession,
} from "../../../src/5_execute/compliance/invariants/types.ts";
import { mcptest } from "../../_helpers/cli.ts";

const req = (
  id: number | undefined,
  method: string,
  response?: Record<string, unknown>,
): CapturedExchange => ({
  request: { jsonrpc: "2.0", ...(id === undefined ? {} : { id }), method },
  ...(response ? { response: { jsonrpc: "2.0", id, ...response } } : {}),
});
const ok = (result: unknown = {}) => ({ result });
const err = (code: unknown, message: unknown = "boom") => ({ error: { code, message } });

/** A conformant session: handshake, lists, a call, an unknown method. */
const GOOD: CapturedSession = {
  server_label: "stdio://good",
  server_capabilities: { tools: {}, resources: {} },
  exchanges: [
    req(1, "initialize", ok({ protocolVersion: "2025-11-25" })),
    req(undefined, "notifications/initialized"),
    req(2, "tools/list", ok({ tools: [{ name: "echo" }] })),
    req(3, "tools/call", ok({ content: [{ type: "text", text: "hi" }], isError: false })),
    req(4, "resources/list", ok({ resources: [] })),
    req(5, "nope/method", err(-32601, "Method not found: nope/method")),
  ],
};

const status = (session: CapturedSession, id: string) =>
  checkInvariants(session).sessions[0]!.invariants.find((i) => i.id === id)!.status;

Deno.test("checkInvariants(): a conformant capture passes INV-001..INV-007", () => {
  const report = checkInvariants(GOOD);
  assert.equal(report.ok, true);
  assert.deepEqual(report.sessions[0]!.invariants.map((i) => i.status), Array(7).fill("pass"));
});

Deno.test("each invariant fails on the capture that breaks it", async (t) => {
  const broken: [string, CapturedSession][] = [
    ["INV-001", {
      ...GOOD,
      exchanges: [req(9, "tools/list", ok({ tools: [] })), ...GOOD.exchanges],
    }],
    ["INV-002", {
      ...GOOD,
      exchanges: GOOD.exchanges.filter((e) => e.request.method !== "notifications/initialized"),
    }],
    ["INV-003", { ...GOOD, server_capabilities: { resources: {} } }],
    ["INV-004", {
      ...GOOD,
      exchanges: [
        ...GOOD.exchanges.slice(0, 2),
        req(2, "tools/list", err(-32603)),
        req(3, "tools/call", err(-32603)),
      ],
    }],
    ["INV-005", {
      ...GOOD,
      exchanges: [...GOOD.exchanges.slice(0, 3), req(3, "tools/call", ok({ text: "no content" }))],
    }],
    ["INV-006", {
      ...GOOD,
      exchanges: [...GOOD.exchanges, req(6, "tools/call", err("E42", "string code"))],
    }],
    ["INV-007", {
      ...GOOD,
      exchanges: [
        ...GOOD.exchanges.slice(0, 5),
        req(5, "nope/method", err(-32600, "Method not found")),
      ],
    }],
  ];
  for (const [id, session] of broken) {
    await t.step(id, () => {
      assert.equal(status(session, id), "fail");
      assert.equal(checkInvariants(session).ok, false);
    });
  }
});

Deno.test("a stateless (2026-07-28) session with server/discover is not an INV-001 failure; no handshake = null capabilities", () => {
  const stateless: CapturedSession = {
    server_label: "http://x/mcp",
    server_capabilities: { tools: {} },
    exchanges: [
      req(1, "server/discover", ok({ supportedVersions: ["2026-07-28"] })),
      req(2, "tools/list", ok({ tools: [] })),
    ],
  };
  assert.equal(status(stateless, "INV-001"), "skip");
  const discoverThenInit: CapturedSession = {
    ...GOOD,
    exchanges: [req(0, "server/discover", err(-32601, "Method not found")), ...GOOD.exchanges],
  };
  assert.equal(status(discoverThenInit, "INV-001"), "pass");
  const noHandshake = parseCapture(
    JSON.stringify({ server_label: "s", exchanges: [req(1, "tools/list", ok({ tools: [] }))] }),
    "c.json",
  )[0]!;
  assert.equal(noHandshake.server_capabilities, null);
  assert.equal(status(noHandshake, "INV-003"), "fail");
});

Deno.test("composition hazards: tool-name overlap and request-id reuse across sessions", () => {
  const other: CapturedSession = { ...GOOD, server_label: "http://other/mcp" };
  const report = checkInvariants([GOOD, other]);
  assert.equal(report.ok, false);
  const overlap = report.hazards.find((h) => h.kind === "tool-name-overlap")!;
  assert.equal(overlap.subject, "echo");
  assert.deepEqual(overlap.servers, ["stdio://good", "http://other/mcp"]);
  assert.ok(report.hazards.some((h) => h.kind === "request-id-collision" && h.subject === "1"));
  const distinct: CapturedSession = {
    server_label: "stdio://distinct",
    server_capabilities: { tools: {} },
    exchanges: [
      req(101, "initialize", ok()),
      req(undefined, "notifications/initialized"),
      req(102, "tools/list", ok({ tools: [{ name: "other" }] })),
    ],
  };
  assert.deepEqual(checkInvariants([GOOD, distinct]).hazards, []);
});

Deno.test("parseCapture() rejects malformed captures with where they are wrong", () => {
  assert.throws(() => parseCapture("{", "c.json"), /: c\.json:1:2: cannot parse capture: Expected/);
  assert.throws(() => parseCapture("[]", "c.json"), /is empty/);
  assert.throws(
    () => parseCapture('{"server_label": 1, "exchanges": []}', "c.json"),
    /server_label/,
  );
  assert.throws(
    () => parseCapture('{"server_label": "s", "exchanges": [{}]}', "c.json"),
    /exchanges\[0\] needs a request/,
  );
});

Deno.test("mcptest run --capture + compliance invariants: real captures of the example server pass; exit codes", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const capture = `${dir}/session.json`;
    const run = await mcptest([
      "run",
      "--config",
      "examples/official-conformance.yml",
      "--capture",
      capture,
    ]);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const inv = await mcptest(["compliance", "invariants", "--capture", capture]);
    assert.equal(inv.code, 0, inv.stdout + inv.stderr);
    assert.match(inv.stdout, /PASS {2}INV-001/);
    assert.match(inv.stdout, /PASS {2}INV-007/);
    const two = `${dir}/two.json`;
    assert.equal((await mcptest(["run", "examples/migration.yml", "--capture", two])).code, 1);
    const both = await mcptest(["compliance", "invariants", "--capture", two, "--format", "json"]);
    assert.equal(both.code, 0, both.stdout);
    assert.equal(JSON.parse(both.stdout).sessions.length, 2);
    await Deno.writeTextFile(
      `${dir}/bad.json`,
      JSON.stringify([GOOD, { ...GOOD, server_label: "other" }]),
    );
    const hazard = await mcptest(["compliance", "invariants", "--capture", `${dir}/bad.json`]);
    assert.equal(hazard.code, 1);
    assert.match(hazard.stdout, /HAZARD {2}tool-name-overlap: tool "echo"/);
    const missing = await mcptest(["compliance", "invariants", "--capture", `${dir}/none.json`]);
    assert.equal(missing.code, 2);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("compliance run and conformance run write captures too (--capture), which pass the invariants", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const items =
      "deno run --allow-net=127.0.0.1 --allow-env --allow-read examples/servers/items_server.ts";
    const compliance = await mcptest([
      "compliance",
      "run",
      "--from-suite",
      "examples/compliance.yml",
      "--capture",
      `${dir}/a.json`,
    ]);
    assert.equal(compliance.code, 0, compliance.stderr);
    const conformance = await mcptest([
      "conformance",
      "run",
      "--server",
      items,
      "--target-version",
      "2025-11-25",
      "--capture",
      `${dir}/b.json`,
    ]);
    assert.equal(conformance.code, 0, conformance.stderr);
    for (const file of ["a.json", "b.json"]) {
      const sessions = parseCapture(await Deno.readTextFile(`${dir}/${file}`), file);
      assert.ok(sessions[0]!.exchanges.length > 0, `${file} holds exchanges`);
      const inv = await mcptest(["compliance", "invariants", "--capture", `${dir}/${file}`]);
      assert.equal(inv.code, 0, inv.stdout);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
