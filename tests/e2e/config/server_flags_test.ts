/** @module `--server NAME=...` must name a server the suite knows; an unknown NAME is exit 2 listing the known ones. */

import assert from "node:assert/strict";
import {
  resolveGlobalServers,
  unknownServerFlags,
} from "../../../src/3_load/config/server_sources.ts";
import { VariableStack } from "../../../src/3_load/config/variable_stack.ts";
import { parseYaml } from "../../../src/0_base/yaml/yaml_source.ts";
import type { ParsedFile } from "../../../src/3_load/config/read_file.ts";
import { mcptest } from "../../_helpers/cli.ts";
import { loadMessages, withFiles } from "../../3_load/config/_helpers.ts";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";

const stack = new VariableStack([]);

function configLayer(text: string): ParsedFile {
  const source = parseYaml(text, "mcptest.yml");
  return {
    file: "mcptest.yml",
    absPath: "/p/mcptest.yml",
    dir: "/p",
    role: "config",
    source,
    value: source.value as Record<string, unknown>,
  };
}

Deno.test("unknownServerFlags() accepts declared or used names and lists the known ones otherwise", async (t) => {
  const layers = [{
    source: "mcptest.yml" as const,
    file: configLayer(
      "servers:\n  local: { command: [a] }\n  remote: { url: 'http://127.0.0.1:1/mcp' }\n",
    ),
  }];
  await t.step("a name a config declares", () => {
    const globals = resolveGlobalServers(layers, ["local=deno run x.ts"], stack);
    assert.deepEqual(unknownServerFlags(globals, [], []), []);
  });
  await t.step("a name a test file declares", () => {
    const globals = resolveGlobalServers(layers, ["mine=deno run x.ts"], stack);
    assert.deepEqual(unknownServerFlags(globals, ["mine"], []), []);
  });
  await t.step("a name a test uses without declaring it", () => {
    const globals = resolveGlobalServers([], ["cli_only=http://127.0.0.1:1/mcp"], stack);
    assert.deepEqual(unknownServerFlags(globals, [], ["cli_only"]), []);
  });
  await t.step("a typo", () => {
    const globals = resolveGlobalServers(layers, ["locl=deno run x.ts", "local=y"], stack);
    const errors = unknownServerFlags(globals, ["own"], ["local", "s.yml#own"]);
    assert.deepEqual(errors.map((e) => [e.message, e.exitCode]), [
      [
        'unknown server "locl" in --server; expected one of: local, own, remote; did you mean "local"?',
        2,
      ],
    ]);
  });
  await t.step("nothing declared anywhere", () => {
    const globals = resolveGlobalServers([], ["x=deno run x.ts"], stack);
    assert.match(
      unknownServerFlags(globals, [], [])[0]?.message ?? "",
      /no suite declares servers/,
    );
  });
});

const SUITE = `servers:
  local: { command: [srv] }
tools:
  - { name: t, server: local, tool: echo }
`;

Deno.test("loadSuite() refuses --server for a name no suite defines", async () => {
  await withFiles({ "s.yml": SUITE }, async (dir) => {
    const messages = await loadMessages({
      paths: ["s.yml"],
      cwd: dir,
      serverOverrides: ["locl=http://user:pw@127.0.0.1:1/mcp"],
    });
    assert.deepEqual(messages, [
      'unknown server "locl" in --server; expected one of: local; did you mean "local"?',
    ]);
    const ok = await loadSuite({
      paths: ["s.yml"],
      cwd: dir,
      env: {},
      serverOverrides: ["local=http://127.0.0.1:1/mcp"],
    });
    assert.equal(ok.servers.local?.source, "cli flag");
  });
});

Deno.test("mcptest run --server with an unknown name exits 2 listing the known names", async () => {
  await withFiles({ "s.yml": SUITE }, async (dir) => {
    const run = await mcptest(["run", "s.yml", "--server", "nope=deno run x.ts"], { cwd: dir });
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /^error: unknown server "nope" in --server; expected one of: local$/m);
  });
});
