/** @module Library example: run protocol compliance rules against a server and grade the result. */

import { fileURLToPath } from "node:url";
import { compareGrades, computeGrade, connect, loadSuite, runCompliance } from "../../mod.ts";

const cwd = fileURLToPath(new URL("..", import.meta.url));
// The server entry of a suite file is all runCompliance needs to reach it.
const suite = await loadSuite({ paths: ["getting-started.yml"], cwd });
const server = Object.values(suite.servers).find((s) => s.name === "items")!;

const run = await runCompliance({
  server,
  version: "v2025-11-25",
  only: ["PROTO-002", "PROTO-008", "TOOL-001", "RES-005", "PROMPT-001"],
  connect: (target) => connect(target),
});
for (const result of run.results) {
  console.log(`${result.status.padEnd(5)} ${result.rule?.id} (${result.rule?.severity})`);
}
console.log(`negotiated ${run.protocolVersion ?? "nothing"}`);

// Weighted by severity: MUST counts three times, SHOULD twice, MAY once.
const grade = computeGrade(run.results);
if (grade) console.log(`grade ${grade.letter}, score ${grade.score}`);
// Against a saved grade (here: this one), as a `grade_delta:` gate compares them.
const diff = grade && compareGrades(grade, grade);
if (diff) console.log(`delta ${diff.delta}, regressions [${diff.regressions.join(", ")}]`);
if (run.results.some((r) => r.status === "fail" || r.status === "error")) Deno.exit(1);
