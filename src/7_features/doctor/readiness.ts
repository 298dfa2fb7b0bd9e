/** @module What the readiness layer also judges: a server that says it is not ready, or lacks a capability the suite's tests need. */

import type { Session } from "../../2_connect/session/types.ts";
import type { Suite } from "../../3_load/config/types.ts";
import { failed, type LayerResult } from "./types.ts";

const NOT_READY = "server initialized but reported not ready";

/** The capabilities a test needs (`list:` by what it lists, a request by its method, a sequence by its request steps). */
function capabilitiesOf(test: Suite["tests"][number]): string[] {
  const call = test.call;
  switch (call.kind) {
    case "tool":
      return ["tools"];
    case "resource":
      return ["resources"];
    case "prompt":
      return ["prompts"];
    case "list":
      return [call.list === "resource_templates" ? "resources" : call.list];
    case "request":
      return capabilityOfMethod(call.method);
    case "sequence":
      return call.steps.flatMap((s) => s.action === "call" ? capabilitiesOf(s.test) : []);
  }
}

/** The capability a method belongs to (`completion/complete`: completions), if any. */
function capabilityOfMethod(method: string): string[] {
  const family = method.split("/")[0] ?? "";
  if (family === "completion") return ["completions"];
  return ["tools", "resources", "prompts", "logging", "tasks"].includes(family) ? [family] : [];
}

/**
 * The capabilities the suite's tests (skipped ones aside) need, by server key, each with how
 * many tests need it.
 */
export function neededCapabilities(
  suite: Pick<Suite, "tests">,
): Map<string, Map<string, number>> {
  const needs = new Map<string, Map<string, number>>();
  for (const test of suite.tests) {
    if (test.skip !== undefined) continue;
    const forServer = needs.get(test.serverKey) ?? new Map<string, number>();
    for (const capability of new Set(capabilitiesOf(test))) {
      forServer.set(capability, (forServer.get(capability) ?? 0) + 1);
    }
    needs.set(test.serverKey, forServer);
  }
  return needs;
}

/** Whether an initialize result says `ready: false`, at its top level or in its `_meta` (a `ready` or `<prefix>/ready` key). */
export function reportsNotReady(result: unknown): string | undefined {
  if (result === null || typeof result !== "object") return undefined;
  const r = result as Record<string, unknown>;
  if (r.ready === false) return "its initialize result says ready: false";
  const meta = r._meta;
  if (meta === null || typeof meta !== "object") return undefined;
  for (const [key, value] of Object.entries(meta)) {
    if (value === false && (key === "ready" || key.endsWith("/ready"))) {
      return `its initialize result says _meta.${key}: false`;
    }
  }
  return undefined;
}

/** The initialize result of a session, from its capture (undefined when not kept). */
function initializeResult(session: Session): unknown {
  for (const exchange of session.capture().exchanges) {
    const request = exchange.request as { method?: unknown } | null;
    if (request?.method !== "initialize") continue;
    return (exchange.response as { result?: unknown } | undefined)?.result;
  }
  return undefined;
}

/**
 * The readiness failure of a session whose requests are answered, or undefined: the server said
 * it is not ready, or it does not advertise a capability that `needs` (capability -> number of
 * tests) asks for.
 */
export function readinessFailure(
  session: Session,
  needs: ReadonlyMap<string, number> | undefined,
): LayerResult | undefined {
  const said = reportsNotReady(initializeResult(session));
  if (said !== undefined) {
    return failed(
      "readiness",
      `${NOT_READY}: ${said}`,
      "the server's startup sequence: answer initialize once it can serve requests",
    );
  }
  const caps = session.serverCapabilities ?? {};
  const missing = [...(needs ?? new Map<string, number>())]
    .filter(([capability]) => !Object.hasOwn(caps, capability));
  if (missing.length === 0) return undefined;
  const what = missing.map(([capability, count]) =>
    `"${capability}" (${count} test${count === 1 ? "" : "s"} need it)`
  ).join(", ");
  return failed(
    "readiness",
    `${NOT_READY}: missing capability ${what}`,
    "the server's capabilities in its initialize result, or the tests that use this server",
  );
}
