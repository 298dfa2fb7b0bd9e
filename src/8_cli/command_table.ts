/**
 * @module The top-level commands of mcptest, in help order, each loaded only when it is built: a
 * command line that names one command builds (and imports) that command alone, not the other
 * thirteen and the option modules they pull in (docs/performance.md, start-up).
 */

import type { CommandUnknownOpts } from "@commander-js/extra-typings";
import { loadCliModule } from "./load_cli_module.ts";

/** Builds one command; `done` receives its exit code. */
type Build = (done: (code: number) => void) => Promise<CommandUnknownOpts>;

/** Each command's name and how to build it (the module that defines it is imported then). */
export const COMMANDS: Readonly<Record<string, Build>> = {
  init: async (done) =>
    (await loadCliModule<typeof import("./init.ts")>("init.ts")).initCommand(done),
  run: async (done) => (await loadCliModule<typeof import("./run.ts")>("run.ts")).runCommand(done),
  list: async (done) =>
    (await loadCliModule<typeof import("./list.ts")>("list.ts")).listCommand(done),
  report: async (done) =>
    (await loadCliModule<typeof import("./report.ts")>("report.ts")).reportCommand(done),
  compliance: async (done) => {
    const [group, diff, invariants] = await Promise.all([
      loadCliModule<typeof import("./compliance.ts")>("compliance.ts"),
      loadCliModule<typeof import("./compliance_revision_diff.ts")>("compliance_revision_diff.ts"),
      loadCliModule<typeof import("./compliance_invariants.ts")>("compliance_invariants.ts"),
    ]);
    return group.complianceCommand(done, [
      diff.complianceDiffCommand(done),
      invariants.complianceInvariantsCommand(done),
    ]);
  },
  conformance: async (done) =>
    (await loadCliModule<typeof import("./conformance.ts")>("conformance.ts"))
      .conformanceCommand(done),
  doctor: async (done) =>
    (await loadCliModule<typeof import("./doctor.ts")>("doctor.ts")).doctorCommand(done),
  auth: async (done) =>
    (await loadCliModule<typeof import("./auth.ts")>("auth.ts")).authCommand(done),
  lint: async (done) =>
    (await loadCliModule<typeof import("./lint.ts")>("lint.ts")).lintCommand(done),
  migrate: async (done) =>
    (await loadCliModule<typeof import("./migrate.ts")>("migrate.ts")).migrateCommand(done),
  serve: async (done) =>
    (await loadCliModule<typeof import("./serve.ts")>("serve.ts")).serveCommand(done),
  scan: async (done) =>
    (await loadCliModule<typeof import("./scan.ts")>("scan.ts")).scanCommand(done),
  fuzz: async (done) =>
    (await loadCliModule<typeof import("./fuzz.ts")>("fuzz.ts")).fuzzCommand(done),
  diff: async (done) =>
    (await loadCliModule<typeof import("./diff.ts")>("diff.ts")).diffCommand(done),
};

/**
 * The commands to build for `argv`: the one it names, or every command when it names none (help,
 * `--version`, a mistyped name commander should suggest a correction for, `mcptest help <cmd>`).
 */
export function commandsFor(argv: readonly string[]): string[] {
  const first = argv[0];
  return first !== undefined && Object.hasOwn(COMMANDS, first) ? [first] : Object.keys(COMMANDS);
}
