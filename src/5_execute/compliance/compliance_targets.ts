/** @module The two targets of `runComplianceSuite`: a suite's `compliance:` blocks and gates, or every rule of one revision against one server. */

import { importLater } from "../../0_base/util/import_later.ts";
import { UsageError } from "../../0_base/errors/errors.ts";
import type { ServerSpec, Suite } from "../../3_load/config/types.ts";
import type { ComplianceBlock } from "../../3_load/config/compliance_block.ts";
import { loadSuite } from "../../3_load/config/load_suite.ts";
import { validateComplianceVersion } from "../../3_load/compliance_corpus/versions.ts";
import type { ComplianceCorpus } from "../../3_load/compliance_corpus/types.ts";
import type { SafeTool } from "../../3_load/config/safe_tool.ts";
import type { TestResult } from "../../4_record/run_record.ts";
import { capturingConnect } from "../../2_connect/session/capturing_connect.ts";
import { connect as liveConnect } from "../../2_connect/session/connect.ts";
import type { CaptureSession, Session } from "../../2_connect/session/types.ts";
import { runBlocksAndGates } from "./run_blocks_and_gates.ts";
import { pickComplianceVersion, runCompliance, withVersionPrefix } from "./run_compliance.ts";

/** A server that lacks the revision asked for: no rule ran, and `line` says so. */
export interface RevisionUnavailable {
  /** The revision asked for. */
  readonly requested: string;
  /** The newest revision the server speaks. */
  readonly speaks: string;
  /** `server speaks up to 2025-11-25; v2026-07-28 rules not run` */
  readonly line: string;
}

/** Where the rules run and how sessions open (`runComplianceSuite`'s options, less the outputs). */
export interface CompliancePlan {
  readonly suite?: Suite;
  readonly fromSuite?: string;
  readonly server?: ServerSpec;
  readonly revision?: string;
  readonly cwd?: string;
  readonly vars?: readonly string[];
  readonly envFiles?: readonly string[];
  readonly connect?: (server: ServerSpec) => Promise<Session>;
  readonly toolVersion: string;
  /** With `server`: the corpus to run (`--registry`); default: the embedded one. */
  readonly corpus?: ComplianceCorpus;
  /** `--safe-tool`: the tools the capability rules may call (over a block's `safe_tools:`). */
  readonly safeTools?: readonly SafeTool[];
}

/** A suite's blocks with their raw rule results: what `--save-grade` grades. */
export interface GradedBlocks {
  readonly blocks: readonly ComplianceBlock[];
  readonly rules: readonly TestResult[];
  readonly servers: Suite["servers"];
}

/** What a target produced: every result, and what the record and the CLI need. */
export interface TargetResults {
  readonly tests: readonly TestResult[];
  /** The suite's files (none for a server). */
  readonly files: readonly string[];
  /** What the record and the capture file hide: the suite's secrets, or the server's header values. */
  readonly secrets: readonly string[];
  readonly pickedRevision?: string;
  readonly revisionUnavailable?: RevisionUnavailable;
  /** For a suite: its blocks and raw rule results. */
  readonly graded?: GradedBlocks;
}

/**
 * Run the plan's target; each session's capture goes to `captures` as it closes.
 * @throws {UsageError} a suite without a `compliance:` block
 */
export async function complianceTargetResults(
  plan: CompliancePlan,
  captures: CaptureSession[],
): Promise<TargetResults> {
  // The run's secrets, once known: hidden in stderr tails at the source (a live list).
  const secrets: string[] = [];
  const open = capturingConnect(
    plan.connect ?? ((server) => liveConnect(server, { clientVersion: plan.toolVersion, secrets })),
    (capture) => captures.push(capture),
  );
  if (plan.server !== undefined) return await serverResults(plan, plan.server, open, secrets);
  return await suiteResults(plan, open, secrets);
}

/** The `compliance:` blocks of the suite, then their gates. */
async function suiteResults(
  plan: CompliancePlan,
  open: (server: ServerSpec) => Promise<Session>,
  secrets: string[],
): Promise<TargetResults> {
  const cwd = plan.cwd ?? Deno.cwd();
  // --from-suite FILE, or else the project's suites (as `mcptest run` finds them).
  const suite = plan.suite ?? await loadSuite({
    paths: plan.fromSuite === undefined ? [] : [plan.fromSuite],
    cwd,
    ...(plan.vars ? { vars: plan.vars } : {}),
    ...(plan.envFiles ? { envFiles: plan.envFiles } : {}),
  });
  secrets.push(...suite.secrets);
  const blocks = [...(suite.compliance ?? [])];
  if (blocks.length === 0) throw await noBlocks(plan, cwd, suite);
  const { readGradeBaselines } = await importLater<typeof import("./gates/run_gates.ts")>(
    import.meta.url,
    "./gates/run_gates.ts",
  );
  const gradeBaselines = await readGradeBaselines(blocks);
  const { rules, gates } = await runBlocksAndGates(suite, blocks, {
    connect: open,
    gradeBaselines,
    ...(plan.safeTools?.length ? { safeTools: plan.safeTools } : {}),
  });
  return {
    tests: [...rules, ...gates],
    files: [...suite.files],
    secrets: [...suite.secrets],
    graded: { blocks, rules, servers: suite.servers },
  };
}

/** Every rule of the revision asked for, or of the newest one the server negotiates. */
async function serverResults(
  plan: CompliancePlan,
  server: ServerSpec,
  open: (server: ServerSpec) => Promise<Session>,
  secrets: string[],
): Promise<TargetResults> {
  secrets.push(...(server.target.kind === "http" ? Object.values(server.target.headers) : []));
  let version = plan.revision === undefined
    ? undefined
    : validateComplianceVersion(withVersionPrefix(plan.revision));
  let session: Session | undefined;
  let picked: string | undefined;
  if (version === undefined) {
    // No revision asked for: the newest the server negotiates (its session is reused).
    session = await open(server);
    version = picked = pickComplianceVersion(session.protocolVersion);
  }
  const run = await runCompliance({
    server,
    version,
    connect: open,
    ...(session ? { session } : {}),
    ...(plan.corpus ? { corpus: plan.corpus } : {}),
    ...(plan.safeTools?.length ? { safeTools: plan.safeTools } : {}),
  });
  return {
    tests: run.results,
    files: [],
    secrets: [...secrets],
    ...(picked !== undefined ? { pickedRevision: picked } : {}),
    ...(run.revisionUnavailable ? { revisionUnavailable: run.revisionUnavailable } : {}),
  };
}

/** A suite without a block: name the file, or say where the project's suites were looked for. */
async function noBlocks(plan: CompliancePlan, cwd: string, suite: Suite): Promise<UsageError> {
  if (plan.fromSuite !== undefined) {
    return new UsageError(`${plan.fromSuite} has no compliance: block, expected one to run`);
  }
  if (plan.suite !== undefined) {
    return new UsageError("the suite has no compliance: block, expected one to run");
  }
  const { describeSearch } = await importLater<typeof import("../../3_load/config/discover.ts")>(
    import.meta.url,
    "../../3_load/config/discover.ts",
  );
  const where = await describeSearch({
    paths: [],
    cwd,
    files: suite.files,
    tests: suite.tests.length,
  });
  return new UsageError(
    [
      "no compliance: block in the project's suites, expected one to run; give --from-suite FILE, or --server TARGET (with --target-version VERSION to force a revision)",
      ...where.map((line) => `  ${line}`),
    ].join("\n"),
  );
}
