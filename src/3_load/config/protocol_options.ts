/** @module A test's protocol options (`client:`, `progress:`, `log_level:`, `task:`, `all_pages:`, `cursor:`, `cancel:`), read into plain data the runner acts on. */

import { ConfigError } from "../../0_base/errors/errors.ts";
import type { ClientSpec } from "../../2_connect/session/client_spec.ts";
import type { PathSegment, PositionLookup } from "../../0_base/yaml/yaml_source.ts";
import { parseClientBlock } from "./client_block.ts";

/** The `logging/setLevel` levels (RFC 5424 syslog severities, as MCP names them). */
export const LOG_LEVELS = [
  "debug",
  "info",
  "notice",
  "warning",
  "error",
  "critical",
  "alert",
  "emergency",
] as const;

/** A `task:` option: call the tool task-augmented and follow the task to its end. */
export interface TaskOption {
  /** Requested time-to-live in milliseconds (2025-11-25 `task.ttl`). */
  readonly ttlMs?: number;
  /** Send `tasks/cancel` once the task is created, then follow it to its end. */
  readonly cancel?: boolean;
}

/** What a test asks of the protocol beyond its one request (absent fields: not asked). */
export interface ProtocolOptions {
  /** `progress: true`: the request carries a `progressToken`; target `progress`. */
  readonly progress?: true;
  /** `log_level:` sent with `logging/setLevel` before the request; target `logs`. */
  readonly logLevel?: string;
  /** `task:` (tool tests): run as a task; target `task`. */
  readonly task?: TaskOption;
  /** `all_pages: true` (list tests): follow `nextCursor` to the end; target `pages`. */
  readonly allPages?: true;
  /** `cursor:` (list tests): fetch the page this cursor names. */
  readonly cursor?: string;
  /** `cancel: { on }`: cancel the request once a notification of this method arrives for it. */
  readonly cancelOn?: string;
}

type Raw = Readonly<Record<string, unknown>>;

/** The keys of a test that {@link readProtocolParts} reads. */
const PROTOCOL_KEYS = ["client", "progress", "log_level", "task", "all_pages", "cursor", "cancel"];

/** The parts of a test that asks for no protocol option. */
export const NO_PROTOCOL_PARTS: { client?: ClientSpec; protocol?: ProtocolOptions } = Object
  .freeze({});

/**
 * The test's `client:` and protocol options (schema-valid, interpolated item at `at`).
 * @throws {ConfigError} the first problem, positioned (a bad `when:` matcher, `all_pages` with `cursor`)
 */
export function readProtocolParts(
  item: Raw,
  at: readonly PathSegment[],
  positionOf: PositionLookup,
): { client?: ClientSpec; protocol?: ProtocolOptions } {
  // Most tests ask for none of them: one shared empty answer, nothing built per test.
  if (!PROTOCOL_KEYS.some((key) => item[key] !== undefined)) return NO_PROTOCOL_PARTS;
  let client: ClientSpec | undefined;
  if (item.client !== undefined) {
    const parsed = parseClientBlock(item.client, [...at, "client"], positionOf);
    if (parsed.errors.length > 0) throw parsed.errors[0]!;
    client = parsed.client;
  }
  if (item.all_pages === true && item.cursor !== undefined) {
    throw new ConfigError(
      `"all_pages" and "cursor" cannot be combined: all_pages starts at the first page; drop one of them`,
      positionOf([...at, "cursor"], "key"),
    );
  }
  const protocol: {
    progress?: true;
    logLevel?: string;
    task?: TaskOption;
    allPages?: true;
    cursor?: string;
    cancelOn?: string;
  } = {};
  if (item.progress === true) protocol.progress = true;
  if (typeof item.log_level === "string") protocol.logLevel = item.log_level;
  if (item.task === true) protocol.task = {};
  else if (item.task !== null && typeof item.task === "object") {
    const task = item.task as Raw;
    protocol.task = {
      ...(typeof task.ttl_ms === "number" ? { ttlMs: task.ttl_ms } : {}),
      ...(task.cancel === true ? { cancel: true } : {}),
    };
  }
  if (item.all_pages === true) protocol.allPages = true;
  if (typeof item.cursor === "string") protocol.cursor = item.cursor;
  const cancel = item.cancel as Raw | undefined;
  if (cancel && typeof cancel.on === "string") {
    if (cancel.on === "notifications/progress" && item.progress !== true) {
      throw new ConfigError(
        `cancel: on notifications/progress needs progress: true (without a progress token the server sends no progress for the request)`,
        positionOf([...at, "cancel", "on"]),
      );
    }
    protocol.cancelOn = cancel.on;
  }
  return {
    ...(client ? { client } : {}),
    ...(Object.keys(protocol).length > 0 ? { protocol } : {}),
  };
}
