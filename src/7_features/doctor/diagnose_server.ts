/** @module Walk one resolved server through its failure layers (and the migration probe when asked). */

import { importLater } from "../../0_base/util/import_later.ts";
import type { Session } from "../../2_connect/session/types.ts";
import type { HttpTarget, ServerSpec, StdioTarget } from "../../3_load/config/types.ts";
import { targetLabel } from "../../2_connect/transport/target_label.ts";
import type { MigrationRow } from "../migration/types.ts";
import { declaredIn } from "./render.ts";
import { readinessFailure } from "./readiness.ts";
import type { LayerResult, ServerDiagnosis } from "./types.ts";
import { walkStdio } from "./stdio_layers.ts";
import { walkUrl } from "./url_layers.ts";

/** A diagnosis plus the migration rows when `--target-version` asked for them. */
export interface DoctorResult extends ServerDiagnosis {
  /** The migration probe's rows, one per corpus entry. */
  readonly migration?: readonly MigrationRow[];
}

/**
 * Diagnose a server; `migrate` runs the 2026-07-28 migration probe on the live session. `needs`
 * (capability -> how many of the suite's tests need it) makes readiness fail on a capability the
 * server does not advertise; readiness also fails a server that says `ready: false`.
 */
export async function diagnoseServer(
  server: ServerSpec,
  timeoutMs: number,
  migrate: boolean,
  needs?: ReadonlyMap<string, number>,
): Promise<DoctorResult> {
  const walked = server.target.kind === "http"
    ? await walkUrl(server as ServerSpec & { target: HttpTarget }, timeoutMs)
    : await walkStdio(server as ServerSpec & { target: StdioTarget }, timeoutMs);
  const session = walked.session;
  const layers = session ? judgeReadiness(walked.layers, session, needs) : walked.layers;
  const where = declaredIn(server.pos);
  const base: ServerDiagnosis = {
    name: server.name,
    target: targetLabel(server.target),
    source: server.source,
    ...(where ? { declaredIn: where } : {}),
    layers,
  };
  if (!session) return base;
  try {
    if (!migrate || layers.some((l) => l.status === "fail")) return base;
    const { runMigrationProbe } = await importLater<typeof import("./migration_probe.ts")>(
      import.meta.url,
      "./migration_probe.ts",
    );
    return { ...base, migration: await runMigrationProbe(session) };
  } finally {
    await session.close();
  }
}

/** The layers with a passed readiness layer turned into a failure when {@link readinessFailure} finds one. */
function judgeReadiness(
  layers: readonly LayerResult[],
  session: Session,
  needs: ReadonlyMap<string, number> | undefined,
): readonly LayerResult[] {
  const index = layers.findIndex((l) => l.layer === "readiness" && l.status === "ok");
  if (index < 0) return layers;
  const failure = readinessFailure(session, needs);
  return failure ? layers.map((l, i) => i === index ? failure : l) : layers;
}
