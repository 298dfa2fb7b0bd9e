/** @module The run record of a set of tests: its header, a row per server (the unused ones too), the summary. */

import type { ServerSpec, Suite } from "../../3_load/config/types.ts";
import {
  RUN_RECORD_VERSION,
  type RunRecord,
  type ServerRecord,
  type TestResult,
} from "../../4_record/run_record.ts";
import { summarize } from "../../4_record/summary.ts";
import { targetLabel } from "../../2_connect/transport/target_label.ts";

/** A server's row in the record, before anything is known of its session beyond `status`. */
export function serverRecord(server: ServerSpec, status: ServerRecord["status"]): ServerRecord {
  return {
    name: server.name,
    key: server.key,
    target: targetLabel(server.target),
    source: server.source,
    status,
  };
}

/** What a record of tests is made of. */
export interface TestsRecordParts {
  readonly suite: Suite;
  readonly toolVersion: string;
  readonly startedAt: string;
  readonly durationMs: number;
  /** The rows of the servers the tests used: every other server of the suite is added `unused`. */
  readonly servers: readonly ServerRecord[];
  /** The results, in file order. */
  readonly tests: TestResult[];
}

/** The record of `parts.tests`: servers sorted by key, each server of the suite in it once. */
export function testsRecord(parts: TestsRecordParts): RunRecord {
  const servers = [...parts.servers];
  const used = new Set(servers.map((s) => s.key));
  for (const server of Object.values(parts.suite.servers)) {
    if (!used.has(server.key)) servers.push(serverRecord(server, "unused"));
  }
  servers.sort((a, b) => a.key.localeCompare(b.key));
  return {
    version: RUN_RECORD_VERSION,
    tool: { name: "mcptest", version: parts.toolVersion },
    startedAt: parts.startedAt,
    durationMs: parts.durationMs,
    files: parts.suite.files,
    servers,
    tests: parts.tests,
    summary: summarize(parts.tests),
  };
}
