/** @module LOAD for the agent feature: `agents:`, `evals:`, `providers:` and `budget:` of every file, as plain data. */

import { ConfigError, ConfigErrors } from "../../0_base/errors/errors.ts";
import { normalizeExpect } from "./normalize_expect.ts";
import type { Call, DocumentPath, DocumentView, ServerSpec } from "./types.ts";
import { type ProviderConfig, resolveModel } from "./model_providers.ts";
import { TEST_TARGET_ROOTS } from "../../1_matchers/target_path.ts";
import { AGENT_TARGET_ROOTS, compileAssertions } from "./agent_assertions.ts";
import type {
  AgentSuite,
  AgentTest,
  EvalTest,
  ModelRef,
  ProviderFamily,
  SpendCaps,
} from "./agent_types.ts";

type Raw = Record<string, unknown>;

const JUDGE_MATCHERS = new Set(["llm-judge", "llm-jury"]);

/**
 * Parse the agent blocks of schema-valid documents. Models resolve here (provider, key, price),
 * so a missing key is known before any server starts; resolved keys join `secrets`.
 * @param env the environment keys and `MCPTEST_<FAMILY>_BASE_URL` come from
 */
export function loadAgents(
  docs: readonly DocumentView[],
  servers: Readonly<Record<string, ServerSpec>>,
  env: Readonly<Record<string, string>>,
): { suite?: AgentSuite; secrets: string[]; errors: ConfigError[] } {
  const errors: ConfigError[] = [];
  const secrets: string[] = [];
  const providers = new Map<string, ProviderConfig>();
  let budget: SpendCaps | undefined;
  /** Resolve the node at `path`, keeping its secrets; on config errors record them and give undefined. */
  const resolveAt = (doc: DocumentView, path: DocumentPath): unknown => {
    try {
      const done = doc.resolve(path);
      secrets.push(...done.secrets);
      return done.value;
    } catch (error) {
      if (error instanceof ConfigErrors) errors.push(...error.errors);
      else throw error;
      return undefined;
    }
  };
  const used = docs.filter((d) =>
    ["agents", "evals", "providers", "budget"].some((k) => d.value[k] !== undefined)
  );
  if (used.length === 0) return { secrets, errors };
  for (const doc of used) {
    let raw: Record<string, Raw> = {};
    if (doc.value.providers !== undefined) {
      raw = (resolveAt(doc, ["providers"]) as Record<string, Raw> | undefined) ?? raw;
    }
    for (const [name, entry] of Object.entries(raw)) {
      if (typeof entry.base_url === "string" && !/^https?:\/\/[^\s]+$/.test(entry.base_url)) {
        errors.push(
          new ConfigError(
            `provider "${name}" base_url must be an http:// or https:// URL, got ${
              JSON.stringify(entry.base_url)
            }`,
            doc.positionOf(["providers", name, "base_url"]),
          ),
        );
        continue;
      }
      const family = FAMILIES.includes(name as ProviderFamily) ? name as ProviderFamily : undefined;
      const type = (entry.type as ProviderFamily | undefined) ?? family;
      if (!type) {
        errors.push(
          new ConfigError(
            `provider "${name}" has no type:; expected type: openai (an OpenAI-compatible endpoint)`,
            doc.positionOf(["providers", name], "key"),
          ),
        );
        continue;
      }
      if (providers.has(name)) {
        errors.push(
          new ConfigError(
            `provider "${name}" is declared twice`,
            doc.positionOf(["providers", name], "key"),
          ),
        );
        continue;
      }
      const prices = Object.fromEntries(
        Object.entries((entry.prices ?? {}) as Record<string, { input: number; output: number }>)
          .map(([id, p]) => [id, { inputUsdPerMtok: p.input, outputUsdPerMtok: p.output }]),
      );
      providers.set(name, {
        name,
        type,
        prices,
        ...(typeof entry.base_url === "string" ? { baseUrl: entry.base_url } : {}),
        ...(typeof entry.api_key_env === "string" ? { apiKeyEnv: entry.api_key_env } : {}),
      });
    }
    if (doc.value.budget !== undefined) {
      if (budget) {
        errors.push(
          new ConfigError(
            "budget: is declared in more than one file; declare it once (mcptest.yml)",
            doc.positionOf(["budget"], "key"),
          ),
        );
      } else {
        const b = doc.value.budget as Raw;
        budget = {
          ...(typeof b.per_test_usd_cents === "number"
            ? { perTestUsdCents: b.per_test_usd_cents }
            : {}),
          ...(typeof b.per_suite_usd_cents === "number"
            ? { perSuiteUsdCents: b.per_suite_usd_cents }
            : {}),
        };
      }
    }
  }
  const judges: Record<string, ModelRef> = {};
  const resolve = (
    written: unknown,
    at: Parameters<DocumentView["positionOf"]>[0],
    doc: DocumentView,
  ) => {
    try {
      const model = resolveModel(
        written as string | { provider: string; id: string },
        providers,
        env,
      );
      if (model.apiKey) secrets.push(model.apiKey);
      return model;
    } catch (error) {
      errors.push(
        new ConfigError(error instanceof Error ? error.message : String(error), doc.positionOf(at)),
      );
      return undefined;
    }
  };
  const serverKey = (doc: DocumentView, name: string): string | undefined => {
    const own = `${doc.file}#${name}`;
    if (doc.role !== "config" && Object.hasOwn(servers, own)) return own;
    return Object.hasOwn(servers, name) ? name : undefined;
  };
  const unknownServer = (doc: DocumentView, name: string, at: (string | number)[]) => {
    const known = Object.values(servers).map((s) => s.name).sort();
    errors.push(
      new ConfigError(
        `unknown server ${JSON.stringify(name)}; expected one of: ${
          [...new Set(known)].join(", ") || "(none declared)"
        }`,
        doc.positionOf(at),
      ),
    );
  };
  const collectJudges = (doc: DocumentView, block: string, i: number, expect: unknown) => {
    if (!Array.isArray(expect)) return;
    expect.forEach((item: Raw, j) => {
      const matcher = (item.matcher ?? {}) as Raw;
      const [name, arg] = Object.entries(matcher)[0] ?? [];
      if (!name || !JUDGE_MATCHERS.has(name)) return;
      const at = [block, i, "expect", j, "matcher", name];
      const spec = (arg ?? {}) as Raw;
      const models = name === "llm-judge"
        ? [spec.model]
        : Array.isArray(spec.models)
        ? spec.models
        : [];
      models.forEach((m, k) => {
        if (m === undefined) return;
        const key = typeof m === "string" ? m : JSON.stringify(m);
        if (judges[key]) return;
        const model = resolve(
          m,
          name === "llm-judge" ? [...at, "model"] : [...at, "models", k],
          doc,
        );
        if (model) judges[key] = model;
      });
    });
  };
  const agents: AgentTest[] = [];
  const evals: EvalTest[] = [];
  const names = new Set<string>();
  /** Take the id of entry `i` of `block` named `name`; a duplicate is an error and gives undefined. */
  const claimName = (
    doc: DocumentView,
    block: "agents" | "evals",
    i: number,
    name: string,
    what: string,
  ): string | undefined => {
    const id = `${doc.file}::${block === "agents" ? "agent" : "eval"}::${name}`;
    if (names.has(id)) {
      errors.push(
        new ConfigError(`duplicate ${what} "${name}"`, doc.positionOf([block, i, "name"])),
      );
      return undefined;
    }
    names.add(id);
    return id;
  };
  for (const doc of used) {
    const list = Array.isArray(doc.value.agents) ? doc.value.agents : [];
    list.forEach((_, i) => {
      const item = resolveAt(doc, ["agents", i]) as Raw | undefined;
      if (item === undefined) return;
      const name = String(item.name);
      const id = claimName(doc, "agents", i, name, "agent test name");
      if (id === undefined) return;
      const written = item.models !== undefined ? item.models as unknown[] : [item.model];
      const models = written.flatMap((m, k) => {
        const model = resolve(
          m,
          item.models !== undefined ? ["agents", i, "models", k] : ["agents", i, "model"],
          doc,
        );
        return model ? [model] : [];
      });
      const serverNames = typeof item.servers === "string"
        ? [item.servers]
        : (item.servers as string[]);
      const keys = serverNames.flatMap((s, k) => {
        const key = serverKey(doc, s);
        if (!key) {
          unknownServer(doc, s, [
            "agents",
            i,
            "servers",
            ...(typeof item.servers === "string" ? [] : [k]),
          ]);
        }
        return key ? [{ key, name: s }] : [];
      });
      const { assertions } = normalizeExpect(
        item.expect ?? [],
        ["agents", i, "expect"],
        doc.positionOf,
      );
      collectJudges(doc, "agents", i, item.expect);
      agents.push({
        id,
        name,
        models,
        matrix: item.models !== undefined,
        servers: keys,
        prompt: String(item.prompt),
        ...(typeof item.system === "string" ? { system: item.system } : {}),
        maxTurns: typeof item.max_turns === "number" ? item.max_turns : 8,
        maxTokens: typeof item.max_tokens === "number" ? item.max_tokens : 1024,
        assertions,
        file: doc.file,
        pos: doc.positionOf(["agents", i]),
      });
    });
    const evalList = Array.isArray(doc.value.evals) ? doc.value.evals : [];
    evalList.forEach((_, i) => {
      const item = resolveAt(doc, ["evals", i]) as Raw | undefined;
      if (item === undefined) return;
      const name = String(item.name);
      const id = claimName(doc, "evals", i, name, "eval name");
      if (id === undefined) return;
      const serverName = typeof item.server === "string" ? item.server : soleServer(servers, doc);
      if (serverName === undefined) {
        errors.push(
          new ConfigError(
            "eval has no server:; name one of the declared servers",
            doc.positionOf(["evals", i]),
          ),
        );
        return;
      }
      const key = serverKey(doc, serverName);
      if (!key) return unknownServer(doc, serverName, ["evals", i, "server"]);
      const { assertions } = normalizeExpect(item.expect, ["evals", i, "expect"], doc.positionOf);
      if (!assertions.some((a) => JUDGE_MATCHERS.has(a.matcher.name))) {
        errors.push(
          new ConfigError(
            "an eval needs at least one llm-judge or llm-jury assertion (use tools:/resources:/prompts: for deterministic checks)",
            doc.positionOf(["evals", i, "expect"]),
          ),
        );
      }
      collectJudges(doc, "evals", i, item.expect);
      const args = (item.args ?? {}) as Record<string, unknown>;
      const call: Call = typeof item.tool === "string"
        ? { kind: "tool", tool: item.tool, args }
        : typeof item.resource === "string"
        ? { kind: "resource", uri: item.resource }
        : { kind: "prompt", prompt: String(item.prompt), args };
      evals.push({
        id,
        name,
        serverKey: key,
        serverName,
        call,
        ...(typeof item.question === "string" ? { prompt: item.question } : {}),
        assertions,
        file: doc.file,
        pos: doc.positionOf(["evals", i]),
      });
    });
  }
  for (const test of agents) {
    errors.push(...compileAssertions(test.assertions, AGENT_TARGET_ROOTS).errors);
  }
  for (const test of evals) {
    errors.push(...compileAssertions(test.assertions, TEST_TARGET_ROOTS).errors);
  }
  return { suite: { agents, evals, budget: budget ?? {}, judges }, secrets, errors };
}

const FAMILIES: readonly ProviderFamily[] = ["anthropic", "openai", "google", "mistral"];

function soleServer(
  servers: Readonly<Record<string, ServerSpec>>,
  doc: DocumentView,
): string | undefined {
  const own = Object.values(servers).filter((s) => s.key.startsWith(`${doc.file}#`));
  if (own.length === 1) return own[0]!.name;
  const all = Object.values(servers);
  return own.length === 0 && all.length === 1 ? all[0]!.name : undefined;
}
