/** @module Which model clients a row uses under `--record`, replay (`auto` with a cassette) or live, and the cassettes a run writes. */

import type { CassetteMode } from "../../2_connect/cassette/server_cassette.ts";
import {
  type AgentCassette,
  agentCassettePath,
  readAgentCassette,
  writeAgentCassette,
} from "../../2_connect/cassette/agent_format.ts";
import { exists, shownPath } from "../../2_connect/cassette/store.ts";
import {
  AgentRecorder,
  AgentReplayer,
  type CassetteRow,
  headerStaleness,
} from "./cassette_client.ts";
import type { ModelClient } from "./model_client.ts";
import type { ModelRef } from "../../3_load/config/agent_types.ts";

/** How the agent stage treats cassettes. */
export interface AgentCassetteOptions {
  /** `auto` replays a row's cassette when it exists; `record` writes them; `live` never replays. */
  readonly mode: CassetteMode;
  readonly cwd: string;
  /** `recorded_with` (`mcptest 0.1.0`). */
  readonly recordedWith: string;
  /** Everything to hide from a cassette (the suite's secrets, API keys included). */
  readonly secrets: readonly string[];
}

/** The clients of one row, and what to do once it finished. */
export type RowCassette =
  | { readonly kind: "live"; readonly clientFor: (m: ModelRef) => ModelClient }
  | {
    readonly kind: "replay";
    readonly clientFor: (m: ModelRef) => ModelClient;
    /** The cassette as shown to people. */
    readonly shown: string;
  }
  | {
    readonly kind: "record";
    readonly clientFor: (m: ModelRef) => ModelClient;
    /** The cassette to write, when a real provider answered. */
    finish(): { path: string; cassette: AgentCassette } | undefined;
  }
  /** The cassette is unreadable or stale: the row errors with `message` before any model call. */
  | { readonly kind: "error"; readonly message: string };

/** Open a row's cassette in `options.mode`. */
export async function rowCassette(
  row: CassetteRow & { readonly file: string; readonly named: boolean },
  live: (m: ModelRef) => ModelClient,
  options: AgentCassetteOptions,
): Promise<RowCassette> {
  const path = agentCassettePath(row.file, options.cwd, row.agent, {
    id: row.model.id,
    provider: row.model.provider,
    named: row.named,
  });
  if (options.mode === "record") {
    const recorder = new AgentRecorder(options.secrets);
    return {
      kind: "record",
      clientFor: (m) => recorder.wrap(live(m), m),
      finish: () => {
        const cassette = recorder.cassette(row, options.recordedWith);
        return cassette ? { path, cassette } : undefined;
      },
    };
  }
  if (options.mode === "live" || !await exists(path)) return { kind: "live", clientFor: live };
  const shown = shownPath(path, options.cwd);
  let cassette: AgentCassette;
  try {
    cassette = await readAgentCassette(path, shown);
  } catch (error) {
    return { kind: "error", message: (error as Error).message };
  }
  const stale = headerStaleness(cassette, row, shown);
  if (stale) return { kind: "error", message: stale.message };
  const replayer = new AgentReplayer(cassette, row, shown, options.secrets);
  return { kind: "replay", clientFor: (m) => replayer.client(m), shown };
}

/** Write the cassettes a `--record` run collected (atomically, secrets redacted). */
export async function writeRowCassettes(
  recorded: ReadonlyArray<{ path: string; cassette: AgentCassette }>,
  secrets: readonly string[],
): Promise<string[]> {
  for (const { path, cassette } of recorded) await writeAgentCassette(path, cassette, secrets);
  return recorded.map((r) => r.path);
}
