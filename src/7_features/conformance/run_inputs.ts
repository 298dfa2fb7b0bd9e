/** @module What `conformance run` settles before it probes: the server from `--server`, the corpus (fixed, chosen by the negotiated revision, or refreshed first), the session opener and the capture. */

import { importLater } from "../../0_base/util/import_later.ts";
import { serverFromFlag } from "../../3_load/config/server_spec.ts";
import { connect as liveConnect } from "../../2_connect/session/connect.ts";
import { captureFileValue, capturingConnect } from "../../2_connect/session/capturing_connect.ts";
import type { CaptureSession, ServerEndpoint, Session } from "../../2_connect/session/types.ts";
import { redactCapture } from "../../4_record/redact_record.ts";
import { VERSION } from "../../0_base/version.ts";
import { corpusForNegotiated, ensureSomeCorpus } from "./choose_target.ts";
import { CorpusMissingError, resolveCorpus, type ResolvedCorpus } from "./resolve_corpus.ts";
import type { CorpusSource, SepCorpus } from "./types.ts";
import { writeFile } from "./write_report.ts";
import type { DpopCredentials } from "./probes/probe_types.ts";
import { dpopSecrets, dpopSessionAuth } from "./dpop_session.ts";

/** A corpus version and where it came from. */
export type RunCorpus = SepCorpus & { readonly source: CorpusSource };

/** Picks the corpus for the revision the server negotiated (undefined: the handshake failed). */
export type CorpusChooser = (negotiated: string | undefined) => Promise<RunCorpus>;

/** Opens a session to a server (the live `connect`, or a fake in tests). */
export type Connect = (server: ServerEndpoint) => Promise<Session>;

/** How `runConformance` finds its inputs when they are not given resolved (the CLI's flags). */
export interface RunInputOptions {
  /**
   * The server: resolved, or a `--server` value (`[NAME=]URL` or `[NAME=]command`, read by
   * `parseServerFlag`; a bare target is named `conformance`).
   */
  readonly server: ServerEndpoint | string;
  /** `--header "Name: value"` values for a URL given as a string. */
  readonly headers?: readonly string[];
  /** Per-request timeout for a server given as a string (default 10000 ms). */
  readonly timeoutMs?: number;
  /**
   * The corpus, or a chooser given the negotiated revision. Default: `revision`'s corpus from
   * `corpusDir`, the cache or the embedded one; without `revision`, the newest revision the
   * server negotiates that has a corpus.
   */
  readonly corpus?: RunCorpus | CorpusChooser;
  /** `--target-version`: the revision to score against (default: the server's). */
  readonly revision?: string;
  /** `--corpus-dir`: the only corpus root consulted. */
  readonly corpusDir?: string;
  /** `--auto-refresh`: fetch `revision`'s corpus first when it is missing. */
  readonly autoRefresh?: boolean;
  /** Opens a session (default: the live `connect`, its header values kept out of every output). */
  readonly connect?: Connect;
  /** `--capture`: write the sessions (redacted, seed 003 format) to this file after the run. */
  readonly capture?: string;
  /** Where the run's progress lines go (the target version picked, a refresh); default nowhere. */
  readonly log?: (line: string) => void;
}

/** The inputs settled: ready to probe. */
export interface RunInputs {
  readonly server: ServerEndpoint;
  readonly corpus: RunCorpus | CorpusChooser;
  readonly connect: Connect;
  /** Write the capture file, when one was asked for (after a run that scored). */
  readonly finish: () => Promise<void>;
}

/** Default per-request timeout of `conformance run`, in milliseconds. */
export const CONFORMANCE_TIMEOUT_MS = 10_000;

/**
 * Settle the server, the corpus and the session opener, in the CLI's order: a bad `--server`
 * fails first, then a missing corpus (before any connection). With `dpop`, the live opener's
 * sessions to an HTTP server speak DPoP (see {@link dpopSessionAuth}) and the tokens are hidden
 * in the capture; a caller's own `connect` is used as it is.
 * @throws {ConfigError} a malformed `--server` or `--header` (exit 2)
 * @throws {CorpusMissingError} no corpus for the revision, or none at all (exit 2)
 * @throws {RefreshNetworkError} when `--auto-refresh` cannot fetch (exit 3)
 */
export async function resolveRunInputs(
  options: RunInputOptions & { readonly dpop?: DpopCredentials },
): Promise<RunInputs> {
  const server = typeof options.server === "string"
    ? serverFromFlag(options.server, {
      defaultName: "conformance",
      ...(options.headers ? { headers: options.headers } : {}),
      timeoutMs: options.timeoutMs ?? CONFORMANCE_TIMEOUT_MS,
    })
    : options.server;
  const corpus = options.corpus ?? await corpusOf(options);
  const secrets = [...headerSecrets(server), ...dpopSecrets(options.dpop)];
  const auth = dpopSessionAuth(server, options.dpop);
  const open: Connect = options.connect ??
    ((spec) =>
      liveConnect(spec, {
        clientVersion: VERSION,
        secrets,
        ...(auth === undefined ? {} : { auth }),
      }));
  if (options.capture === undefined) {
    return { server, corpus, connect: open, finish: async () => {} };
  }
  const captures: CaptureSession[] = [];
  const path = options.capture;
  return {
    server,
    corpus,
    connect: capturingConnect(open, (capture) => captures.push(capture)),
    finish: async () => {
      const value = redactCapture(captureFileValue(captures), secrets);
      await writeFile(path, JSON.stringify(value, null, 2) + "\n");
    },
  };
}

/** The corpus of a run: `revision`'s (refreshed first when asked), else a chooser. */
async function corpusOf(options: RunInputOptions): Promise<RunCorpus | CorpusChooser> {
  const log = options.log ?? (() => {});
  const root = options.corpusDir === undefined ? {} : { corpusDir: options.corpusDir };
  if (options.revision === undefined) {
    // The server's revision picks the corpus: fail before connecting when there is none at all.
    await ensureSomeCorpus(options.corpusDir);
    return corpusForNegotiated(root, log);
  }
  const revision = options.revision;
  const resolve = () => resolveCorpus({ ...root, revision });
  try {
    return await resolve();
  } catch (error) {
    if (!(error instanceof CorpusMissingError) || !options.autoRefresh) throw error;
  }
  const { refreshCorpus } = await importLater<typeof import("./refresh/refresh.ts")>(
    import.meta.url,
    "./refresh/refresh.ts",
  );
  log(`corpus ${revision} is missing: refreshing (--auto-refresh)`);
  await refreshCorpus({ revision, ...root, log });
  return await resolve() satisfies ResolvedCorpus;
}

/** `--header` values of an HTTP server (credentials): hidden in every output. */
function headerSecrets(server: ServerEndpoint): string[] {
  return server.target.kind === "http" ? Object.values(server.target.headers) : [];
}
