/** @module What every stage of `runSuite` shares: the run's settings, secrets, credentials and the ways it opens sessions. */

import type { ServerSpec, Suite } from "../../3_load/config/types.ts";
import { VERSION } from "../../0_base/version.ts";
import { AuthRegistry } from "../../2_connect/auth/registry.ts";
import { RuntimeSecrets } from "../../2_connect/auth/runtime_secrets.ts";
import { capturingConnect } from "../../2_connect/session/capturing_connect.ts";
import type { CaptureSession, Session } from "../../2_connect/session/types.ts";
import type { CassetteMode } from "../../2_connect/cassette/server_cassette.ts";
import type { CassetteConnector, CassetteOptions } from "../../2_connect/cassette/connect.ts";
import { importLater } from "../../0_base/util/import_later.ts";
import type { RunSuiteOptions } from "./options.ts";

/** Opens a session to a server. */
export type Opener = (server: ServerSpec) => Promise<Session>;

/** One run of a suite, as its stages see it: the options resolved to their defaults. */
export interface SuiteRun {
  /** The suite, its `secrets` the run's live list (the suite's plus the tokens learnt). */
  readonly suite: Suite;
  /** The options as given. */
  readonly options: RunSuiteOptions;
  readonly cwd: string;
  readonly ci: boolean;
  readonly toolVersion: string;
  readonly mode: CassetteMode;
  readonly updateSnapshots: boolean;
  /** The run's secrets: every output of the run redacts them. */
  readonly secrets: RuntimeSecrets;
  /** The run's credentials, shared by tests and compliance blocks (one token, one refresh). */
  readonly auth: AuthRegistry;
  /** Opens a test's session: a cassette replay, a recording, or live (the cassette mode). */
  readonly connect: Opener;
  /** Opens a live session that keeps its exchanges (compliance rules read them). */
  readonly connectLive: Opener;
  /** The cassettes of the run: which servers replayed, and the recordings to write. */
  readonly cassettes: CassetteConnector<ServerSpec>;
  /** Where each session's capture goes; absent: sessions keep none. */
  readonly onCapture?: (capture: CaptureSession) => void;
  /** The captures of the run, kept for `captureFile` (empty without it). */
  readonly captures: CaptureSession[];
  /** Where notices and warnings go. */
  readonly notice: (line: string) => void;
}

/**
 * Resolve the options of a run: defaults, the run's secrets (the suite's plus those learnt while
 * running), its credentials registry, and the session openers every stage uses.
 */
export function openRun(suite: Suite, options: RunSuiteOptions = {}): SuiteRun {
  const cwd = options.cwd ?? Deno.cwd();
  const toolVersion = options.toolVersion ?? VERSION;
  const mode = options.cassettes ?? "auto";
  // Tokens learnt at run time join the run's secrets, so every output redacts them too.
  const secrets = options.secrets ?? new RuntimeSecrets();
  for (const secret of suite.secrets) secrets.add(secret);
  const auth = new AuthRegistry({ secrets, ...(options.reread ? { reread: options.reread } : {}) });
  const run = { ...suite, secrets: secrets.list };
  const captures: CaptureSession[] = [];
  const onCapture = captureSink(options, captures);
  const open = (keep: boolean): Opener => (server) =>
    options.connect
      ? options.connect(server, { capture: keep })
      : sessionLayer().then((layer) =>
        layer.connect(server, {
          clientVersion: toolVersion,
          capture: keep,
          secrets: run.secrets,
          auth,
          ...(options.onFrame ? { onFrame: options.onFrame } : {}),
        })
      );
  const cassettes = laterCassettes(run, {
    mode,
    cwd,
    toolVersion,
    live: (server, o) => open(o.capture)(server),
    auth,
    ...(options.onFrame ? { onFrame: options.onFrame } : {}),
  });
  const capture = onCapture !== undefined;
  return {
    suite: run,
    options,
    cwd,
    ci: options.ci ?? Deno.env.get("CI") === "true",
    toolVersion,
    mode,
    updateSnapshots: options.updateSnapshots ?? false,
    secrets,
    auth,
    connect: (server) => cassettes.connect(server, { capture }),
    connectLive: onCapture ? capturingConnect(open(true), onCapture) : open(true),
    cassettes,
    ...(onCapture ? { onCapture } : {}),
    captures,
    notice: options.onNotice ?? ((line) => console.error(line)),
  };
}

/** The caller's `onCapture`, plus keeping each capture for the capture file when one is asked for. */
function captureSink(
  options: RunSuiteOptions,
  captures: CaptureSession[],
): ((capture: CaptureSession) => void) | undefined {
  if (options.captureFile === undefined) return options.onCapture;
  const forward = options.onCapture;
  return (capture) => {
    captures.push(capture);
    forward?.(capture);
  };
}

/**
 * The session layer (transports, handshake, replay and recording), loaded on the first connect:
 * a run the result cache serves whole never loads it (docs/performance.md, replay).
 */
function sessionLayer(): Promise<typeof import("./session_layer.ts")> {
  return importLater<typeof import("./session_layer.ts")>(import.meta.url, "./session_layer.ts");
}

/**
 * The run's cassette connector, built on its first connect. Its `replayed` map exists from the
 * start: a run that never connects reads it empty.
 */
function laterCassettes(
  suite: Suite,
  options: Omit<CassetteOptions<ServerSpec>, "replayed">,
): CassetteConnector<ServerSpec> {
  const replayed = new Map<string, string>();
  let connector: Promise<CassetteConnector<ServerSpec>> | undefined;
  const built = () =>
    connector ??= sessionLayer().then((layer) =>
      layer.cassetteConnector<ServerSpec>(suite, { ...options, replayed })
    );
  return {
    replayed,
    connect: async (server, o) => await (await built()).connect(server, o),
    // Nothing connected: nothing was recorded.
    finish: async () => connector ? await (await connector).finish() : [],
  };
}
