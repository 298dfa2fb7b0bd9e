/** @module Tests of a stdio server's environment (`inherit_env`) and of the server options the loader reads (`inherit_env`, `max_message_bytes`). */

import assert from "node:assert/strict";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";
import { serverEnv } from "../../../src/2_connect/transport/process_tree.ts";
import { StdioTransport } from "../../../src/2_connect/transport/stdio.ts";
import type { InheritEnv } from "../../../src/2_connect/transport/target.ts";
import { loadMessages, withFiles } from "../../3_load/config/_helpers.ts";
import { Collector } from "./transport_contract.ts";

Deno.test("serverEnv() builds the server environment from inherit_env and env", async (t) => {
  const parent = () => ({ PATH: "/bin", HOME: "/home/x", SECRET_TOKEN: "s3cret" });
  await t.step("true: everything is inherited (Deno adds the parent env), env on top", () => {
    assert.deepEqual(serverEnv(true, { A: "1" }, parent), { A: "1" });
  });
  await t.step("false: only env", () => {
    assert.deepEqual(serverEnv(false, { A: "1" }, parent), { A: "1" });
  });
  await t.step("a list: just the named variables that are set, env on top", () => {
    assert.deepEqual(serverEnv(["PATH", "UNSET", "HOME"], { HOME: "/override" }, parent), {
      PATH: "/bin",
      HOME: "/override",
    });
  });
});

/** Spawn `env` (one JSON object line of the child's environment) with `inherit`; return it. */
async function childEnv(inherit: InheritEnv | undefined): Promise<Record<string, string>> {
  const script =
    `${Deno.execPath()} eval --quiet 'console.log(JSON.stringify(Deno.env.toObject()))'`;
  const transport = new StdioTransport({
    kind: "stdio",
    command: ["/bin/sh", "-c", `exec ${script}`],
    env: { FROM_TARGET: "yes" },
    ...(inherit === undefined ? {} : { inheritEnv: inherit }),
  });
  const collector = new Collector(transport);
  try {
    await transport.start();
    const frame = await collector.waitFor(() => true);
    return frame.message as Record<string, string>;
  } finally {
    await transport.close();
  }
}

Deno.test("StdioTransport starts the server with the environment inherit_env allows", async (t) => {
  Deno.env.set("MCPTEST_ENV_PROBE", "parent-value");
  try {
    await t.step("default (true): the parent's variables and env", async () => {
      const env = await childEnv(undefined);
      assert.equal(env.MCPTEST_ENV_PROBE, "parent-value");
      assert.equal(env.FROM_TARGET, "yes");
    });
    await t.step("false: nothing from the parent, only env", async () => {
      const env = await childEnv(false);
      assert.equal(env.MCPTEST_ENV_PROBE, undefined);
      assert.equal(env.HOME, undefined);
      assert.equal(env.FROM_TARGET, "yes");
    });
    await t.step("a list: only the named parent variables", async () => {
      const env = await childEnv(["MCPTEST_ENV_PROBE"]);
      assert.equal(env.MCPTEST_ENV_PROBE, "parent-value");
      assert.equal(env.HOME, undefined);
      assert.equal(env.FROM_TARGET, "yes");
    });
  } finally {
    Deno.env.delete("MCPTEST_ENV_PROBE");
  }
});

Deno.test("loadSuite() reads inherit_env and max_message_bytes on servers", async (t) => {
  await t.step("valid values reach the target; absent ones stay unset (defaults)", async () => {
    const suite = [
      "servers:",
      "  none: { command: srv, inherit_env: false, max_message_bytes: 1024 }",
      "  some: { command: srv, inherit_env: [PATH, HOME] }",
      "  all: { command: srv }",
      "  web: { url: 'http://127.0.0.1:1/mcp', max_message_bytes: 2048 }",
      "",
    ].join("\n");
    await withFiles({ "mcptest.yml": suite }, async (dir) => {
      const loaded = await loadSuite({ paths: [], cwd: dir, env: {} });
      const target = (name: string) => loaded.servers[name]?.target;
      assert.deepEqual(target("none"), {
        kind: "stdio",
        command: ["srv"],
        env: {},
        inheritEnv: false,
        maxMessageBytes: 1024,
      });
      assert.deepEqual(target("some"), {
        kind: "stdio",
        command: ["srv"],
        env: {},
        inheritEnv: ["PATH", "HOME"],
      });
      assert.deepEqual(target("all"), { kind: "stdio", command: ["srv"], env: {} });
      assert.deepEqual(target("web"), {
        kind: "http",
        url: "http://127.0.0.1:1/mcp",
        headers: {},
        transport: "auto",
        maxMessageBytes: 2048,
      });
    });
  });

  await t.step("bad values are config errors at their position", async () => {
    const suite = [
      "servers:",
      "  a: { command: srv, inherit_env: yes-please }",
      "  b: { command: srv, max_message_bytes: 0 }",
      "",
    ].join("\n");
    await withFiles({ "mcptest.yml": suite }, async (dir) => {
      const messages = await loadMessages({ paths: [], cwd: dir });
      assert.ok(
        messages.some((m) => /mcptest\.yml:2:\d+: .*inherit_env/.test(m)),
        messages.join("\n"),
      );
      assert.ok(
        messages.some((m) => /mcptest\.yml:3:\d+: .*max_message_bytes/.test(m)),
        messages.join("\n"),
      );
    });
  });
});
