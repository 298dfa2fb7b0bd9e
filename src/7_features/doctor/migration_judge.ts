/** @module Judge each corpus entry from the live evidence: one [PASS]/[FAIL]/[SKIP] status and a reason. */

import { RC_ERROR_CODES } from "../../0_base/protocol/revisions.ts";
import type { Exchange } from "../../2_connect/session/types.ts";
import { checkResourceErrorCode } from "../migration/check_resource_error_code.ts";
import { type Evidence, record } from "./migration_evidence.ts";
import { MIGRATION_TARGET, RC_RENUMBERING, TARGET_RESOURCE_CODE } from "../migration/target.ts";
import type { MigrationEntry, MigrationStatus } from "../migration/types.ts";

/** A status and its one-line rationale. */
export interface Verdict {
  readonly status: MigrationStatus;
  readonly rationale: string;
}

type Judge = (evidence: Evidence, entry: MigrationEntry) => Verdict;

const T = MIGRATION_TARGET.id;
const METHOD_NOT_FOUND = MIGRATION_TARGET.errorCodes.MethodNotFound;
const pass = (rationale: string): Verdict => ({ status: "pass", rationale });
const fail = (rationale: string): Verdict => ({ status: "fail", rationale });
const skip = (rationale: string): Verdict => ({ status: "skip", rationale });
const NEEDS_STATELESS = skip(`needs the ${T} stateless lifecycle (see stateless-lifecycle)`);

/** One line describing what came back. */
export function describe(exchange: Exchange): string {
  if (exchange.failure) return `${exchange.failure.kind}: ${oneLine(exchange.failure.message)}`;
  const error = exchange.response?.error;
  if (error) return `error ${error.code} (${oneLine(error.message)})`;
  return "a result";
}

function oneLine(text: string): string {
  const flat = String(text).replace(/\s+/g, " ").trim();
  return flat.length > 80 ? `${flat.slice(0, 77)}...` : flat;
}

/** Methods of the requests the server sent on its own. */
function serverRequests(evidence: Evidence): string[] {
  return evidence.serverMessages.flatMap((m) => {
    const message = record(m);
    return message && "id" in message && typeof message.method === "string" ? [message.method] : [];
  });
}

function sentMethod(evidence: Evidence, methods: readonly string[]): string | undefined {
  return evidence.serverMessages.map((m) => record(m)?.method).find((method) =>
    typeof method === "string" && methods.includes(method)
  ) as string | undefined;
}

/** Whether the server demanded a client capability from a plain 2026 request. */
function demanded(evidence: Evidence, capability: string): boolean {
  const error = evidence.plainList?.exchange.response?.error;
  const codes = [
    MIGRATION_TARGET.errorCodes.MissingRequiredClientCapability,
    RC_ERROR_CODES.MissingRequiredClientCapability,
  ];
  if (!error || !codes.includes(error.code)) return false;
  const required = record(error.data)?.requiredCapabilities;
  const list = Array.isArray(required) ? required : Object.keys(record(required) ?? {});
  return list.includes(capability);
}

function deprecatedCapability(capability: string, methods: readonly string[]): Judge {
  return (evidence) => {
    if (evidence.capabilities[capability] !== undefined) {
      return fail(`the server advertises the ${capability} capability, deprecated in ${T}`);
    }
    const sent = sentMethod(evidence, methods);
    if (sent) return fail(`the server sent ${sent}, deprecated in ${T}`);
    if (demanded(evidence, capability)) {
      return fail(`${evidence.plainList?.method} demanded the ${capability} client capability`);
    }
    return pass(`no ${capability} capability advertised, sent or demanded`);
  };
}

