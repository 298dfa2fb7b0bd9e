/** @module The `steps:` of a `sequences:` test: requests, notifications, waits for a notification, subscriptions and root changes, run in order on one session. */

import { ConfigError, type SourcePos } from "../../0_base/errors/errors.ts";
import type { PathSegment, PositionLookup } from "../../0_base/yaml/yaml_source.ts";
import { compileMatcher } from "../../1_matchers/registry.ts";
import { parseTarget } from "../../1_matchers/target_path.ts";
import type { ClientRoot } from "../../2_connect/session/client_spec.ts";
import type { CallKind } from "./call_of.ts";
import { normalizeCapture } from "./captures.ts";
import type { Assertion, TestCase } from "./types.ts";

type Raw = Readonly<Record<string, unknown>>;

/** A list whose changes a `subscribe:` step asks for. */
export type SubscribeList = "tools" | "prompts" | "resources";

/** What every step has. */
export interface StepBase {
  /** `name:` of the step, else `step N`. */
  readonly name: string;
  /** Where the step was written. */
  readonly pos: SourcePos;
}

/** One step of a sequence. */
export type Step =
  | StepBase & {
    /** A request (`tool:`, `resource:`, `prompt:`, `list:`, `method:`), graded like a test of its own. */
    readonly action: "call";
    /** The step as a test: its call, protocol options, `expect:`, `expect_error:`, `capture:`. */
    readonly test: TestCase;
  }
  | StepBase & {
    /** `notify:` a client notification. */
    readonly action: "notify";
    readonly method: string;
    readonly params?: Readonly<Record<string, unknown>>;
  }
  | StepBase & {
    /** `await:` the first notification of the method (and `where:`) not yet taken by an earlier wait. */
    readonly action: "await";
    readonly method: string;
    /** Conditions on the notification (`{method, params}`): targets and matchers. */
    readonly where: readonly Assertion[];
    /** `expect:` on `{notification}` (targets `notification.params...`). */
    readonly assertions: readonly Assertion[];
    /** `capture:` name -> target into `{notification}`. */
    readonly capture?: Readonly<Record<string, string>>;
  }
  | StepBase & {
    /** `subscribe:` resource updates of URIs and list changes (2026: `subscriptions/listen`). */
    readonly action: "subscribe";
    readonly resources: readonly string[];
    readonly lists: readonly SubscribeList[];
  }
  | StepBase & {
    /** `unsubscribe: true`: end what the sequence subscribed to. */
    readonly action: "unsubscribe";
  }
  | StepBase & {
    /** `roots:` the client's roots from now on, announced with notifications/roots/list_changed. */
    readonly action: "roots";
    readonly roots: readonly ClientRoot[];
  };

/** The step keys that make a request, with the kind of test each is. */
const CALL_KEYS: ReadonlyArray<readonly [string, CallKind]> = [
  ["tool", "tool"],
  ["resource", "resource"],
  ["uri", "resource"],
  ["prompt", "prompt"],
  ["list", "list"],
  ["method", "request"],
];

/** The keys that say what a step does (exactly one per step). */
const ACTION_KEYS = [
  ...CALL_KEYS.map(([key]) => key),
  "notify",
  "await",
  "subscribe",
  "unsubscribe",
  "roots",
];

/** Builds the test of a request step (the loader's own test normaliser). */
export type StepTestBuilder = (
  item: Raw,
  at: readonly PathSegment[],
  kind: CallKind,
  name: string,
) => TestCase;

/**
 * The steps of a schema-valid, interpolated `sequences:` item at `at`.
 * @throws {ConfigError} the first bad step (an `await:` without a method, a bad `where:` matcher)
 */
