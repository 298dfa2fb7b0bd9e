/** @module The `client:` block of a server entry or a test: what mcptest's client declares (sampling, elicitation, roots) and its scripted replies, read into a `ClientSpec`. */

import { ConfigError } from "../../0_base/errors/errors.ts";
import { compileMatcher } from "../../1_matchers/registry.ts";
import { parseTarget } from "../../1_matchers/target_path.ts";
import type {
  ClientCapabilitySpec,
  ClientRoot,
  ClientSpec,
  ReplyCondition,
  ScriptedReply,
} from "../../2_connect/session/client_spec.ts";
import type { PathSegment, PositionLookup } from "../../0_base/yaml/yaml_source.ts";

type Raw = Readonly<Record<string, unknown>>;
type Path = readonly PathSegment[];

/** The model name a `text:` sampling shorthand answers with. */
export const SCRIPTED_MODEL = "mcptest-scripted";

/** The capability names of the list form (`capabilities: [sampling, elicitation, roots]`). */
export const CLIENT_CAPABILITIES = ["sampling", "elicitation", "roots"] as const;

/**
 * Read a schema-valid, interpolated `client:` value at `path`. Scripting replies to a capability
 * (`sampling:`, `elicitation:`, `roots:`) declares it; nothing else is declared.
 * @returns the spec, or the errors (each at the offending value)
 */
export function parseClientBlock(
  value: unknown,
  path: Path,
  positionOf: PositionLookup,
): { client?: ClientSpec; errors: ConfigError[] } {
  const errors: ConfigError[] = [];
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return { errors: [new ConfigError(`"client" must be a mapping`, positionOf(path))] };
  }
  const raw = value as Raw;
  const capabilities = capabilitiesOf(raw.capabilities);
  const roots = Array.isArray(raw.roots) ? raw.roots.map(rootOf) : undefined;
  const sampling = repliesOf(raw.sampling, [...path, "sampling"], positionOf, errors, "sampling");
  const elicitation = repliesOf(
    raw.elicitation,
    [...path, "elicitation"],
    positionOf,
    errors,
    "elicitation",
  );
  if (errors.length > 0) return { errors };
  const declared: ClientCapabilitySpec = {
    ...(sampling && !capabilities.sampling ? { sampling: {} } : {}),
    ...(elicitation && !capabilities.elicitation ? { elicitation: {} } : {}),
    ...(roots && !capabilities.roots ? { roots: {} } : {}),
    ...capabilities,
  };
  const client: ClientSpec = {
    capabilities: declared,
    ...(roots ? { roots } : {}),
    ...(sampling ? { sampling } : {}),
    ...(elicitation ? { elicitation } : {}),
  };
  return { client, errors };
}

/**
 * The client a test runs with: the test's `client:` key by key over its server's (a test that
 * names only `sampling:` keeps the server's capabilities and roots). Undefined: neither has one.
 */
export function effectiveClient(
  server: ClientSpec | undefined,
  test: ClientSpec | undefined,
): ClientSpec | undefined {
  if (!test) return server;
  if (!server) return test;
  return {
    capabilities: { ...server.capabilities, ...test.capabilities },
    ...pick("roots", test, server),
    ...pick("sampling", test, server),
    ...pick("elicitation", test, server),
  };
}

function pick<K extends "roots" | "sampling" | "elicitation">(
  key: K,
  first: ClientSpec,
  second: ClientSpec,
): Partial<Pick<ClientSpec, K>> {
  const value = first[key] ?? second[key];
  return value === undefined ? {} : { [key]: value } as Partial<Pick<ClientSpec, K>>;
}

