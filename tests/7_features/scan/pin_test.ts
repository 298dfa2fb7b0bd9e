/** @module Pins: the lock's shape, SCAN-011 on changed, new and removed items, -u under CI refused (no process). */

import assert from "node:assert/strict";
import { McptestError } from "../../../src/0_base/errors/errors.ts";
import {
  parseLock,
  pinFindings,
  pinOf,
  readLock,
  updatedLock,
  writeLock,
} from "../../../src/7_features/scan/pin.ts";
import { scanSurface } from "../../../src/7_features/scan/scan_surface.ts";
import { prompt, surface, tool } from "./_surfaces.ts";
import { loadSha256 } from "../../../src/0_base/util/sha256.ts";

// The cache and pins hash synchronously once node:crypto is loaded (runs load it first).
await loadSha256();

const base = surface(
  "mail",
  tool("search", { description: "Search the inbox", annotations: { readOnlyHint: true } }),
  prompt("summary", { arguments: [{ name: "day" }] }),
  { kind: "resource", key: "mail://inbox", value: { uri: "mail://inbox", name: "inbox" } },
);

Deno.test("pinOf() pins tools, prompts and templates by canonical JSON; resources are not pinned", () => {
  const pin = pinOf(base);
  assert.deepEqual(Object.keys(pin).sort(), ["prompt", "tool"]);
  assert.match(pin.tool!["search"]!.sha256, /^[0-9a-f]{64}$/);
  const reordered = surface(
    "mail",
    tool("search", { annotations: { readOnlyHint: true }, description: "Search the inbox" }),
    base.items[1]!,
  );
  assert.deepEqual(pinFindings(reordered, pin), []);
});

Deno.test("pinFindings() reports a changed description (high, with a diff), a new tool (high), a removed prompt (low)", () => {
  const pin = pinOf(base);
  const now = surface(
    "mail",
    tool("search", { description: "Search every mailbox", annotations: { readOnlyHint: true } }),
    tool("export_all", { description: "Export" }),
  );
  const findings = pinFindings(now, pin);
  assert.deepEqual(findings.map((f) => [f.rule, f.severity, f.location.kind, f.location.item]), [
    ["SCAN-011", "high", "tool", "export_all"],
    ["SCAN-011", "high", "tool", "search"],
    ["SCAN-011", "low", "prompt", "summary"],
  ]);
  assert.ok(findings[1]!.diff!.includes('-   "description": "Search the inbox",'));
  assert.ok(findings[1]!.diff!.includes('+   "description": "Search every mailbox",'));
  assert.match(findings[0]!.message, /is new since the surface was pinned/);
});

Deno.test("updatedLock() replaces the scanned servers' pins and keeps the others; the file round-trips", async () => {
  const other = surface("other", tool("x"));
  const first = updatedLock(undefined, [base, other]);
  const second = updatedLock(first, [surface("mail", tool("y"))]);
  assert.deepEqual(Object.keys(second.servers), ["mail", "other"]);
  assert.deepEqual(Object.keys(second.servers["mail"]!.tool!), ["y"]);
  const dir = await Deno.makeTempDir({ prefix: "mcptest-pin-" });
  try {
    await writeLock(`${dir}/mcptest.lock`, second);
    assert.deepEqual(await readLock(`${dir}/mcptest.lock`), second);
    assert.equal(await readLock(`${dir}/missing.lock`), undefined);
    assert.deepEqual((await Array.fromAsync(Deno.readDir(dir))).map((e) => e.name), [
      "mcptest.lock",
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("parseLock() refuses what is not a lock of version 1", () => {
  assert.throws(() => parseLock("{", "mcptest.lock"), /mcptest\.lock: not JSON/);
  assert.throws(
    () => parseLock('{"version":2,"servers":{}}', "a.lock"),
    /not an mcptest scan lock of version 1/,
  );
  assert.throws(() => parseLock('{"version":1}', "a.lock"), /"servers" must be an object/);
});

Deno.test("scanSurface() refuses -u under CI=true (exit 5) before contacting any server", async () => {
  await assert.rejects(
    () =>
      scanSurface({
        servers: ["deno run server.ts"],
        lock: "mcptest.lock",
        update: true,
        ci: true,
      }),
    (error: unknown) =>
      error instanceof McptestError && error.exitCode === 5 &&
      /refused under CI=true/.test(error.message),
  );
});