export function normalizeSteps(
  item: Raw,
  at: readonly PathSegment[],
  positionOf: PositionLookup,
  buildTest: StepTestBuilder,
): Step[] {
  const raw = Array.isArray(item.steps) ? item.steps as Raw[] : [];
  return raw.map((step, i) => {
    const path = [...at, "steps", i];
    const base: StepBase = {
      name: typeof step.name === "string" ? step.name : `step ${i + 1}`,
      pos: positionOf(path),
    };
    const actions = ACTION_KEYS.filter((key) => step[key] !== undefined);
    if (actions.length !== 1) {
      const has = actions.length === 0 ? "none" : actions.map((k) => `${k}:`).join(", ");
      throw new ConfigError(
        `a step takes exactly one of ${
          ACTION_KEYS.map((k) => `${k}:`).join(", ")
        }; this one has ${has}`,
        positionOf(path),
      );
    }
    const call = CALL_KEYS.find(([key]) => step[key] !== undefined);
    if (call) return { ...base, action: "call", test: buildTest(step, path, call[1], base.name) };
    return otherStep(step, path, base, positionOf);
  });
}

function otherStep(
  step: Raw,
  path: readonly PathSegment[],
  base: StepBase,
  positionOf: PositionLookup,
): Step {
  if (typeof step.notify === "string") {
    return { ...base, action: "notify", method: step.notify, ...paramsOf(step) };
  }
  if (typeof step.await === "string") return awaitStep(step, path, base, positionOf);
  if (step.subscribe !== undefined) {
    const sub = (step.subscribe ?? {}) as Raw;
    const resources = Array.isArray(sub.resources) ? sub.resources.map(String) : [];
    const lists = (Array.isArray(sub.lists) ? sub.lists.map(String) : []) as SubscribeList[];
    return { ...base, action: "subscribe", resources, lists };
  }
  if (step.unsubscribe === true) return { ...base, action: "unsubscribe" };
  if (Array.isArray(step.roots)) {
    const roots = step.roots.map((r): ClientRoot =>
      typeof r === "string" ? { uri: r } : { uri: String((r as Raw).uri), ...nameOf(r as Raw) }
    );
    return { ...base, action: "roots", roots };
  }
  throw new ConfigError(
    `a step needs one of tool:, resource:, prompt:, list:, method:, notify:, await:, subscribe:, unsubscribe:, roots:`,
    positionOf(path),
  );
}

function awaitStep(
  step: Raw,
  path: readonly PathSegment[],
  base: StepBase,
  positionOf: PositionLookup,
): Step {
  const conditions = (key: "where" | "expect"): Assertion[] => {
    const list = Array.isArray(step[key]) ? step[key] as Raw[] : [];
    return list.map((c, j) => {
      const at = [...path, key, j];
      const matcher = (c.matcher ?? {}) as Raw;
      const [name = "", arg] = Object.entries(matcher)[0] ?? [];
      const spec = { name, arg, pos: positionOf([...at, "matcher"]) };
      compileMatcher(spec);
      try {
        parseTarget(String(c.target));
      } catch (error) {
        throw new ConfigError(
          `invalid target "${String(c.target)}": ${(error as Error).message}`,
          positionOf(at),
        );
      }
      return { kind: "assertion", target: String(c.target), matcher: spec, pos: positionOf(at) };
    });
  };
  const capture = step.capture === undefined
    ? undefined
    : normalizeCapture(step.capture, (n) => positionOf([...path, "capture", n], "key"));
  return {
    ...base,
    action: "await",
    method: String(step.await),
    where: conditions("where"),
    assertions: conditions("expect"),
    ...(capture ? { capture } : {}),
  };
}

function paramsOf(step: Raw): { params?: Readonly<Record<string, unknown>> } {
  const params = step.params;
  return params !== null && typeof params === "object"
    ? { params: params as Record<string, unknown> }
    : {};
}

function nameOf(raw: Raw): { name?: string } {
  return typeof raw.name === "string" ? { name: raw.name } : {};
}

/** The `capture:` names the steps of a raw `sequences:` item declare (step-local variables). */
export function stepCaptureNames(item: unknown): Set<string> {
  const names = new Set<string>();
  const steps = (item as Raw | null)?.steps;
  if (!Array.isArray(steps)) return names;
  for (const step of steps) {
    const capture = (step as Raw | null)?.capture;
    if (capture !== null && typeof capture === "object") {
      for (const name of Object.keys(capture)) names.add(name);
    }
  }
  return names;
}
