/** @module Every examples/protocol/*.yml passes live against the real server-everything, records a cassette, and replays green offline (server requests and scripted replies, progress, tasks, pages). */

import assert from "node:assert/strict";
import { join } from "node:path";
import { mcptest, ROOT } from "../../_helpers/cli.ts";

/** How many tests each example holds (every examples/protocol/*.yml must be listed). */
const EXAMPLES: Record<string, number> = {
  "elicitation.yml": 3,
  "logging.yml": 1,
  "pages.yml": 2,
  "progress.yml": 1,
  "requests.yml": 6,
  "roots.yml": 2,
  "sampling.yml": 3,
  "sequences.yml": 2,
  "tasks.yml": 2,
};

const DIR = join(ROOT, "examples", "protocol");

Deno.test("every examples/protocol/*.yml passes live, records and replays green", async (t) => {
  const files = [...Deno.readDirSync(DIR)].filter((e) => e.name.endsWith(".yml")).map((e) => e.name)
    .sort();
  assert.deepEqual(files, Object.keys(EXAMPLES).sort(), "list every example in EXAMPLES");
  const work = await Deno.makeTempDir({ prefix: "mcptest_protocol_" });
  try {
    for (const file of files) {
      await t.step(file, async () => {
        const passed = new RegExp(`${EXAMPLES[file]} passed, 0 failed`);
        const live = await mcptest(["run", join("examples", "protocol", file)]);
        assert.equal(live.code, 0, live.stdout + live.stderr);
        assert.match(live.stdout, passed);
        // Record in a copy, then replay it: no server is started the second time.
        const copy = join(work, file);
        await Deno.copyFile(join(DIR, file), copy);
        const recorded = await mcptest(["run", copy, "--record"], { cwd: work });
        assert.equal(recorded.code, 0, recorded.stdout + recorded.stderr);
        const replayed = await mcptest(["run", copy], { cwd: work });
        assert.equal(replayed.code, 0, replayed.stdout + replayed.stderr);
        assert.match(replayed.stdout, passed);
        assert.match(replayed.stdout, /replay\)/);
      });
    }
  } finally {
    await Deno.remove(work, { recursive: true });
  }
});
