/** @module The sessions of one rule run whose client is not the main session's, shared: the capability rules (ELICIT, SAMPLE, ROOTS) share one session declaring every capability they exercise and one declaring none, and the APPS probe runs first on the declaring one (which declares the UI extension too). Each is run once per rule run; each rule takes its own outcome. */

import type { Session } from "../../../2_connect/session/types.ts";
import type { ProbeOutcome } from "./probe_root.ts";
import { appsOutcome, withUiExtension } from "./apps_session.ts";
import { runUiResourcesProbe } from "./ui_resources_probe.ts";
import {
  type CapabilityProbeOptions,
  type ClientCapability,
  runCapabilityProbes,
} from "./capability_probe.ts";

/** Which probes a rule run needs sessions of their own for (set by `runRules`). */
export interface ClientProbes {
  /** The capabilities of the run's capability rules that run, in rule order. */
  readonly capabilities: readonly ClientCapability[];
  /** Whether an APPS rule (`ui_resources` probe) runs. */
  readonly apps: boolean;
}

/** How the probes reach the server: the capability probe's options and the main session. */
export interface ClientProbeOptions extends CapabilityProbeOptions {
  /** The main session (the APPS probe runs there when no session of its own opens). */
  readonly shared: Session;
}

/** The outcomes of one rule run's shared probes. */
interface RunProbes {
  readonly capabilities: Promise<ProbeOutcome[]>;
  /** Absent when the run has no APPS rule. */
  readonly apps?: Promise<ProbeOutcome>;
}

const runs = new WeakMap<object, Map<string, Promise<ProbeOutcome[]> | RunProbes>>();

/**
 * Run the capability probe of `capabilities` with the APPS probe on its declaring session (which
 * declares the UI extension too), once the tools are listed and before any call: a fixed order.
 * When that session does not open, the APPS probe runs on a session of its own, as alone.
 */
function startShared(capabilities: readonly ClientCapability[], options: ClientProbeOptions) {
  const apps = Promise.withResolvers<ProbeOutcome>();
  let ran = false;
  const alongside = {
    client: withUiExtension,
    run: async (session: Session) => {
      ran = true;
      try {
        apps.resolve(await runUiResourcesProbe(session, options.timeoutMs));
      } catch (error) {
        apps.resolve({ root: {}, error: `the MCP Apps probe: ${(error as Error).message}` });
      }
    },
  };
  const outcomes = runCapabilityProbes(capabilities, { ...options, alongside });
  const alone = () => {
    if (!ran) apps.resolve(appsOutcome(options.open, options.shared, options.timeoutMs));
  };
  outcomes.then(alone, alone);
  return { capabilities: outcomes, apps: apps.promise };
}

/** The memo of `run` under `key`, started with `start` on first use. */
function memo<T extends Promise<ProbeOutcome[]> | RunProbes>(
  run: object,
  key: string,
  start: () => T,
): T {
  let probes = runs.get(run);
  if (probes === undefined) runs.set(run, probes = new Map());
  let found = probes.get(key) as T | undefined;
  if (found === undefined) probes.set(key, found = start());
  return found;
}

/**
 * The outcome of the probe `want` (a capability, or `apps`) in one rule run (`run`: an object
 * that lives as long as the run). With `shared` naming the run's capability rules, the first rule
 * to ask runs the probes of all of them (and of the APPS rules when they run) on shared sessions
 * ({@link runCapabilityProbes}, in rule order), and the others await it. A probe not in `shared`
 * runs on sessions of its own.
 */
export async function clientProbeOutcome(
  run: object,
  shared: ClientProbes | undefined,
  want: ClientCapability | "apps",
  options: ClientProbeOptions,
): Promise<ProbeOutcome> {
  const capabilities = [...new Set(shared?.capabilities ?? [])];
  const together = capabilities.length > 0 &&
    (want === "apps" ? shared!.apps : capabilities.includes(want));
  if (together) {
    const key = `${capabilities.join(",")}${shared!.apps ? "+apps" : ""}`;
    const probes = memo<RunProbes>(
      run,
      key,
      () =>
        shared!.apps
          ? startShared(capabilities, options)
          : { capabilities: runCapabilityProbes(capabilities, options) },
    );
    if (want === "apps") return await probes.apps!;
    return (await probes.capabilities)[capabilities.indexOf(want)]!;
  }
  if (want === "apps") {
    return (await memo(run, "apps", async () => [
      await appsOutcome(options.open, options.shared, options.timeoutMs),
    ]))[0]!;
  }
  return (await memo(run, want, () => runCapabilityProbes([want], options)))[0]!;
}
