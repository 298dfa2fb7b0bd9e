/** @module Failure-layer classification: ConnectError and the seed-004 symptom wording for each layer. */

import { McptestError } from "../../0_base/errors/errors.ts";
import { ExitCode } from "../../0_base/errors/exit_codes.ts";
import type { FailureLayer, HttpInfo } from "./types.ts";
import { redactUrl } from "../../0_base/util/redact_url.ts";

/** Opening a server failed at one named layer (seed 004 section 14). A test result: exit code 1. */
export class ConnectError extends McptestError {
  /** Where the connection failed. */
  readonly layer: FailureLayer;
  /** The HTTP response involved, for the http and auth layers. */
  readonly http: HttpInfo | undefined;

  constructor(
    layer: FailureLayer,
    message: string,
    options: ErrorOptions & { http?: HttpInfo } = {},
  ) {
    super(
      message,
      ExitCode.TestsFailed,
      options.cause === undefined ? {} : { cause: options.cause },
    );
    this.name = "ConnectError";
    this.layer = layer;
    this.http = options.http;
  }
}

/** `failed to resolve <host>` */
export function dnsFailure(host: string, cause?: unknown): ConnectError {
  return new ConnectError("dns", `failed to resolve ${host}`, { cause });
}

/** `tcp connect failed: <reason>` */
export function tcpFailure(reason: string, cause?: unknown): ConnectError {
  return new ConnectError("tcp", `tcp connect failed: ${reason}`, { cause });
}

/** `tls handshake failed: <reason>` */
export function tlsFailure(reason: string, cause?: unknown): ConnectError {
  return new ConnectError("tls", `tls handshake failed: ${reason}`, { cause });
}

/** `http <status> from <url>`, or `authentication failed: http <status> from <url>` for 401/403. */
export function httpStatusFailure(status: number, url: string, http?: HttpInfo): ConnectError {
  const where = `http ${status} from ${redactUrl(url)}`;
  const options = http ? { http } : {};
  if (status === 401 || status === 403) {
    return new ConnectError("auth", `authentication failed: ${where}`, options);
  }
  return new ConnectError("http", where, options);
}

/** `mcp initialize rejected: <reason>` */
export function initializeFailure(reason: string, cause?: unknown): ConnectError {
  return new ConnectError("initialize", `mcp initialize rejected: ${reason}`, { cause });
}

/** `server initialized but reported not ready: <reason>` */
export function readinessFailure(reason: string): ConnectError {
  return new ConnectError("readiness", `server initialized but reported not ready: ${reason}`);
}

/** `spawn failed: <command>: <reason>` */
export function spawnFailure(command: string, reason: string, cause?: unknown): ConnectError {
  return new ConnectError("spawn", `spawn failed: ${command}: ${reason}`, { cause });
}

/** `stdio framing error: server wrote non-JSON to stdout: <first 80 chars>` */
export function framingFailure(line: string): ConnectError {
  return new ConnectError("framing", `stdio framing error: ${nonJsonMessage(line)}`);
}

/** `server wrote non-JSON to <where>: <first 80 chars>` (also the Exchange.failure text). */
export function nonJsonMessage(line: string, where = "stdout"): string {
  const head = line.length > 80 ? `${line.slice(0, 80)}...` : line;
  return `server wrote non-JSON to ${where}: ${head}`;
}

export { redactUrl } from "../../0_base/util/redact_url.ts";

const DNS_PATTERN =
  /dns error|failed to lookup address|name or service not known|nodename nor servname|no such host|name resolution|no address associated/i;
const TCP_PATTERN =
  /tcp connect error|connection refused|connection reset|network is unreachable|host is unreachable|no route to host|os error 11[0-3]/i;
const TLS_PATTERN =
  /certificate|\btls\b|\bssl\b|handshake|corrupt message|invalidcontenttype|peer/i;

/**
 * Classify an error thrown by `fetch` (inspecting the whole `cause` chain) into the dns, tcp or
 * tls layer. An error that names none of them is reported at the tcp layer with its text.
 */
export function classifyFetchError(error: unknown, url: string): ConnectError {
  const text = causeChainText(error);
  const host = hostOf(url);
  if (DNS_PATTERN.test(text)) return dnsFailure(host, error);
  if (TCP_PATTERN.test(text)) return tcpFailure(reasonOf(text, /tcp connect error:\s*/i), error);
  if (TLS_PATTERN.test(text)) return tlsFailure(reasonOf(text, /\(Connect\):\s*/i), error);
  return tcpFailure(reasonOf(text, /\(Connect\):\s*/i), error);
}

/** Every message along an error's `cause` chain, joined (bounded depth). */
export function causeChainText(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current !== undefined && current !== null; depth++) {
    parts.push(current instanceof Error ? current.message : String(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return parts.join(": ");
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

/** The most specific part of a Deno/hyper error text: the tail after `marker`, URL-free. */
function reasonOf(text: string, marker: RegExp): string {
  const match = marker.exec(text);
  const tail = match ? text.slice(match.index + match[0].length) : text;
  const cleaned = tail.replace(/\(?https?:\/\/[^\s)]*\)?/g, "").replace(/\s+/g, " ").trim();
  const reason = cleaned === "" ? "connection failed" : cleaned;
  return reason.charAt(0).toLowerCase() + reason.slice(1);
}
