/** @module INV-001..INV-007: pure functions of one captured session. */

import type { CapturedExchange, CapturedSession, InvariantResult } from "./types.ts";

type Check = (session: CapturedSession) => Omit<InvariantResult, "id" | "category" | "property">;

const isRequest = (e: CapturedExchange) => e.request.id !== undefined && e.request.id !== null;
const methodOf = (e: CapturedExchange) => String(e.request.method ?? "");
const errorOf = (e: CapturedExchange) => e.response?.error as Record<string, unknown> | undefined;
const succeeded = (e: CapturedExchange) =>
  e.response !== undefined && e.response.result !== undefined;
const pass = { status: "pass" as const };
const skip = (message: string) => ({ status: "skip" as const, message });
const fail = (message: string) => ({ status: "fail" as const, message });

/** A leading `server/discover` is the 2026-07-28 version probe, not the handshake. */
function handshakeRequests(session: CapturedSession): CapturedExchange[] {
  const requests = session.exchanges.filter(isRequest);
  let i = 0;
  while (i < requests.length && methodOf(requests[i]!) === "server/discover") i++;
  return requests.slice(i);
}

const inv001: Check = (session) => {
  const requests = session.exchanges.filter(isRequest);
  if (requests.length === 0) return skip("the capture holds no request");
  const afterDiscover = handshakeRequests(session);
  const hasInitialize = requests.some((e) => methodOf(e) === "initialize");
  if (!hasInitialize) {
    return methodOf(requests[0]!) === "server/discover"
      ? skip("stateless session (2026-07-28): server/discover, no initialize handshake")
      : fail(`the first request is ${methodOf(requests[0]!)}, expected initialize`);
  }
  const first = afterDiscover[0];
  return first && methodOf(first) === "initialize"
    ? pass
    : fail(`the first request is ${first ? methodOf(first) : "(none)"}, expected initialize`);
};

const inv002: Check = (session) => {
  const at = session.exchanges.findIndex((e) => methodOf(e) === "initialize" && isRequest(e));
  if (at === -1) return skip("no initialize in the capture");
  if (!succeeded(session.exchanges[at]!)) return skip("initialize did not succeed");
  const rest = session.exchanges.slice(at + 1);
  const notified = rest.findIndex((e) =>
    methodOf(e) === "notifications/initialized" && !isRequest(e)
  );
  if (notified === -1) return fail("no notifications/initialized after the initialize response");
  const before = rest.slice(0, notified).find((e) => isRequest(e) && methodOf(e) !== "ping");
  return before ? fail(`${methodOf(before)} was sent before notifications/initialized`) : pass;
};

const LIST_CAPABILITY: Readonly<Record<string, string>> = {
  "tools/list": "tools",
  "resources/list": "resources",
  "prompts/list": "prompts",
};

const inv003: Check = (session) => {
  const answered = session.exchanges.filter((e) => methodOf(e) in LIST_CAPABILITY && succeeded(e));
  if (answered.length === 0) {
    return skip("no successful tools/list, resources/list or prompts/list");
  }
  for (const e of answered) {
    const capability = LIST_CAPABILITY[methodOf(e)]!;
    if (session.server_capabilities?.[capability] === undefined) {
      return fail(
        `the server answered ${methodOf(e)} but did not advertise the ${capability} capability`,
      );
    }
  }
  return pass;
};

const CAPABILITY_METHODS: Readonly<Record<string, readonly string[]>> = {
  tools: ["tools/list", "tools/call"],
  resources: ["resources/list", "resources/read", "resources/templates/list"],
  prompts: ["prompts/list", "prompts/get"],
};

/**
 * A capability is broken when its list method errored every time, or when two or more calls to it
 * were made and all errored. One failed call (a read of a missing resource, say) proves nothing.
 */
