/** @module Library example: render one run record in several formats, and re-read a saved record. */

import { fileURLToPath } from "node:url";
import { getReporter, loadSuite, parseRunRecord, RUN_RECORD_VERSION, runSuite } from "../../mod.ts";

const cwd = fileURLToPath(new URL("..", import.meta.url));
const record = await runSuite(await loadSuite({ paths: ["getting-started.yml"], cwd }));

// Every format renders from the same record, so two formats never disagree about a test.
for (const name of ["junit", "tap", "markdown"]) {
  const render = await getReporter(name);
  const text = await render(record, { color: false });
  console.log(`--- ${name}: ${text.split("\n").length} lines`);
}
console.log(await (await getReporter("tap"))(record, { color: false }));

// The json format is the record itself: save it, read it back later (`mcptest report` does this).
const json = await (await getReporter("json"))(record, { color: false });
const reread = parseRunRecord(json, "run.json");
console.log(`record v${reread.version} (this library writes v${RUN_RECORD_VERSION}):`);
console.log(`${reread.summary.passed} of ${reread.summary.total} passed`);
