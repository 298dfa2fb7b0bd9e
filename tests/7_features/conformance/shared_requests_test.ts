/** @module Shared requests in flight together (the SEP-973 probe asks for every first list page at once): the verdicts and the run's traffic do not depend on which answer comes first. */

import assert from "node:assert/strict";
import { embeddedVersion } from "../../../src/7_features/conformance/embedded.ts";
import { createProbeContext } from "../../../src/7_features/conformance/probes/probe_context.ts";
import type { ConformanceResult } from "../../../src/7_features/conformance/result.ts";
import { runConformance } from "../../../src/7_features/conformance/run_conformance.ts";
import type { SepCorpus } from "../../../src/7_features/conformance/types.ts";
import type { Scripted } from "./_fake.ts";
import { type AnswerOrder, reorderingSession } from "./_reordering.ts";

const ORDERS: readonly AnswerOrder[] = ["asked", "reversed", "rotated"];

/** tools/list in two pages, prompts and resources with icons, some of them wrong. */
function script(method: string, params: Record<string, unknown>): Scripted {
  const icon = (src: string, mimeType?: string) => ({ src, ...(mimeType ? { mimeType } : {}) });
  const tool = (name: string, icons: unknown[]) => ({
    name,
    inputSchema: { type: "object", properties: { text: { type: "string" } } },
    icons,
  });
  switch (method) {
    case "tools/list":
      return params.cursor === "p2"
        ? { result: { tools: [tool("second", [icon("ftp://x/t.png", "image/png")])] } }
        : { result: { tools: [tool("first", [icon("https://x/t.png")])], nextCursor: "p2" } };
    case "prompts/list":
      return {
        result: { prompts: [{ name: "p", icons: [icon("http://x/p.png", "text/plain")] }] },
      };
    case "resources/list":
      return { result: { resources: [{ uri: "file:///r", name: "r", icons: [icon("data:,")] }] } };
    case "tools/call":
      return params.name === "first" || params.name === "second"
        ? { result: { content: [], isError: true } }
        : { error: { code: -32602 } };
    default:
      return { error: { code: -32601 } };
  }
}

const CAPABILITIES = { tools: {}, prompts: {}, resources: {} };

async function scored(order: AnswerOrder) {
  const session = reorderingSession({
    protocolVersion: "2025-11-25",
    capabilities: CAPABILITIES,
    order,
    script,
  });
  const result = await runConformance({
    server: session.server,
    corpus: { ...(embeddedVersion("2025-11-25") as SepCorpus), source: "embedded" },
    connect: () => Promise.resolve(session),
    toolVersion: "test",
  });
  return { result, session };
}

/** The result without what a clock decides. */
function stable(result: ConformanceResult): Omit<ConformanceResult, "duration_ms"> {
  const { duration_ms: _, ...rest } = result;
  return rest;
}

/** The requests a session saw, the random name of the unknown-tool probe made fixed. */
const asked = (seen: readonly { method: string; params: unknown }[]) =>
  seen.map((s) =>
    `${s.method} ${JSON.stringify(s.params)}`.replace(/(no-such-tool-)[0-9a-f]{8}/, "$1X")
  );

const status = (result: ConformanceResult, check: string) =>
  result.checks.find((c) => c.check === check);

Deno.test("the first list pages go out together and every answer order gives the same result", async () => {
  const runs = await Promise.all(ORDERS.map(async (order) => ({ order, ...await scored(order) })));
  const [first] = runs;
  assert.ok(first);
  for (const { order, result, session } of runs) {
    assert.equal(
      session.maxInFlight,
      3,
      `${order}: tools, prompts and resources in flight at once`,
    );
    assert.deepEqual(stable(result), stable(first.result), `${order}: same result as "asked"`);
    assert.deepEqual(
      asked(session.seen),
      asked(first.session.seen),
      `${order}: the same requests, asked in the same order`,
    );
  }
  // The verdicts and details the probes gave when they asked one request at a time; only the
  // second tools/list page now follows the other first pages instead of preceding them.
  assert.deepEqual(status(first.result, "sep-973-icon-src-uri"), {
    ...status(first.result, "sep-973-icon-src-uri"),
    status: "fail",
    detail: 'tool "second": src "ftp://x/t.png"; prompt "p": src "http://x/p.png"',
  });
  assert.deepEqual(status(first.result, "sep-973-icon-mime-type"), {
    ...status(first.result, "sep-973-icon-mime-type"),
    status: "fail",
    detail: 'prompt "p": mimeType "text/plain"',
  });
  assert.deepEqual(
    asked(first.session.seen).slice(0, 4),
    [
      "tools/list {}",
      "prompts/list {}",
      "resources/list {}",
      'tools/list {"cursor":"p2"}',
    ],
  );
});

Deno.test("shared requests join the run's exchanges in the order they were asked for, whichever is answered first", async () => {
  const orders: string[][] = [];
  for (const order of ORDERS) {
    const session = reorderingSession({
      protocolVersion: "2025-11-25",
      capabilities: CAPABILITIES,
      order,
      script,
    });
    const { ctx } = createProbeContext(session, { version: "2025-11-25", transport: "stdio" });
    const answers = await Promise.all(
      ["resources/list", "tools/list", "prompts/list"].map((method) => ctx.cached(method)),
    );
    assert.equal(session.maxInFlight, 3);
    const method = (e: { request: unknown }) => (e.request as { method: string }).method;
    assert.deepEqual(answers.map(method), ["resources/list", "tools/list", "prompts/list"]);
    orders.push(ctx.exchanges().map(method));
  }
  for (const seen of orders) {
    assert.deepEqual(seen, ["resources/list", "tools/list", "prompts/list"]);
  }
});