const inv004: Check = (session) => {
  const advertised = Object.keys(CAPABILITY_METHODS).filter((c) =>
    session.server_capabilities?.[c] !== undefined
  );
  let checked = 0;
  for (const capability of advertised) {
    const methods = CAPABILITY_METHODS[capability]!;
    const calls = session.exchanges.filter((e) =>
      methods.includes(methodOf(e)) && e.response !== undefined
    );
    const lists = calls.filter((e) => methodOf(e) === methods[0]);
    if (lists.length === 0 && calls.length < 2) continue;
    checked++;
    if (lists.length > 0 && lists.every((e) => errorOf(e) !== undefined)) {
      return fail(`the server advertised ${capability} but every ${methods[0]} errored`);
    }
    if (calls.length >= 2 && calls.every((e) => errorOf(e) !== undefined)) {
      return fail(
        `the server advertised ${capability} but every one of its ${calls.length} calls errored`,
      );
    }
  }
  return checked === 0 ? skip("not enough calls to an advertised capability to judge") : pass;
};

const inv005: Check = (session) => {
  const results = session.exchanges.filter((e) => methodOf(e) === "tools/call" && succeeded(e));
  if (results.length === 0) return skip("no successful tools/call");
  for (const e of results) {
    const result = e.response!.result as Record<string, unknown> | null;
    const structured = result?.structuredContent;
    const hasContent = Array.isArray(result?.content);
    const hasStructured = structured !== null && typeof structured === "object" &&
      !Array.isArray(structured);
    if (!hasContent && !hasStructured) {
      return fail(
        `tools/call (id ${
          JSON.stringify(e.request.id)
        }) has neither a content array nor a structuredContent object`,
      );
    }
    if (result && "isError" in result && typeof result.isError !== "boolean") {
      return fail(`tools/call (id ${JSON.stringify(e.request.id)}) has a non-boolean isError`);
    }
  }
  return pass;
};

const inv006: Check = (session) => {
  const errors = session.exchanges.filter((e) => e.response?.error !== undefined);
  if (errors.length === 0) return skip("no error envelope in the capture");
  for (const e of errors) {
    const error = errorOf(e);
    if (
      !error || typeof error !== "object" || !Number.isInteger(error.code) ||
      typeof error.message !== "string"
    ) {
      return fail(
        `the error answering ${methodOf(e)} (id ${
          JSON.stringify(e.request.id)
        }) lacks an integer code and a string message`,
      );
    }
  }
  return pass;
};

const NOT_FOUND =
  /method[^.]*\b(not found|unknown|not supported|unsupported|not implemented)\b|unknown method|no such method/i;

const inv007: Check = (session) => {
  const notFound = session.exchanges.filter((e) => {
    const error = errorOf(e);
    return error !== undefined && typeof error.message === "string" &&
      NOT_FOUND.test(error.message);
  });
  if (notFound.length === 0) return skip("no method-not-found error in the capture");
  const wrong = notFound.find((e) => errorOf(e)!.code !== -32601);
  return wrong
    ? fail(
      `${methodOf(wrong)} was answered "${errorOf(wrong)!.message}" with code ${
        errorOf(wrong)!.code
      }, expected -32601`,
    )
    : pass;
};

/** The invariant family, in id order. */
export const INVARIANTS: readonly {
  id: string;
  category: InvariantResult["category"];
  property: string;
  check: Check;
}[] = [
  {
    id: "INV-001",
    category: "lifecycle",
    property: "initialize is the first request the client sends",
    check: inv001,
  },
  {
    id: "INV-002",
    category: "lifecycle",
    property: "notifications/initialized follows the initialize response",
    check: inv002,
  },
  {
    id: "INV-003",
    category: "capability",
    property:
      "a server answering tools/list, resources/list or prompts/list advertised that capability",
    check: inv003,
  },
  {
    id: "INV-004",
    category: "capability",
    property: "an advertised capability does not error on every call",
    check: inv004,
  },
  {
    id: "INV-005",
    category: "result-shape",
    property:
      "a successful tools/call result has a content array or a structuredContent object, and a boolean isError when present",
    check: inv005,
  },
  {
    id: "INV-006",
    category: "error-envelope",
    property: "every JSON-RPC error carries an integer code and a string message",
    check: inv006,
  },
  {
    id: "INV-007",
    category: "error-envelope",
    property: "a method-not-found error uses code -32601",
    check: inv007,
  },
];

/** Run every invariant on one session. */
export function checkSession(session: CapturedSession): InvariantResult[] {
  return INVARIANTS.map(({ id, category, property, check }) => ({
    id,
    category,
    property,
    ...check(session),
  }));
}
