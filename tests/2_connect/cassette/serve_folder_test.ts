/** @module loadRecording() of a folder serves its tool cassettes and passes over agent cassettes. */

import assert from "node:assert/strict";
import { loadRecording } from "../../../src/7_features/serve/mock.ts";
import { ROOT } from "../../_helpers/cli.ts";

Deno.test("loadRecording() of a folder skips agent cassettes and still refuses a folder with none", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-serve-folder-" });
  try {
    const agent = JSON.stringify({ format: "mcptest-agent-cassette", version: 1, exchanges: [] });
    await Deno.writeTextFile(`${dir}/weather__claude.json`, agent);
    await assert.rejects(loadRecording(dir, dir), /no cassette/);
    await Deno.copyFile(`${ROOT}examples/cassettes/cassettes__items.json`, `${dir}/items.json`);
    const recording = await loadRecording(dir, dir);
    assert.equal(recording.format, "mcptest-cassette");
    assert.ok(recording.exchanges.length > 0);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
