/** @module Library example: load a suite, run it end to end, and exit like `mcptest run` would. */

import { fileURLToPath } from "node:url";
import { ExitCode, loadSuite, runSuite } from "../../mod.ts";

// Paths resolve against `cwd`: here the examples/ folder, wherever this script is started from.
const cwd = fileURLToPath(new URL("..", import.meta.url));

const suite = await loadSuite({ paths: ["getting-started.yml"], cwd });
// Tests, `compliance:` blocks and their gates: the same record `mcptest run --reporter json` writes.
const record = await runSuite(suite);

for (const test of record.tests) console.log(`${test.status.padEnd(5)} ${test.name}`);
const { passed, failed, errored } = record.summary;
console.log(`${passed} passed, ${failed} failed, ${errored} errored`);
Deno.exit(failed + errored > 0 ? ExitCode.TestsFailed : ExitCode.Ok);
