/** @module Walk one resolved server through its failure layers (and the migration probe when asked). */

import type { HttpTarget, ServerSpec, StdioTarget } from "../../3_load/config/types.ts";
import { targetLabel } from "../../2_connect/transport/target_label.ts";
import type { MigrationRow } from "../migration/types.ts";
import { declaredIn } from "./render.ts";
import type { ServerDiagnosis } from "./types.ts";
import { walkStdio } from "./stdio_layers.ts";
import { walkUrl } from "./url_layers.ts";

/** A diagnosis plus the migration rows when `--target-version` asked for them. */
export interface DoctorResult extends ServerDiagnosis {
  /** The migration probe's rows, one per corpus entry. */
  readonly migration?: readonly MigrationRow[];
}

/** Diagnose a server; `migrate` runs the 2026-07-28 migration probe on the live session. */
export async function diagnoseServer(
  server: ServerSpec,
  timeoutMs: number,
  migrate: boolean,
): Promise<DoctorResult> {
  const walked = server.target.kind === "http"
    ? await walkUrl(server as ServerSpec & { target: HttpTarget }, timeoutMs)
    : await walkStdio(server as ServerSpec & { target: StdioTarget }, timeoutMs);
  const where = declaredIn(server.pos);
  const base: ServerDiagnosis = {
    name: server.name,
    target: targetLabel(server.target),
    source: server.source,
    ...(where ? { declaredIn: where } : {}),
    layers: walked.layers,
  };
  const session = walked.session;
  if (!session) return base;
  try {
    if (!migrate || walked.layers.some((l) => l.status === "fail")) return base;
    const { runMigrationProbe } = await import("./migration_probe.ts");
    return { ...base, migration: await runMigrationProbe(session) };
  } finally {
    await session.close();
  }
}
