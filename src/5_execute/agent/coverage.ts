/** @module `--coverage-threshold N`: the share of each server's advertised tools, resources and prompts the suite exercises (exit 6 below N). */

import type { ServerSpec, Suite } from "../../3_load/config/types.ts";
import type { TestResult } from "../../4_record/run_record.ts";
import type { Session } from "../../2_connect/session/types.ts";

/** What the suite exercised, by server key: `tool:<name>`, `resource:<uri>`, `prompt:<name>`. */
export type Exercised = Map<string, Set<string>>;

/** Maximum pages read from one list method. */
const MAX_PAGES = 100;

/**
 * Everything the selected tests, evals and agent rows exercised, by server key.
 * @param agentTools tool names agent rows called, by server key
 */
export function exercisedBy(
  suite: Suite,
  selectedIds: ReadonlySet<string>,
  agentTools: ReadonlyMap<string, ReadonlySet<string>>,
): Exercised {
  const out: Exercised = new Map();
  const add = (key: string, item: string) => out.set(key, (out.get(key) ?? new Set()).add(item));
  for (const test of suite.tests) {
    if (!selectedIds.has(test.id)) continue;
    const call = test.call;
    if (call.kind === "tool") add(test.serverKey, `tool:${call.tool}`);
    else if (call.kind === "resource") add(test.serverKey, `resource:${call.uri}`);
    else if (call.kind === "prompt") add(test.serverKey, `prompt:${call.prompt}`);
  }
  for (const test of suite.agent?.evals ?? []) {
    const call = test.call;
    if (call.kind === "tool") add(test.serverKey, `tool:${call.tool}`);
    else if (call.kind === "resource") add(test.serverKey, `resource:${call.uri}`);
    else if (call.kind === "prompt") add(test.serverKey, `prompt:${call.prompt}`);
  }
  for (const [key, tools] of agentTools) for (const tool of tools) add(key, `tool:${tool}`);
  return out;
}

/**
 * One `coverage <server>` row per server the suite exercised: pass when the share of its advertised
 * tools, resources and prompts that were exercised is at least `threshold` percent; the row lists
 * what was not. A server that cannot be listed is an error row.
 */
export async function coverageRows(
  suite: Suite,
  exercised: Exercised,
  threshold: number,
  connect: (server: ServerSpec) => Promise<Session>,
): Promise<TestResult[]> {
  const rows: TestResult[] = [];
  for (const key of [...exercised.keys()].sort()) {
    const server = suite.servers[key];
    if (!server) continue;
    const base = {
      id: `coverage::${key}`,
      name: `coverage ${server.name}`,
      kind: "coverage" as const,
      server: server.name,
      file: server.pos?.file ?? suite.files[0] ?? "",
      line: server.pos?.line ?? 1,
      col: server.pos?.col ?? 1,
      durationMs: 0,
      budgets: [],
    };
    let session: Session | undefined;
    try {
      session = await connect(server);
      const caps = session.serverCapabilities ?? {};
      const advertised = [
        ...(caps.tools
          ? (await listAll(session, "tools/list", "tools")).map((t) => `tool:${t.name}`)
          : []),
        ...(caps.resources
          ? (await listAll(session, "resources/list", "resources")).map((r) => `resource:${r.uri}`)
          : []),
        ...(caps.prompts
          ? (await listAll(session, "prompts/list", "prompts")).map((p) => `prompt:${p.name}`)
          : []),
      ];
      const done = exercised.get(key) ?? new Set();
      const covered = advertised.filter((a) => done.has(a));
      const uncovered = advertised.filter((a) => !done.has(a));
      const share = advertised.length === 0 ? 100 : (covered.length / advertised.length) * 100;
      const pass = share >= threshold;
      rows.push({
        ...base,
        status: pass ? "pass" : "fail",
        assertions: [{
          target: "coverage",
          matcher: "coverage-threshold",
          status: pass ? "pass" : "fail",
          expected: `>= ${threshold}%`,
          actual: `${share.toFixed(1)}% (${covered.length} of ${advertised.length})`,
          ...(uncovered.length > 0 ? { message: `uncovered: ${uncovered.join(", ")}` } : {}),
          line: base.line,
          col: base.col,
        }],
      });
    } catch (error) {
      rows.push({
        ...base,
        status: "error",
        assertions: [],
        failure: {
          message: `cannot list what ${server.name} advertises: ${(error as Error).message}`,
        },
      });
    } finally {
      await session?.close();
    }
  }
  return rows;
}

async function listAll(
  session: Session,
  method: string,
  field: string,
): Promise<Array<{ name?: string; uri?: string }>> {
  const items: Array<{ name?: string; uri?: string }> = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const exchange = await session.request(method, cursor ? { cursor } : {});
    const response = exchange.response as {
      result?: Record<string, unknown>;
      error?: { message?: string };
    } | undefined;
    if (exchange.failure || !response || response.error) {
      throw new Error(
        `${method} failed: ${
          exchange.failure?.message ?? response?.error?.message ?? "no response"
        }`,
      );
    }
    const list = response.result?.[field];
    if (Array.isArray(list)) items.push(...list as Array<{ name?: string; uri?: string }>);
    const next = response.result?.nextCursor;
    if (typeof next !== "string" || next === "") break;
    cursor = next;
  }
  return items;
}
