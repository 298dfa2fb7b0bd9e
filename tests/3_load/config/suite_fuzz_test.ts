/** @module Fuzz (fast-check): a damaged suite file is a load error at file:line:col (exit 2), never an internal error or a hang (#23); in-process. */

import assert from "node:assert/strict";
import fc from "fast-check";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";
import { McptestError } from "../../../src/0_base/errors/errors.ts";
import { withFiles } from "./_helpers.ts";

const SEEDS = ["authoring.yml", "captures.yml", "auth-headers.yml"].map((name) =>
  Deno.readTextFileSync(new URL(`../../../examples/${name}`, import.meta.url))
);

const mutant = fc.tuple(fc.nat(SEEDS.length - 1), fc.nat(), fc.nat(), fc.string(), fc.nat(3))
  .map(([which, a, b, insert, how]) => {
    const text = SEEDS[which]!;
    const [from, to] = [a % (text.length + 1), b % (text.length + 1)].sort((x, y) => x - y);
    if (how === 0) return text.slice(0, from) + insert + text.slice(to); // splice
    if (how === 1) return text.slice(0, from); // cut short
    if (how === 2) { // drop one line
      const lines = text.split("\n");
      lines.splice(a % lines.length, 1);
      return lines.join("\n");
    }
    return text.replaceAll("\n  ", `\n  ${" ".repeat(b % 5)}`); // shifted indentation
  });

Deno.test("a damaged suite is a load error (exit 2), never an internal error", async () => {
  await withFiles({ "s.yml": "" }, async (dir) => {
    await fc.assert(
      fc.asyncProperty(mutant, async (text) => {
        await Deno.writeTextFile(`${dir}/s.yml`, text);
        try {
          await loadSuite({ paths: ["s.yml"], cwd: dir });
        } catch (error) {
          assert.ok(error instanceof McptestError, `${error}\n--- input ---\n${text}`);
          assert.equal(error.exitCode, 2, String(error));
        }
      }),
      { numRuns: 150 },
    );
  });
});
