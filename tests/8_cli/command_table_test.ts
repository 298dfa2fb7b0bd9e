import assert from "node:assert/strict";
import { COMMANDS, commandsFor } from "../../src/8_cli/command_table.ts";

const ALL = Object.keys(COMMANDS);

Deno.test("a command line naming a command builds that command alone", () => {
  assert.deepEqual(commandsFor(["list", "tests/", "--filter", "x"]), ["list"]);
  assert.deepEqual(commandsFor(["conformance", "run", "--server", "x"]), ["conformance"]);
  for (const name of ALL) assert.deepEqual(commandsFor([name, "--help"]), [name]);
});

Deno.test("help, --version, no command or a mistyped one build every command", () => {
  for (const argv of [[], ["--help"], ["-h"], ["-V"], ["help", "run"], ["rn"], ["constructor"]]) {
    assert.deepEqual(commandsFor(argv), ALL, JSON.stringify(argv));
  }
});

Deno.test("each entry of the table builds the command of its name, in help order", async () => {
  assert.deepEqual(ALL, [
    "init",
    "run",
    "list",
    "report",
    "compliance",
    "conformance",
    "doctor",
    "auth",
    "lint",
    "migrate",
    "serve",
    "scan",
    "fuzz",
    "diff",
  ]);
  for (const [name, build] of Object.entries(COMMANDS)) {
    assert.equal((await build(() => {})).name(), name);
  }
  const compliance = await COMMANDS.compliance!(() => {});
  assert.deepEqual(compliance.commands.map((c) => c.name()), [
    "run",
    "baseline",
    "diff",
    "invariants",
  ]);
});
