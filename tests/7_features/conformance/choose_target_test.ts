/** @module Tests of the target-version choice (negotiated revision) and of flat --corpus-dir folders. */

import assert from "node:assert/strict";
import { join } from "node:path";
import { pickTarget } from "../../../src/7_features/conformance/choose_target.ts";
import {
  CorpusMissingError,
  resolveCorpus,
} from "../../../src/7_features/conformance/resolve_corpus.ts";

const SEP = `sep: 2164
spec_url: https://example.invalid
requirements:
  - check: sep-2164-error-code
    text: 'Servers SHOULD answer -32602.'
`;

Deno.test("pickTarget() takes the negotiated revision, else the newest older corpus", async (t) => {
  const present = ["2025-11-25", "2026-07-28"];
  await t.step("negotiated and present", () => {
    const choice = pickTarget("2026-07-28", present);
    assert.equal(choice.version, "2026-07-28");
    assert.match(choice.line, /newest revision the server negotiates/);
  });
  await t.step("a 2025 server is scored against 2025-11-25, not the greatest corpus", () => {
    assert.equal(pickTarget("2025-11-25", present).version, "2025-11-25");
  });
  await t.step("a newer revision than any corpus falls back to the newest older one", () => {
    const choice = pickTarget("2027-01-01", present);
    assert.equal(choice.version, "2026-07-28");
    assert.match(choice.line, /has no corpus/);
  });
  await t.step("an older revision than every corpus is exit 2 with a hint", () => {
    assert.throws(
      () => pickTarget("2024-11-05", present),
      (e: unknown) =>
        e instanceof CorpusMissingError && e.exitCode === 2 && /--target-version/.test(e.message),
    );
  });
  await t.step("no handshake: the greatest corpus", () => {
    assert.equal(pickTarget(undefined, present).version, "2026-07-28");
  });
});

Deno.test("resolveCorpus() reads a flat --corpus-dir (upstream's src/seps layout)", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-flat-" });
  try {
    await Deno.writeTextFile(join(dir, "sep-2164.yaml"), SEP);
    await Deno.writeTextFile(join(dir, "traceability.json"), "{}");
    await t.step("with --target-version", async () => {
      const corpus = await resolveCorpus({ corpusDir: dir, revision: "2026-07-28" });
      assert.equal(corpus.version, "2026-07-28");
      assert.equal(corpus.source, "override");
      assert.deepEqual(corpus.seps.map((s) => s.sep), [2164]);
    });
    await t.step("without a version anywhere the error names both layouts", async () => {
      await assert.rejects(
        resolveCorpus({ corpusDir: dir }),
        (e: unknown) =>
          e instanceof CorpusMissingError && /SPEC_VERSION/.test(e.message) &&
          e.message.includes(join(dir, "2026-07-28", "sep-2575.yaml")),
      );
    });
    await t.step(
      "SPEC_VERSION names the version; a different --target-version is refused",
      async () => {
        await Deno.writeTextFile(join(dir, "SPEC_VERSION"), "2026-07-28\n");
        assert.equal((await resolveCorpus({ corpusDir: dir })).version, "2026-07-28");
        await assert.rejects(
          resolveCorpus({ corpusDir: dir, revision: "2025-11-25" }),
          (e: unknown) => e instanceof CorpusMissingError && /not 2025-11-25/.test(e.message),
        );
      },
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
  await t.step("an empty folder: the error says which <version>/ layout is needed", async () => {
    const empty = await Deno.makeTempDir({ prefix: "mcptest-empty-" });
    try {
      await assert.rejects(
        resolveCorpus({ corpusDir: empty }),
        (e: unknown) =>
          e instanceof CorpusMissingError && /<version>\/ folders/.test(e.message) &&
          /conformance refresh/.test(e.message),
      );
    } finally {
      await Deno.remove(empty, { recursive: true });
    }
  });
});
