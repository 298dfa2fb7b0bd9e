/**
 * @module The declared commands read a command line as commander reads it: on generated command
 * lines for every command, a line the declarations read gives commander's own arguments and option
 * values, and commander accepts it; everything else is left to commander.
 */

import assert from "node:assert/strict";
import fc from "fast-check";
import { CommanderError } from "commander";
import type { Command as RealCommand } from "commander";
import { buildProgram } from "../../src/8_cli/program.ts";
import { COMMANDS } from "../../src/8_cli/command_table.ts";
import {
  type DeclaredCommand,
  declaredOption,
} from "../../src/0_base/command_line/declared_command.ts";
import { parseDeclared } from "../../src/0_base/command_line/declared_parse.ts";
import { materialize } from "../../src/0_base/command_line/commander_fallback.ts";

const noop = () => {};

/** A fresh program declaring the commands `argv` names. */
const declared = (argv: readonly string[]) => buildProgram(argv, noop);

/** What commander hands the action of the command `argv` names, or undefined when it refuses. */
async function commanderReads(
  argv: readonly string[],
): Promise<{ path: string[]; args: unknown[]; opts: unknown } | undefined> {
  const program = materialize(await declared(argv));
  let got: { path: string[]; args: unknown[]; opts: unknown } | undefined;
  const quiet = (command: RealCommand, path: string[]) => {
    command.configureOutput({ writeOut: noop, writeErr: noop });
    // The action records what it is given instead of running the command.
    command.action((...received: unknown[]) => {
      got = { path, args: received.slice(0, -2), opts: { ...received.at(-2) as object } };
    });
    for (const sub of command.commands) quiet(sub as RealCommand, [...path, sub.name()]);
  };
  quiet(program, []);
  try {
    await program.parseAsync([...argv], { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) return undefined;
    if (error instanceof Error && error.name === "UsageError") return undefined; // a parser's refusal
    throw error;
  }
  return got;
}

/** What the declarations read, as the same shape. */
async function declaredReads(argv: readonly string[]) {
  const program = await declared(argv);
  const parsed = parseDeclared(program, argv);
  if (parsed === undefined) return undefined;
  const path: string[] = [];
  // The command's path: walk down by names from the program.
  let at: DeclaredCommand | undefined = program;
  for (const word of argv) {
    const next: DeclaredCommand | undefined = at?.commands.find((c) => c.commandName === word);
    if (next === undefined) break;
    path.push(word);
    at = next;
  }
  assert.equal(parsed.command.commandName, path.at(-1));
  return { path, args: [...parsed.args], opts: { ...parsed.values } };
}

/** Every command that has an action, with the words that name it. */
async function leaves(): Promise<{ path: string[]; command: DeclaredCommand }[]> {
  const out: { path: string[]; command: DeclaredCommand }[] = [];
  const walk = (command: DeclaredCommand, path: string[]) => {
    if (command.handler && command.commands.length === 0) out.push({ path, command });
    for (const sub of command.commands) walk(sub, [...path, sub.commandName]);
  };
  for (const name of Object.keys(COMMANDS)) {
    const program = await declared([name]);
    walk(program.commands[0]!, [name]);
  }
  return out;
}

/** Words a command line of `command` may hold: its flags in every form, values, operands, noise. */
function wordsOf(command: DeclaredCommand): fc.Arbitrary<string[]> {
  const values = [
    "1",
    "0",
    "3",
    "abc",
    "500ms",
    "json",
    "pretty",
    "junit:r.xml",
    "a=b",
    "x=deno run s.ts",
    "2025-06-18",
    "tests/",
    "-",
    "",
    "-5",
    "--",
  ];
  const flags = command.options.flatMap((o) => [
    ...(o.long ? [o.long] : []),
    ...(o.short ? [o.short] : []),
  ]);
  const flagWords = fc.constantFrom(...flags).chain((flag) =>
    fc.oneof(
      fc.constant([flag]),
      fc.constantFrom(...values).map((v) => [flag, v]),
      fc.constantFrom(...values).map((v) => [`${flag}=${v}`]),
    )
  );
  const operand = fc.constantFrom("a.yml", "tests/b.yml", "x", "-").map((w) => [w]);
  const noise = fc.constantFrom("--bogus", "-h", "--help", "-V", "--version", "--", "-uq", "-9")
    .map((w) => [w]);
  return fc.array(
    fc.oneof({ weight: 8, arbitrary: flagWords }, { weight: 2, arbitrary: operand }, noise),
    { maxLength: 5 },
  ).map((groups) => groups.flat());
}

Deno.test("a command line the declarations read is read as commander reads it, on every command", async () => {
  let read = 0, total = 0;
  for (const { path, command } of await leaves()) {
    await fc.assert(
      fc.asyncProperty(wordsOf(command), async (words) => {
        const argv = [...path, ...words];
        const ours = await declaredReads(argv);
        total++;
        if (ours === undefined) return; // left to commander
        read++;
        const theirs = await commanderReads(argv);
        assert.ok(theirs !== undefined, `commander refuses ${JSON.stringify(argv)}`);
        assert.deepEqual(ours, theirs, JSON.stringify(argv));
      }),
      { numRuns: 100 },
    );
  }
  // Many generated lines hold a mistake; a fair share (about a fifth) must still be read.
  assert.ok(read > total * 0.15, `read ${read} of ${total}`);
});

Deno.test("what the declarations read, and what they leave to commander", async () => {
  const reads = async (argv: string[]) => (await declaredReads(argv))?.opts;
  const run = await reads([
    "run",
    "tests/",
    "--reporter",
    "json",
    "--output=out.json",
    "--no-cache",
  ]);
  assert.deepEqual(
    { reporter: run?.reporter, output: run?.output, cache: run?.cache, color: run?.color },
    { reporter: ["json"], output: "out.json", cache: false, color: true },
  );
  assert.deepEqual((await declaredReads(["run", "a.yml", "--", "--b"]))?.args, [["a.yml", "--b"]]);
  assert.deepEqual((await reads(["run", "--tag", "a", "--tag=b"]))?.tag, ["a", "b"]);
  assert.equal((await reads(["run", "--bail"]))?.bail, true);
  assert.equal((await reads(["run", "--bail", "3"]))?.bail, 3);
  assert.equal((await reads(["run", "-u"]))?.updateSnapshots, true);
  for (
    const argv of [
      [],
      ["--version"],
      ["run", "-V"],
      ["run", "--help"],
      ["run", "-h"],
      ["run", "--bogus"],
      ["run", "--timeout", "soon"], // a parser's refusal: commander words it
      ["run", "--reporter"], // a missing value
      ["runn"],
      ["compliance"], // a bare group
      ["compliance", "help", "run"],
      ["migrate", "a.yml"], // a required option missing
      ["report"], // a required argument missing
      ["diff", "a", "b", "c"], // one argument too many
      ["run", "--verbose=yes"], // a flag given a value
      ["conformance", "run", "--spec-version", "2025-06-18"], // listened to (its alias)
    ]
  ) {
    assert.equal(await declaredReads(argv), undefined, JSON.stringify(argv));
  }
});

Deno.test("declaredOption reads flags as commander does", () => {
  assert.deepEqual(declaredOption("-u, --update-snapshots", "x", undefined, false), {
    flags: "-u, --update-snapshots",
    short: "-u",
    long: "--update-snapshots",
    key: "updateSnapshots",
    required: false,
    optional: false,
    variadic: false,
    negate: false,
    mandatory: false,
    defaultValue: "x",
  });
  const parse = (v: string) => v;
  const bail = declaredOption("--bail [n]", parse, 1, true);
  assert.equal(bail.optional, true);
  assert.equal(bail.parse, parse);
  assert.equal(bail.defaultValue, 1);
  assert.equal(bail.mandatory, true);
  assert.equal(declaredOption("--no-color", undefined, undefined, false).key, "color");
  assert.equal(
    declaredOption("--allow-origin <origin...>", undefined, undefined, false).variadic,
    true,
  );
  assert.throws(() => declaredOption("-ab, --x", undefined, undefined, false), /not supported/);
});
