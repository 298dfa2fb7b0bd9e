/** @module A `--target-version` the server does not speak: detected and worded as `compliance run` does it (one line, exit 7). */

import { importLater } from "../../0_base/util/import_later.ts";
import { McptestError } from "../../0_base/errors/errors.ts";
import { ConformanceExitCode } from "../../0_base/errors/exit_codes.ts";
import { findRevision } from "../../0_base/protocol/revisions.ts";
import type { ServerEndpoint, Session } from "../../2_connect/session/types.ts";
import type { ConformanceUnavailable } from "./result.ts";

/** The server negotiates another revision than the one asked for: no check ran (exit 7). */
export class RevisionUnavailableError extends McptestError {
  /** The JSON report of the run (`--reporter json`), with the reason. */
  readonly report: ConformanceUnavailable;

  /**
   * The error for a run that did not happen.
   * @param report the report of that run, with the reason
   */
  constructor(report: ConformanceUnavailable) {
    super(report.reason, ConformanceExitCode.RevisionUnavailable);
    this.name = "RevisionUnavailableError";
    this.report = report;
  }
}

/**
 * After the handshake pinned to `requested` failed, the revision the server settles on when left
 * free, if it is another one; undefined when that handshake fails too, or agrees (then the failure
 * is a verdict on the server, not a missing revision). The session is closed.
 */
export async function otherRevisionSpoken(
  connect: (server: ServerEndpoint) => Promise<Session>,
  server: ServerEndpoint,
  requested: string,
): Promise<string | undefined> {
  const revision = findRevision(requested);
  if (!revision) return undefined;
  const { revision: _pinned, ...unpinned } = server;
  let session: Session;
  try {
    session = await connect(unpinned);
  } catch {
    return undefined;
  }
  try {
    const speaks = session.protocolVersion;
    return speaks !== "" && speaks !== revision.id ? speaks : undefined;
  } finally {
    await session.close();
  }
}

/**
 * The one line of a run against a server that lacks `requested`: `compliance run`'s own wording
 * (`server speaks up to 2025-11-25; 2026-07-28 rules not run`), loaded only on this path.
 */
export async function unavailableLine(requested: string, speaks: string): Promise<string> {
  const { revisionUnavailableLine } = await importLater<
    typeof import("../../5_execute/compliance/run_compliance.ts")
  >(import.meta.url, "../../5_execute/compliance/run_compliance.ts");
  return revisionUnavailableLine(requested, speaks);
}
