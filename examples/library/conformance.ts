/** @module Library example: score a server against the SEP corpus of a spec version into a tier. */

import { fileURLToPath } from "node:url";
import {
  connect,
  getConformanceReporter,
  loadSuite,
  resolveCorpus,
  runConformance,
} from "../../mod.ts";

const cwd = fileURLToPath(new URL("..", import.meta.url));
const suite = await loadSuite({ paths: ["getting-started.yml"], cwd });
const server = Object.values(suite.servers).find((s) => s.name === "items")!;

// --corpus-dir, else the user cache, else the corpus embedded in mcptest (as the CLI resolves it).
const corpus = await resolveCorpus({ revision: "2025-11-25" });
const result = await runConformance({
  server,
  corpus,
  connect: (target) => connect(target),
  toolVersion: "library-example",
});

console.log(getConformanceReporter("pretty")(result, { color: false }));
console.log(`${result.tier} (${result.badge}): ${result.tier_reason}`);
