/** @module The suite flags shared by `mcptest run` and `mcptest doctor`: parsing and the loadSuite mapping. */

import assert from "node:assert/strict";
import { Command } from "@commander-js/extra-typings";
import { suiteLoadOptions, withSuiteFlags } from "../../../src/8_cli/suite_flags.ts";

const parse = (argv: string[]) => {
  const command = withSuiteFlags(new Command("x").argument("[paths...]")).exitOverride();
  command.parse(argv, { from: "user" });
  return { paths: command.processedArgs[0], options: command.opts() };
};

Deno.test("suiteLoadOptions() maps every suite flag to its loadSuite option", async (t) => {
  await t.step("all flags given", () => {
    const { paths, options } = parse([
      "a.yml",
      "--config",
      "c.yml",
      "--server-config",
      "s.yml",
      "--server",
      "x=deno run x.ts",
      "--server",
      "y=http://127.0.0.1:1/mcp",
      "--var",
      "K=V",
      "--env-file",
      ".env",
      "--env-file",
      ".env.ci",
    ]);
    assert.deepEqual(suiteLoadOptions(paths, options, "/w"), {
      paths: ["a.yml"],
      cwd: "/w",
      configFile: "c.yml",
      serverConfigFile: "s.yml",
      serverOverrides: ["x=deno run x.ts", "y=http://127.0.0.1:1/mcp"],
      vars: ["K=V"],
      envFiles: [".env", ".env.ci"],
    });
  });
  await t.step("no flags: no configFile / serverConfigFile keys, empty lists", () => {
    const { paths, options } = parse([]);
    const load = suiteLoadOptions(paths, options, "/w");
    assert.deepEqual(load, { paths: [], cwd: "/w", serverOverrides: [], vars: [], envFiles: [] });
    assert.equal("configFile" in load, false);
    assert.equal("serverConfigFile" in load, false);
  });
});
