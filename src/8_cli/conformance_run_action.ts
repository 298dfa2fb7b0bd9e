/** @module The `mcptest conformance run` action: resolve the corpus, probe the server, report, exit code. */

import { ConformanceExitCode } from "../0_base/errors/exit_codes.ts";
import { getConformanceReporter } from "../7_features/conformance/report/reporters.ts";
import {
  CorpusMissingError,
  resolveCorpus,
  type ResolvedCorpus,
} from "../7_features/conformance/resolve_corpus.ts";
import { runConformance } from "../7_features/conformance/run_conformance.ts";
import { RevisionUnavailableError } from "../7_features/conformance/revision_unavailable.ts";
import { UsageError } from "../0_base/errors/errors.ts";
import { corpusForNegotiated, ensureSomeCorpus } from "../7_features/conformance/choose_target.ts";
import { parseServerArg } from "../7_features/conformance/server_arg.ts";
import { writeReport } from "../7_features/conformance/write_report.ts";
import { connect } from "../2_connect/session/connect.ts";
import { captureFileValue, capturingConnect } from "../2_connect/session/capturing_connect.ts";
import type { CaptureSession } from "../2_connect/session/types.ts";
import { redactCapture } from "../4_record/redact_record.ts";
import { writeFileAtomic } from "../0_base/util/write_output.ts";
import { VERSION } from "../0_base/version.ts";
import { useColor } from "./color.ts";
import type { ConformanceRunOptions } from "./conformance.ts";
import { handleConformanceError } from "./conformance_error.ts";
import type { ServerEndpoint } from "../2_connect/session/types.ts";

/**
 * Score the server and return the exit code: 0 whatever the tier; 7 when the server does not speak
 * `--target-version` (one line on stderr, and the JSON report with the reason for `--reporter json`).
 */
export async function conformanceRunAction(options: ConformanceRunOptions): Promise<number> {
  let out: string | undefined;
  try {
    out = outPath(options);
    const reporter = getConformanceReporter(options.reporter);
    const server = parseServerArg(options.server, {
      headers: options.header,
      timeoutMs: options.timeout,
    });
    // Without --target-version the server's revision picks the corpus; fail before connecting when
    // there is no corpus at all.
    if (options.targetVersion === undefined) await ensureSomeCorpus(options.corpusDir);
    const corpus = options.targetVersion === undefined
      ? corpusForNegotiated(
        options.corpusDir === undefined ? {} : { corpusDir: options.corpusDir },
        (line) => console.error(line),
      )
      : await resolveWithRefresh(options);
    const captures: CaptureSession[] = [];
    const result = await runConformance({
      server,
      corpus,
      connect: capturingConnect(
        (spec) => connect(spec, { clientVersion: VERSION, secrets: headerSecrets(server) }),
        (capture) => captures.push(capture),
      ),
      toolVersion: VERSION,
    });
    if (options.capture !== undefined) {
      const value = redactCapture(captureFileValue(captures), headerSecrets(server));
      await writeFileAtomic(options.capture, JSON.stringify(value, null, 2) + "\n");
    }
    const toStdout = out === undefined || out === "-";
    await writeReport(out, reporter(result, { color: toStdout && useColor(options.color) }));
    if (!toStdout) console.error(`${result.badge} ${result.tier}: report written to ${out}`);
    return ConformanceExitCode.Ok;
  } catch (error) {
    if (error instanceof RevisionUnavailableError) {
      return await unavailable(error, options.reporter, out, options.verbose);
    }
    return handleConformanceError(error, options.verbose);
  }
}

/** `--out`, or its alias `--output` (`compliance run`'s name); both must agree when both are given. */
function outPath(options: ConformanceRunOptions): string | undefined {
  const { out, output } = options;
  if (out !== undefined && output !== undefined && out !== output) {
    throw new UsageError(
      `--out "${out}" and --output "${output}" name two reports; give one of them`,
    );
  }
  return out ?? output;
}

/**
 * No check could run: print the one line (as `compliance run` does) and, for the JSON reporter,
 * write the report with the reason where the report would have gone. Exit 7.
 */
async function unavailable(
  error: RevisionUnavailableError,
  reporter: string,
  out: string | undefined,
  verbose: boolean,
): Promise<number> {
  console.error(error.report.reason);
  if (reporter !== "json") return error.exitCode;
  try {
    await writeReport(out, JSON.stringify(error.report, null, 2) + "\n");
  } catch (writeError) {
    return handleConformanceError(writeError, verbose);
  }
  return error.exitCode;
}

async function resolveWithRefresh(options: ConformanceRunOptions): Promise<ResolvedCorpus> {
  const resolve = () =>
    resolveCorpus({
      ...(options.corpusDir === undefined ? {} : { corpusDir: options.corpusDir }),
      ...(options.targetVersion === undefined ? {} : { revision: options.targetVersion }),
    });
  try {
    return await resolve();
  } catch (error) {
    if (
      !(error instanceof CorpusMissingError) || !options.autoRefresh ||
      options.targetVersion === undefined
    ) {
      throw error;
    }
    const { refreshCorpus } = await import("../7_features/conformance/refresh/refresh.ts");
    console.error(`corpus ${options.targetVersion} is missing: refreshing (--auto-refresh)`);
    await refreshCorpus({
      revision: options.targetVersion,
      ...(options.corpusDir === undefined ? {} : { corpusDir: options.corpusDir }),
    });
    return await resolve();
  }
}

/** `--header` values of an HTTP `--server` (credentials): hidden in every output. */
function headerSecrets(server: ServerEndpoint): string[] {
  return server.target.kind === "http" ? Object.values(server.target.headers) : [];
}