const JUDGES: Readonly<Record<string, Judge>> = {
  "legacy-error-code": ({ missingRead }) => {
    if (!missingRead) return skip("the server does not advertise resources");
    const { uri, exchange } = missingRead;
    const code = exchange.response?.error?.code;
    if (typeof code !== "number") return skip(`resources/read ${uri}: ${describe(exchange)}`);
    const check = checkResourceErrorCode(code);
    return { status: check.status, rationale: `resources/read ${uri}: ${check.message}` };
  },
  "missing-resource-empty-contents": ({ missingRead }) => {
    if (!missingRead) return skip("the server does not advertise resources");
    const { uri, exchange } = missingRead;
    if (exchange.response?.error) return pass(`resources/read ${uri} answered an error`);
    const contents = record(exchange.response?.result)?.contents;
    if (Array.isArray(contents) && contents.length === 0) {
      return fail(
        `resources/read ${uri} answered empty contents; ${T} requires error ${TARGET_RESOURCE_CODE}`,
      );
    }
    return skip(`resources/read ${uri}: ${describe(exchange)}`);
  },
  "rc-error-codes": ({ badVersion }) => {
    if (!badVersion) return NEEDS_STATELESS;
    const code = badVersion.response?.error?.code;
    const final = RC_RENUMBERING.find((r) => r.replacement === code);
    if (final) {
      return pass(`an unsupported version answered ${code} (${final.name}, final numbering)`);
    }
    const rc = RC_RENUMBERING.find((r) => r.code === code);
    if (rc) {
      return fail(
        `an unsupported version answered ${code}, the RC number of ${rc.name}; ${T} uses ${rc.replacement}`,
      );
    }
    return skip(
      `an unsupported version answered ${describe(badVersion)}: the numbering cannot be told`,
    );
  },
  "stateless-lifecycle": ({ stateless, session, statelessError }) => {
    if (stateless) {
      const how = stateless === session ? "" : " (a second session pinned to it)";
      return pass(`server/discover lists ${T} and requests carry _meta${how}`);
    }
    return fail(`only the legacy initialize handshake: ${oneLine(statelessError ?? "no answer")}`);
  },
  "ping-removed": (evidence) => {
    if (sentMethod(evidence, ["ping"])) return fail(`the server sent ping, which ${T} removes`);
    const { ping } = evidence;
    if (!ping) return NEEDS_STATELESS;
    if (ping.response?.error?.code === METHOD_NOT_FOUND) {
      return pass(`ping answered ${METHOD_NOT_FOUND} (removed) and the server sent none`);
    }
    if (ping.response?.result !== undefined) {
      return pass(
        `the server sent no ping; it still answers one (harmless: ${T} clients send none)`,
      );
    }
    return skip(`ping: ${describe(ping)}`);
  },
  "logging-set-level-removed": ({ setLevel }) => {
    if (!setLevel) return NEEDS_STATELESS;
    const code = setLevel.response?.error?.code;
    if (code === METHOD_NOT_FOUND) return pass(`logging/setLevel answered ${code} (removed)`);
    if (setLevel.response?.result !== undefined) {
      return fail(`logging/setLevel was accepted; ${T} reads the level from _meta logLevel`);
    }
    if (code !== undefined) {
      return fail(
        `logging/setLevel answered ${code}, expected ${METHOD_NOT_FOUND} (method removed)`,
      );
    }
    return skip(`logging/setLevel: ${describe(setLevel)}`);
  },
  "roots-deprecated": deprecatedCapability("roots", ["roots/list"]),
  "sampling-deprecated": deprecatedCapability("sampling", ["sampling/createMessage"]),
  "logging-deprecated": deprecatedCapability("logging", ["notifications/message"]),
  "server-initiated-requests": (evidence) => {
    if (!evidence.stateless) return NEEDS_STATELESS;
    const sent = serverRequests(evidence);
    if (sent.length > 0) return fail(`the server sent requests: ${[...new Set(sent)].join(", ")}`);
    return pass("the server sent no requests during the probe");
  },
  "http-sessions-removed": ({ session, plainList }) => {
    if (session.server.target.kind !== "http") {
      return skip("stdio target: HTTP sessions do not apply");
    }
    if (!plainList) return NEEDS_STATELESS;
    const id = plainList.exchange.http?.headers["mcp-session-id"];
    if (id !== undefined) return fail(`a ${T} request got an Mcp-Session-Id header back`);
    return pass(`${plainList.method} was served as a sessionless POST`);
  },
};

/** The verdict for one entry: its live judge, else a skip naming the static check or manual review. */
export function judge(entry: MigrationEntry, evidence: Evidence): Verdict {
  const live = JUDGES[entry.id];
  if (live) return live(evidence, entry);
  if (entry.detection.includes("static")) {
    return skip(
      `static check only: run mcptest lint on your suites and cassettes (${entry.reference})`,
    );
  }
  return skip(`not probed live: review by hand (${entry.reference})`);
}