/** `[sampling, roots]` or `{sampling: {tools: true}, elicitation: {url: true}, roots: {list_changed: true}}`. */
function capabilitiesOf(value: unknown): ClientCapabilitySpec {
  if (Array.isArray(value)) {
    const names = new Set(value.map(String));
    return Object.fromEntries(
      CLIENT_CAPABILITIES.filter((n) => names.has(n)).map((n) => [n, {}]),
    ) as ClientCapabilitySpec;
  }
  if (value === null || typeof value !== "object") return {};
  const map = value as Raw;
  const options = (key: string) => (map[key] ?? {}) as Raw;
  const out: {
    sampling?: { tools?: boolean };
    elicitation?: { form?: boolean; url?: boolean };
    roots?: { listChanged?: boolean };
    extensions?: Record<string, Record<string, unknown>>;
  } = {};
  if (map.sampling !== undefined && map.sampling !== false) {
    out.sampling = options("sampling").tools === true ? { tools: true } : {};
  }
  if (map.elicitation !== undefined && map.elicitation !== false) {
    const { form, url } = options("elicitation");
    out.elicitation = {
      ...(typeof form === "boolean" ? { form } : {}),
      ...(url === true ? { url: true } : {}),
    };
  }
  if (map.roots !== undefined && map.roots !== false) {
    out.roots = options("roots").list_changed === true ? { listChanged: true } : {};
  }
  if (map.extensions !== null && typeof map.extensions === "object") {
    out.extensions = { ...(map.extensions as Record<string, Record<string, unknown>>) };
  }
  return out;
}

function rootOf(value: unknown): ClientRoot {
  if (typeof value === "string") return { uri: value };
  const raw = value as Raw;
  return { uri: String(raw.uri), ...(typeof raw.name === "string" ? { name: raw.name } : {}) };
}

/** A list of scripted replies; a bad `when:` target or matcher is an error at it. */
function repliesOf(
  value: unknown,
  path: Path,
  positionOf: PositionLookup,
  errors: ConfigError[],
  what: "sampling" | "elicitation",
): ScriptedReply[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.map((item: Raw, i) => {
    const at = [...path, i];
    const when = Array.isArray(item.when)
      ? item.when.map((c: Raw, j) => conditionOf(c, [...at, "when", j], positionOf, errors))
      : undefined;
    const reply: ScriptedReply = {
      ...(when && when.length > 0 ? { when } : {}),
      ...replyOf(item, what),
    };
    return reply;
  });
}

/** The reply of a scripted item: `error:`, `reply:` (the result object), or a shorthand. */
function replyOf(item: Raw, what: "sampling" | "elicitation"): Omit<ScriptedReply, "when"> {
  if (item.error !== undefined) {
    const error = item.error as Raw;
    return { error: { code: Number(error.code), message: String(error.message ?? "") } };
  }
  if (item.reply !== undefined) return { result: item.reply as Raw };
  if (what === "sampling") {
    return {
      result: {
        role: "assistant",
        content: { type: "text", text: String(item.text ?? "") },
        model: typeof item.model === "string" ? item.model : SCRIPTED_MODEL,
        stopReason: "endTurn",
      },
    };
  }
  return {
    result: {
      action: typeof item.action === "string" ? item.action : "accept",
      ...(item.content !== undefined ? { content: item.content } : {}),
    },
    ...(item.fill_from_schema === true ? { fillFromSchema: true } : {}),
  };
}

function conditionOf(
  raw: Raw,
  path: Path,
  positionOf: PositionLookup,
  errors: ConfigError[],
): ReplyCondition {
  const target = String(raw.target);
  const [name = "", arg] = Object.entries((raw.matcher ?? {}) as Raw)[0] ?? [];
  const matcher = { name, arg, pos: positionOf([...path, "matcher"]) };
  try {
    const parsed = parseTarget(target);
    const first = parsed.segments[0];
    if (!first || !("key" in first) || !["method", "params"].includes(first.key)) {
      errors.push(
        new ConfigError(
          `"when" target "${target}" must start with params. or method (a path into the server's request)`,
          positionOf([...path, "target"]),
        ),
      );
    }
  } catch (error) {
    errors.push(
      new ConfigError(
        `invalid "when" target "${target}": ${(error as Error).message}`,
        positionOf([...path, "target"]),
      ),
    );
  }
  try {
    compileMatcher(matcher);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    errors.push(error);
  }
  return { target, matcher };
}
