/** @module Joins the run records of CI shards (`mcptest report --merge`) into one record. */

import { UsageError } from "../0_base/errors/errors.ts";
import {
  RUN_RECORD_VERSION,
  type RunRecord,
  type ServerRecord,
  type TestResult,
} from "./run_record.ts";
import { summarize } from "./summary.ts";

const SERVER_RANK: Record<ServerRecord["status"], number> = { failed: 2, connected: 1, unused: 0 };

/**
 * Merge shard records into one run record.
 *
 * - files: union, in order of first appearance (record by record);
 * - tests: all of them, ordered by file (as in `files`), then line, column and id; a test id that
 *   appears in several records is kept once, from the record listed last (a re-run shard replaces
 *   the earlier result);
 * - servers: union by key; when shards disagree the most telling status wins
 *   (`failed` > `connected` > `unused`);
 * - startedAt: the earliest; durationMs: the longest shard (shards run side by side, so the
 *   wall-clock time of the matrix is its slowest shard, not the sum);
 * - tool: from the first record; summary: recounted from the merged tests.
 *
 * @throws {UsageError} when given no record, or a record of another run-record version
 */
export function mergeRecords(records: readonly RunRecord[]): RunRecord {
  const first = records[0];
  if (!first) throw new UsageError("nothing to merge: pass at least one run record");
  records.forEach((record, index) => {
    if (record.version !== RUN_RECORD_VERSION) {
      throw new UsageError(
        `cannot merge record #${index + 1}: run record version ${
          JSON.stringify(record.version)
        } is not supported; this mcptest reads version ${RUN_RECORD_VERSION}`,
      );
    }
  });
  const files: string[] = [];
  const byId = new Map<string, TestResult>();
  const servers = new Map<string, ServerRecord>();
  for (const record of records) {
    for (const file of record.files) if (!files.includes(file)) files.push(file);
    for (const test of record.tests) {
      byId.delete(test.id); // a later record's result replaces an earlier one
      byId.set(test.id, test);
    }
    for (const server of record.servers) {
      const known = servers.get(server.key);
      if (!known || SERVER_RANK[server.status] > SERVER_RANK[known.status]) {
        servers.set(server.key, server);
      }
    }
  }
  for (const test of byId.values()) if (!files.includes(test.file)) files.push(test.file);
  const fileIndex = new Map(files.map((f, i) => [f, i]));
  const tests = [...byId.values()].sort((a, b) =>
    fileIndex.get(a.file)! - fileIndex.get(b.file)! || a.line - b.line || a.col - b.col ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
  const startedAt = records.map((r) => r.startedAt).reduce((a, b) => earlier(a, b));
  return {
    version: RUN_RECORD_VERSION,
    tool: first.tool,
    startedAt,
    durationMs: Math.max(...records.map((r) => r.durationMs)),
    files,
    servers: [...servers.values()].sort((a, b) => a.key.localeCompare(b.key)),
    tests,
    summary: summarize(tests),
  };
}

function earlier(a: string, b: string): string {
  const ta = Date.parse(a), tb = Date.parse(b);
  if (Number.isNaN(tb)) return a;
  if (Number.isNaN(ta)) return b;
  return tb < ta ? b : a;
}
