/** @module Builders of the unit tests of runSuite's stages: a small suite of tool tests and a fake connect (no process, no network). */

import type { Assertion, ServerSpec, Suite, TestCase } from "../../../src/3_load/config/types.ts";
import type { ComplianceBlock } from "../../../src/3_load/config/compliance_block.ts";
import type { RunSuiteOptions } from "../../../src/5_execute/suite/options.ts";
import { openRun, type SuiteRun } from "../../../src/5_execute/suite/run_context.ts";
import { fakeSession, testServer } from "../../_helpers/fake_session.ts";

/** The suite file every built test is in. */
export const FILE = "suite.yml";

/** `target` equals `value`. */
export function exact(target: string, value: unknown, line = 5): Assertion {
  const pos = { file: FILE, line, col: 7 };
  return { kind: "assertion", target, matcher: { name: "exact", arg: value, pos }, pos };
}

/** A tool test calling `echo` with `{ text: name }` on server `serverKey`, at line `order * 10 + 1`. */
export function toolTest(
  name: string,
  order: number,
  overrides: Partial<TestCase> = {},
): TestCase {
  const pos = { file: FILE, line: order * 10 + 1, col: 5 };
  return {
    id: `${FILE}::tool::${name}`,
    name,
    kind: "tool",
    serverKey: "s",
    call: { kind: "tool", tool: "echo", args: { text: name } },
    assertions: [exact("result.structuredContent.text", name, pos.line + 1)],
    budgets: [],
    file: FILE,
    pos,
    order,
    ...overrides,
  };
}

/** A suite of `tests` on the one server `s` (and any `servers` more). */
export function suiteOf(
  tests: readonly TestCase[],
  extra: Partial<Suite> = {},
  servers: readonly ServerSpec[] = [testServer("s")],
): Suite {
  return {
    files: [FILE],
    servers: Object.fromEntries(servers.map((s) => [s.key, s])),
    tests,
    secrets: [],
    ...extra,
  };
}

/** What a fake connect saw: the servers it opened, and whether each session kept its capture. */
export interface Opened {
  readonly server: string;
  readonly capture: boolean;
}

/**
 * A connect that opens fake sessions echoing `tools/call` arguments back as structured content
 * (`answer` can override), and records what it opened.
 */
export function echoConnect(
  opened: Opened[] = [],
  answer?: (method: string, params: Record<string, unknown>) => unknown,
): NonNullable<RunSuiteOptions["connect"]> {
  return (server, { capture }) => {
    opened.push({ server: server.key, capture });
    return Promise.resolve(fakeSession(server, (method, params) => {
      if (answer) return { result: answer(method, params) };
      const args = (params.arguments ?? {}) as Record<string, unknown>;
      return { result: { structuredContent: args, content: [] } };
    }));
  };
}

/** A run of `suite` in `cwd` over fake sessions, as the stages see it. */
export function fakeRun(suite: Suite, cwd: string, options: RunSuiteOptions = {}): SuiteRun {
  return openRun(suite, {
    cwd,
    ci: false,
    toolVersion: "test",
    connect: echoConnect(),
    ...options,
  });
}

/** Run `body` in a fresh temporary directory, removed afterwards. */
export async function inTempDir<T>(body: (dir: string) => Promise<T>): Promise<T> {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-suite-stage-" });
  try {
    return await body(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** A `compliance:` block pinned to v2025-06-18 on server `s`, with `rules` as its entries. */
export function blockOf(
  rules: ReadonlyArray<{ rule: string; skip?: string }>,
  extra: Partial<ComplianceBlock> = {},
): ComplianceBlock {
  const pos = { file: FILE, line: 40, col: 3 };
  return {
    file: FILE,
    revision: "v2025-06-18",
    entries: rules.map((r, i) => ({
      rule: r.rule,
      name: r.rule,
      serverKey: "s",
      pos: { file: FILE, line: 41 + i, col: 5 },
      ...(r.skip !== undefined ? { skip: r.skip } : {}),
    })),
    allRules: false,
    serverKeys: ["s"],
    pos,
    ...extra,
  };
}
