/** @module Runs the `compliance:` blocks of a suite: one corpus run per server and version, results attributed to the YAML entries. */

import type { ServerSpec, Suite } from "../../3_load/config/types.ts";
import type { TestResult } from "../../4_record/run_record.ts";
import type { Session } from "../../2_connect/session/types.ts";
import { COMPLIANCE_CORPUS } from "../../3_load/compliance_corpus/embedded.ts";
import { ruleName, ruleRef } from "./engine/run_rules.ts";
import { runCompliance } from "./run_compliance.ts";
import type { ComplianceBlock, ComplianceEntry } from "../../3_load/config/compliance_block.ts";
import { isCorpusVersion } from "../../3_load/compliance_corpus/versions.ts";
import type { AuthRegistry } from "../../2_connect/auth/registry.ts";
import type { SafeTool } from "../../3_load/config/safe_tool.ts";

/** How blocks run. */
export interface RunBlocksOptions {
  readonly connect: (server: ServerSpec) => Promise<Session>;
  /** Keep only entries whose display name this accepts (`--filter`). */
  readonly select?: (name: string) => boolean;
  /** The run's credentials registry, shared with the tests (one token, one refresh). */
  readonly auth?: AuthRegistry;
  /** `--safe-tool`: the tools the capability rules may call, over each block's `safe_tools:`. */
  readonly safeTools?: readonly SafeTool[];
}

/** Run every block; results come back in block and entry order. */
export async function runComplianceBlocks(
  suite: Suite,
  blocks: readonly ComplianceBlock[],
  options: RunBlocksOptions,
): Promise<TestResult[]> {
  const results: TestResult[] = [];
  for (const block of blocks) {
    const entries = block.allRules ? allRuleEntries(block) : block.entries;
    const selected = entries.filter((e) => options.select?.(e.name) ?? true);
    const byServer = new Map<string, ComplianceEntry[]>();
    for (const entry of selected) {
      byServer.set(entry.serverKey, [...(byServer.get(entry.serverKey) ?? []), entry]);
    }
    const runs = await Promise.all(
      [...byServer.entries()].map(([key, list]) =>
        runServer(suite.servers[key]!, block, list, options)
      ),
    );
    results.push(...runs.flat());
  }
  return results;
}

function allRuleEntries(block: ComplianceBlock): ComplianceEntry[] {
  const rules = COMPLIANCE_CORPUS.revisions[block.revision!]?.rules ?? [];
  return block.serverKeys.flatMap((serverKey) =>
    rules.map((rule) => ({ rule: rule.id, name: rule.id, serverKey, pos: block.pos }))
  );
}

async function runServer(
  server: ServerSpec,
  block: ComplianceBlock,
  entries: readonly ComplianceEntry[],
  options: RunBlocksOptions,
): Promise<TestResult[]> {
  const version: { name?: string; error?: string } = block.revision !== undefined
    ? { name: block.revision }
    : await negotiatedVersion(server, options);
  const attribute = (entry: ComplianceEntry, result: Partial<TestResult>): TestResult => {
    const registered = COMPLIANCE_CORPUS.registry[entry.rule];
    return {
      id: `${block.file}::compliance::${server.name}::${entry.rule}`,
      name: ruleName(
        COMPLIANCE_CORPUS.registry[entry.rule],
        entry.rule,
        version.name ?? "unpinned",
      ),
      kind: "compliance",
      server: server.key,
      file: block.file,
      line: entry.pos.line,
      col: entry.pos.col,
      status: "error",
      durationMs: 0,
      assertions: [],
      budgets: [],
      ...(registered && version.name ? { rule: ruleRef(registered, version.name) } : {}),
      ...result,
    };
  };
  if (version.error !== undefined) {
    return entries.map((e) => attribute(e, { failure: { message: version.error! } }));
  }
  const runnable = entries.filter((e) => e.skip === undefined);
  const run = await runCompliance({
    server,
    version: version.name!,
    only: runnable.map((e) => e.rule),
    connect: options.connect,
    file: block.file,
    pos: block.pos,
    ...(options.auth ? { auth: options.auth } : {}),
    safeTools: options.safeTools ?? block.safeTools ?? [],
  });
  const byRule = new Map(run.results.map((r) => [r.id.split("::").at(-1), r]));
  return entries.map((entry) => {
    if (entry.skip !== undefined) {
      return attribute(entry, { status: "skip", skipReason: entry.skip });
    }
    const result = byRule.get(entry.rule);
    if (!result) {
      return attribute(entry, {
        status: "skip",
        skipReason: `rule ${entry.rule} is not part of the ${version.name} corpus`,
      });
    }
    const { id: _id, name: _name, file: _file, line: _line, col: _col, server: _server, ...rest } =
      result;
    // The rule ran at the block's position; its findings belong to the entry that asked for it.
    const at = { line: entry.pos.line, col: entry.pos.col };
    return attribute(entry, { ...rest, assertions: rest.assertions.map((a) => ({ ...a, ...at })) });
  });
}

/** The corpus version of the revision the server negotiates when not pinned. */
async function negotiatedVersion(
  server: ServerSpec,
  options: RunBlocksOptions,
): Promise<{ name?: string; error?: string }> {
  let session: Session;
  try {
    session = await options.connect(server);
  } catch (error) {
    return {
      error: `could not connect to learn the protocol revision: ${(error as Error).message}`,
    };
  }
  try {
    const name = `v${session.protocolVersion}`;
    if (!isCorpusVersion(name)) {
      return {
        error: `no compliance corpus for the negotiated revision ${session.protocolVersion}`,
      };
    }
    return { name };
  } finally {
    await session.close();
  }
}
