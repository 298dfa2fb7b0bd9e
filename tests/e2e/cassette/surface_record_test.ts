/** @module `--record` writes the server's whole surface into the cassette: replay is unaffected, `serve` answers every list, `diff` sees every kind, a suite's own whole listing is not repeated (real CLI, real server). */

import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import {
  itemsServerArgv,
  itemsServerYaml,
  mcptest,
  mcptestArgv,
  tempProject,
} from "../../_helpers/cli.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };

/** One test that calls one tool: the suite never lists anything. */
const ONE_CALL = `tools:
  - name: echo once
    server: items
    tool: echo
    args: { text: hi }
    expect:
      - target: result.content[0].text
        matcher: { exact: hi }
`;

const LISTS_TOOLS = `lists:
  - name: tools listed by the suite
    server: items
    list: tools
`;

type Exchange = { request: { method: string; id?: number; params?: Record<string, unknown> } };

const methodsOf = (cassette: { exchanges: Exchange[] }) =>
  cassette.exchanges.map((e) => e.request.method);
const isSurface = (e: Exchange) =>
  (e.request.params?.["_meta"] as Record<string, unknown> | undefined)?.["mcptest/surface"] ===
    true;

/** Names of every tool, prompt and resource a server lists (through the SDK's client). */
async function surfaceNames(command: readonly string[]): Promise<Record<string, string[]>> {
  const [cmd, ...args] = command;
  const client = new Client({ name: "surface-test", version: "1" });
  await client.connect(new StdioClientTransport({ command: cmd!, args, stderr: "ignore" }));
  try {
    return {
      tools: (await client.listTools()).tools.map((t: { name: string }) => t.name).sort(),
      prompts: (await client.listPrompts()).prompts.map((p: { name: string }) => p.name).sort(),
      resources: (await client.listResources()).resources.map((r: { uri: string }) => r.uri).sort(),
    };
  } finally {
    await client.close();
  }
}

Deno.test({
  name: "a suite that calls one tool records the whole surface; serve and diff see all of it",
  ...opts,
  fn: async (t) => {
    // Pinned to a revision with a handshake: the SDK's client (serve's client here) initializes.
    const server = `${itemsServerYaml()}    protocol_version: "2025-11-25"\n`;
    const dir = await tempProject({ "suite.yml": `servers:\n${server}${ONE_CALL}` });
    const path = `${dir}/cassettes/suite__items.json`;
    try {
      const run = await mcptest(["run", "suite.yml", "--record"], { cwd: dir });
      assert.equal(run.code, 0, run.stdout + run.stderr);
      const cassette = JSON.parse(await Deno.readTextFile(path));

      await t.step("the cassette holds every list method the server advertises, marked", () => {
        const methods = methodsOf(cassette);
        for (
          const m of ["tools/list", "resources/list", "resources/templates/list", "prompts/list"]
        ) {
          assert.ok(methods.includes(m), `${m} in ${methods}`);
        }
        const lists = cassette.exchanges.filter((e: Exchange) =>
          e.request.method.endsWith("/list")
        );
        assert.ok(lists.every(isSurface), "every surface request carries _meta mcptest/surface");
        const calls = cassette.exchanges.filter((e: Exchange) => e.request.method === "tools/call");
        assert.ok(!calls.some(isSurface), "the suite's own call is not marked");
        const ids = cassette.exchanges.flatMap((e: Exchange) => e.request.id ?? []);
        assert.deepEqual(ids, ids.map((_: number, i: number) => i + 1), "ids still 1..n");
      });

      await t.step("a plain run replays it as before", async () => {
        const replay = await mcptest(["run", "suite.yml", "--reporter", "json"], { cwd: dir });
        assert.equal(replay.code, 0, replay.stderr);
        const record = JSON.parse(replay.stdout);
        assert.deepEqual(record.tests.map((r: { status: string }) => r.status), ["pass"]);
        assert.ok(record.tests.every((r: { replayed?: boolean }) => r.replayed === true));
      });

      await t.step(
        "serve answers tools/list, prompts/list, resources/list as the server does",
        async () => {
          const live = await surfaceNames(itemsServerArgv());
          const served = await surfaceNames(mcptestArgv(["serve", path]));
          assert.ok(live.tools!.length > 1, JSON.stringify(live));
          assert.deepEqual(served, live);
        },
      );

      await t.step("diff of the cassette against the live server compares every kind", async () => {
        const diff = await mcptest(["diff", path, itemsServerArgv().join(" ")], { cwd: dir });
        assert.equal(diff.code, 0, diff.stdout + diff.stderr);
        assert.match(diff.stdout, /no changes\b/);
        assert.doesNotMatch(diff.stdout, /skipped/);
      });

      await t.step("without the surface exchanges, diff cannot compare those kinds", async () => {
        const stripped = {
          ...cassette,
          exchanges: cassette.exchanges.filter((e: Exchange) => !isSurface(e)),
        };
        await Deno.writeTextFile(`${dir}/stripped.json`, JSON.stringify(stripped));
        const diff = await mcptest(["diff", "stripped.json", itemsServerArgv().join(" ")], {
          cwd: dir,
        });
        assert.match(
          diff.stdout + diff.stderr,
          /nothing to compare: OLD: no tools\/list response in stripped\.json/,
        );
      });
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "a suite that lists tools whole itself gets no second tools/list; verdicts unchanged",
  ...opts,
  fn: async () => {
    const dir = await tempProject({
      "suite.yml": `servers:\n${itemsServerYaml()}${ONE_CALL}${LISTS_TOOLS}`,
    });
    try {
      const run = await mcptest(["run", "suite.yml", "--record", "--reporter", "json"], {
        cwd: dir,
      });
      assert.equal(run.code, 0, run.stderr);
      const live = JSON.parse(run.stdout).tests.map((r: { status: string }) => r.status);
      const cassette = JSON.parse(await Deno.readTextFile(`${dir}/cassettes/suite__items.json`));
      const tools = cassette.exchanges.filter((e: Exchange) => e.request.method === "tools/list");
      assert.equal(tools.length, 1, "the suite's listing was whole: not listed again");
      assert.ok(!isSurface(tools[0]));
      assert.ok(methodsOf(cassette).includes("prompts/list"), "the rest of the surface is listed");
      const replay = await mcptest(["run", "suite.yml", "--reporter", "json"], { cwd: dir });
      const replayed = JSON.parse(replay.stdout).tests.map((r: { status: string }) => r.status);
      assert.deepEqual(replayed, live);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
