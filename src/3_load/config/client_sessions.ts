/** @module Tests whose `client:` declares other capabilities than their server's get a session of their own: a derived server entry, one per set of capabilities. */

import { type ClientSpec, declaredCapabilities } from "../../2_connect/session/client_spec.ts";
import { effectiveClient } from "./client_block.ts";
import type { ServerSpec, TestCase } from "./types.ts";

/** What `client` declares, as a short stable name (`sampling+roots.listChanged`; `none`). */
export function capabilitySignature(client: ClientSpec | undefined): string {
  const declared = declaredCapabilities(client ?? { capabilities: {} });
  const parts = Object.entries(declared).map(([name, options]) =>
    [name, ...Object.keys(options).sort()].join(".")
  );
  return parts.length === 0 ? "none" : parts.sort().join("+");
}

/**
 * Give each test whose client declares other capabilities than its server's a derived server (the
 * same target, key and name suffixed `~client:<signature>`, its client the merged one), so the
 * session it runs on declares exactly what the test says; tests with the same signature share it.
 * On a `parallel: true` server every test with a `client:` gets its own (`...@<line>`).
 * @returns the servers with the derived ones added, and the tests pointing at them
 */
export function splitClientSessions(
  servers: Readonly<Record<string, ServerSpec>>,
  tests: readonly TestCase[],
): { servers: Record<string, ServerSpec>; tests: TestCase[] } {
  const out: Record<string, ServerSpec> = { ...servers };
  const moved = tests.map((test) => {
    const server = Object.hasOwn(servers, test.serverKey) ? servers[test.serverKey] : undefined;
    if (!test.client || !server) return test;
    const merged = effectiveClient(server.client, test.client);
    const signature = capabilitySignature(merged);
    // On a parallel server tests overlap on the session: swapping scripts would mix them.
    const own = server.parallel ? `@${test.pos.line}` : "";
    if (!own && signature === capabilitySignature(server.client)) return test;
    const key = `${server.key}~client:${signature}${own}`;
    out[key] ??= {
      ...server,
      key,
      name: `${server.name}~client:${signature}${own}`,
      ...(merged ? { client: merged } : {}),
    };
    return { ...test, serverKey: key };
  });
  return { servers: out, tests: moved };
}
