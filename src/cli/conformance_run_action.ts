/** @module The `mcptest conformance run` action: resolve the corpus, probe the server, report, exit code. */

import { ConformanceExitCode } from "../errors/exit_codes.ts";
import { getConformanceReporter } from "../conformance/report/reporters.ts";
import {
  CorpusMissingError,
  resolveCorpus,
  type ResolvedCorpus,
} from "../conformance/resolve_corpus.ts";
import { runConformance } from "../conformance/run_conformance.ts";
import { corpusForNegotiated, ensureSomeCorpus } from "../conformance/choose_target.ts";
import { parseServerArg } from "../conformance/server_arg.ts";
import { writeReport } from "../conformance/write_report.ts";
import { connect } from "../session/connect.ts";
import { captureFileValue, capturingConnect } from "../session/capturing_connect.ts";
import type { CaptureSession } from "../session/types.ts";
import { redactCapture } from "../record/redact.ts";
import { writeFileAtomic } from "../util/write_output.ts";
import { VERSION } from "../version.ts";
import { useColor } from "./color.ts";
import type { ConformanceRunOptions } from "./conformance.ts";
import { handleConformanceError } from "./conformance_error.ts";
import type { ServerEndpoint } from "../session/types.ts";

/** Score the server and return the exit code (0 whatever the tier). */
export async function conformanceRunAction(options: ConformanceRunOptions): Promise<number> {
  try {
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
    const toStdout = options.out === undefined || options.out === "-";
    await writeReport(
      options.out,
      reporter(result, { color: toStdout && useColor(options.color) }),
    );
    if (!toStdout) {
      console.error(`${result.badge} ${result.tier}: report written to ${options.out}`);
    }
    return ConformanceExitCode.Ok;
  } catch (error) {
    return handleConformanceError(error, options.verbose);
  }
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
    const { refreshCorpus } = await import("../conformance/refresh/refresh.ts");
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
