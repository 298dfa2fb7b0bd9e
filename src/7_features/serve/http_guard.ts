/** @module Who may talk to `mcptest serve --http`: loopback Host and Origin (DNS-rebinding protection), an allow-list, an optional bearer token. */

import { timingSafeEqual } from "node:crypto";

/** The access rules of the HTTP mock. */
export interface HttpGuard {
  /** Extra `Origin` values accepted (exact, e.g. `https://app.example`), besides loopback ones. */
  readonly allowOrigins?: readonly string[] | undefined;
  /** Extra `Host` names accepted (`name` or `name:port`), besides loopback ones and the bound host. */
  readonly allowHosts?: readonly string[] | undefined;
  /** When set, every request must carry `Authorization: Bearer <token>`. */
  readonly token?: string | undefined;
}

/** A loopback host name: `localhost`, 127.0.0.0/8, `::1` (brackets allowed). */
export function isLoopbackName(name: string): boolean {
  const host = name.toLowerCase().replace(/^\[(.*)\]$/, "$1").replace(/\.$/, "");
  if (host === "localhost" || host.endsWith(".localhost") || host === "::1") return true;
  const v4 = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  return v4 !== null && v4.slice(1).every((n) => Number(n) <= 255);
}

/** `host[:port]` of a Host header: the name without the port. */
function hostName(host: string): string {
  if (host.startsWith("[")) return host.slice(0, host.indexOf("]") + 1);
  const colon = host.lastIndexOf(":");
  return colon === -1 ? host : host.slice(0, colon);
}

const ANY = new Set(["0.0.0.0", "::", "[::]"]);

/**
 * The refusal for `req`, or undefined when it may be served: 403 for a Host that is neither
 * loopback, the address the mock was bound to, nor allowed; 403 for an `Origin` (browsers send
 * one) that is not a loopback origin nor allowed; 401 when a token is required and missing or wrong.
 */
export function refusal(req: Request, guard: HttpGuard, bound: string): Response | undefined {
  const host = req.headers.get("host") ?? "";
  const name = hostName(host).toLowerCase();
  const hosts = (guard.allowHosts ?? []).map((h) => h.toLowerCase());
  const boundName = bound.includes(":") && !bound.startsWith("[") ? `[${bound}]` : bound;
  const hostOk = name !== "" &&
    (isLoopbackName(name) || hosts.includes(name) || hosts.includes(host.toLowerCase()) ||
      (!ANY.has(bound) && name === boundName.toLowerCase()));
  if (!hostOk) return forbidden("host not allowed (use --allow-host)");
  const origin = req.headers.get("origin");
  if (origin !== null && !originOk(origin, guard.allowOrigins ?? [])) {
    return forbidden("origin not allowed (use --allow-origin)");
  }
  if (guard.token !== undefined && !bearerOk(req.headers.get("authorization"), guard.token)) {
    return new Response("unauthorized\n", {
      status: 401,
      headers: { "www-authenticate": 'Bearer realm="mcptest serve"' },
    });
  }
  return undefined;
}

function originOk(origin: string, allowed: readonly string[]): boolean {
  if (allowed.includes(origin)) return true;
  try {
    const url = new URL(origin);
    return (url.protocol === "http:" || url.protocol === "https:") && isLoopbackName(url.hostname);
  } catch {
    return false; // "null" and anything that is no URL
  }
}

function bearerOk(header: string | null, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? "");
  if (!match) return false;
  const given = new TextEncoder().encode(match[1]!.trim());
  const expected = new TextEncoder().encode(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const forbidden = (why: string) => new Response(`forbidden: ${why}\n`, { status: 403 });
