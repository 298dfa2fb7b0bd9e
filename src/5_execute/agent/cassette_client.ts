/** @module Agent cassettes at the driver's level: a recording ModelClient, a replaying one, and the staleness checks (`cassette stale on field <field>`). */

import {
  AGENT_CASSETTE_FORMAT,
  type AgentCassette,
  type AgentCassetteExchange,
} from "../../2_connect/cassette/agent_format.ts";
import { CASSETTE_VERSION } from "../../2_connect/cassette/format.ts";
import { canonicalJson, normalizeString } from "../../2_connect/cassette/normalize.ts";
import { differences } from "../../2_connect/cassette/staleness.ts";
import { createRedactor, redactJson } from "../../0_base/redaction/redactor.ts";
import type { ModelClient, TurnReply, TurnRequest } from "./model_client.ts";
import type { ModelRef } from "../../3_load/config/agent_types.ts";

/** The row a cassette belongs to. */
export interface CassetteRow {
  /** The agent test's name. */
  readonly agent: string;
  /** The row's name (`weather query [claude-sonnet-4-5]`), for messages. */
  readonly rowName: string;
  /** The row's model (an eval's cassette uses `{id: "judges", provider: "judges"}`). */
  readonly model: { readonly id: string; readonly provider: string };
  readonly prompt: string;
  readonly system?: string;
}

/** Every string of a JSON value with the default normalisation (timestamps, UUIDs) and secrets hidden. */
function normalized(value: unknown, secrets: readonly string[]): unknown {
  const redactor = createRedactor(secrets.filter((s) => s.length > 0));
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return normalizeString(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === "object") {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    }
    return v;
  };
  const out = walk(JSON.parse(JSON.stringify(value ?? null)));
  return redactor.active ? redactJson(out, redactor, () => undefined) : out;
}

/** A model call as stored and compared: the catalog without server keys (they hold file paths). */
export function storedRequest(request: TurnRequest, secrets: readonly string[]): unknown {
  return normalized({
    ...(request.system !== undefined ? { system: request.system } : {}),
    messages: request.messages,
    tools: request.tools.map((t) => ({
      name: t.exposedName,
      mcp_name: t.name,
      server: t.server,
      description: t.description,
      input_schema: t.inputSchema,
    })),
    max_output_tokens: request.maxOutputTokens,
  }, secrets);
}

/** Collects a row's model calls while it runs live (`--record`). */
export class AgentRecorder {
  readonly exchanges: AgentCassetteExchange[] = [];
  constructor(private readonly secrets: readonly string[]) {}

  /** `client` with every call it answers recorded under `model`'s label. */
  wrap(client: ModelClient, model: ModelRef): ModelClient {
    return {
      provider: client.provider,
      stub: client.stub,
      turn: async (request) => {
        const reply = await client.turn(request);
        this.exchanges.push({
          model: model.label,
          provider: client.provider,
          request: storedRequest(request, this.secrets),
          reply: normalized(reply, this.secrets),
        });
        return reply;
      },
    };
  }

  /** The cassette of the row; undefined when only the stub answered (it is already free and deterministic). */
  cassette(row: CassetteRow, recordedWith: string): AgentCassette | undefined {
    if (this.exchanges.every((e) => e.provider === "stub")) return undefined;
    return {
      format: AGENT_CASSETTE_FORMAT,
      version: CASSETTE_VERSION,
      agent: row.agent,
      provider: row.model.provider,
      model: row.model.id,
      prompt: row.prompt,
      ...(row.system !== undefined ? { system: row.system } : {}),
      recorded_with: recordedWith,
      exchanges: this.exchanges,
    };
  }
}

/** An error whose message starts `cassette stale on field <field>`. */
export class AgentCassetteStale extends Error {
  constructor(readonly field: string, rowName: string, detail: string) {
    super(
      `cassette stale on field ${field} in test ${
        JSON.stringify(rowName)
      }: ${detail}; re-record with: mcptest run --record`,
    );
    this.name = "AgentCassetteStale";
  }
}

const shown = (v: unknown) => {
  const text = v === undefined ? "(absent)" : JSON.stringify(v);
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
};

/**
 * What makes a cassette stale before any call: the model id, the named provider, the prompt and
 * the system prompt of the YAML against the recorded ones (first difference wins).
 */
export function headerStaleness(
  cassette: AgentCassette,
  row: CassetteRow,
  path: string,
): AgentCassetteStale | undefined {
  const checks: Array<[string, unknown, unknown]> = [
    ["model", row.model.id, cassette.model],
    ["provider", row.model.provider, cassette.provider],
    ["prompt", row.prompt, cassette.prompt],
    ["system", row.system, cassette.system],
  ];
  for (const [field, now, recorded] of checks) {
    if (now !== recorded) {
      return new AgentCassetteStale(
        field,
        row.rowName,
        `the test's ${field} is ${shown(now)}, ${path} recorded ${shown(recorded)}`,
      );
    }
  }
  return undefined;
}

/**
 * Clients that answer a row's model calls from its cassette: each model label gets its recorded
 * calls in order. A call that differs from the recorded one (after normalisation) throws
 * {@link AgentCassetteStale} naming the first differing field. Replayed calls cost nothing.
 */
export class AgentReplayer {
  readonly #next = new Map<string, number>();
  constructor(
    private readonly cassette: AgentCassette,
    private readonly row: CassetteRow,
    private readonly path: string,
    private readonly secrets: readonly string[],
  ) {}

  /** The replaying client of `model` (the row's model or a judge's). */
  client(model: ModelRef): ModelClient {
    const mine = this.cassette.exchanges.filter((e) => e.model === model.label);
    const provider = mine[0]?.provider ?? model.provider;
    const stub = mine.length > 0 && mine.every((e) => e.provider === "stub");
    return {
      provider,
      stub,
      replayed: true,
      turn: (request) => Promise.resolve(this.#answer(model, mine, request)),
    };
  }

  #answer(
    model: ModelRef,
    mine: readonly AgentCassetteExchange[],
    request: TurnRequest,
  ): TurnReply {
    const index = this.#next.get(model.label) ?? 0;
    const recorded = mine[index];
    if (!recorded) {
      throw new AgentCassetteStale(
        "exchanges",
        this.row.rowName,
        `${this.path} holds ${mine.length} call(s) to ${model.label}; this run made call ${
          index + 1
        }`,
      );
    }
    const live = { request: storedRequest(request, this.secrets) };
    const diffs = differences(live, { request: recorded.request }, "");
    if (diffs.length > 0 && canonicalJson(live.request) !== canonicalJson(recorded.request)) {
      const field = diffs[0]!;
      throw new AgentCassetteStale(
        field,
        this.row.rowName,
        `call ${index + 1} to ${model.label} differs from the one in ${this.path}`,
      );
    }
    this.#next.set(model.label, index + 1);
    return recorded.reply as TurnReply;
  }
}
