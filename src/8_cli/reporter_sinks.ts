/** @module `--reporter name[:path]` (repeatable) and `--output`: which reports a run writes, and where. */

import { importLater } from "../0_base/util/import_later.ts";
import { fileIdentity } from "../0_base/util/file_identity.ts";
import { UsageError } from "../0_base/errors/errors.ts";
import type { RunRecord } from "../4_record/run_record.ts";
import { REPORTERS } from "../6_report/reporters.ts";
import { closestName } from "../0_base/util/suggest.ts";

/** One report of a run: a reporter and where its output goes (`-`: stdout). */
export interface ReporterSink {
  readonly name: string;
  readonly path: string;
}

/**
 * Commander collector of a repeatable `--reporter`: each value is checked against the reporter
 * registry as the command line is parsed (an unknown name or an empty path is a usage error).
 */
export function collectReporter(value: string, previous: string[] | undefined): string[] {
  parseOne(value);
  return [...(previous ?? []), value];
}

/**
 * Resolve `--reporter` values (`name` or `name:path`, repeatable) and `--output` into sinks.
 * No `--reporter` means `pretty`. `--output` applies to a single reporter given without a path;
 * at most one sink writes to stdout; two sinks never write the same file.
 * @throws {UsageError} naming the offending value (exit 2)
 */
export function parseReporterSinks(
  values: readonly string[] | undefined,
  output: string | undefined,
): ReporterSink[] {
  const given = values === undefined || values.length === 0 ? ["pretty"] : values;
  const sinks = given.map(parseOne);
  if (output !== undefined) {
    if (sinks.length > 1) {
      throw new UsageError(
        `--output applies to a single --reporter; with several, give each its path: --reporter ${
          sinks[0]!.name
        }:${output}`,
      );
    }
    const only = sinks[0]!;
    if (only.path !== "-" && given[0]!.includes(":")) {
      throw new UsageError(
        `--reporter ${given[0]} already names its path; drop --output ${output}`,
      );
    }
    sinks[0] = { name: only.name, path: output };
  }
  const toStdout = sinks.filter((s) => s.path === "-");
  if (toStdout.length > 1) {
    throw new UsageError(
      `only one reporter can write to stdout (${
        toStdout.map((s) => s.name).join(", ")
      }); give the others a path: --reporter name:path`,
    );
  }
  const seen = new Set<string>();
  for (const sink of sinks) {
    if (sink.path === "-") continue;
    const file = fileIdentity(sink.path); // `a.json`, `./a.json` and a link to it are one file
    if (seen.has(file)) {
      throw new UsageError(`two reporters write to ${JSON.stringify(sink.path)}`);
    }
    seen.add(file);
  }
  return sinks;
}

function parseOne(value: string): ReporterSink {
  const colon = value.indexOf(":");
  const name = colon < 0 ? value : value.slice(0, colon);
  const path = colon < 0 ? "-" : value.slice(colon + 1);
  if (!Object.hasOwn(REPORTERS, name)) {
    const names = Object.keys(REPORTERS);
    const near = closestName(name, names);
    throw new UsageError(
      `unknown reporter "${name}" in --reporter ${JSON.stringify(value)}${
        near ? ` (did you mean "${near}"?)` : ""
      }; expected one of: ${names.join(", ")}, optionally followed by :path`,
    );
  }
  if (colon >= 0 && path === "") {
    throw new UsageError(
      `--reporter ${
        JSON.stringify(value)
      } has an empty path; write ${name}:reports/out or ${name}:- for stdout`,
    );
  }
  return { name, path };
}

/** Whether the console gets a summary line: no report goes to stdout. */
export function needsConsoleSummary(sinks: readonly ReporterSink[]): boolean {
  return !sinks.some((s) => s.path === "-");
}

/** What a run prints when its reports all went to files: the failing tests, then the summary. */
export async function consoleSummary(
  record: RunRecord,
  sinks: readonly ReporterSink[],
): Promise<string> {
  const [{ summaryLine }, { failingLines }] = await Promise.all([
    importLater<typeof import("../6_report/pretty.ts")>(import.meta.url, "../6_report/pretty.ts"),
    importLater<typeof import("../6_report/failing_lines.ts")>(
      import.meta.url,
      "../6_report/failing_lines.ts",
    ),
  ]);
  const where = sinks.map((s) => `${s.name} ${s.path}`).join(", ");
  const reports = `report${sinks.length === 1 ? "" : "s"}: ${where}`;
  return `${failingLines(record)}${summaryLine(record)} (${reports})\n`;
}
