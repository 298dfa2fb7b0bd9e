/** @module Tests of corpus resolution (seed 002): override, cache, embedded, default version, missing. */

import assert from "node:assert/strict";
import { join } from "node:path";
import { conformanceCacheRoot } from "../../../src/7_features/conformance/corpus_cache/cache_dir.ts";
import {
  CorpusMissingError,
  resolveCorpus,
} from "../../../src/7_features/conformance/resolve_corpus.ts";

const SEP = `sep: 2164
spec_url: https://modelcontextprotocol.io/x
requirements:
  - check: sep-2164-error-code
    text: 'Servers SHOULD answer -32602.'
`;

async function corpusRoot(versions: string[]): Promise<string> {
  const root = await Deno.makeTempDir({ prefix: "mcptest-corpus-" });
  for (const v of versions) {
    await Deno.mkdir(join(root, v, "nested"), { recursive: true });
    await Deno.writeTextFile(join(root, v, "sep-2164.yaml"), SEP);
    await Deno.writeTextFile(join(root, v, "traceability.json"), '{"schemaVersion":1}');
    await Deno.writeTextFile(join(root, v, "SPEC_VERSION"), v);
  }
  return root;
}

const env = (vars: Record<string, string>) => (name: string) => vars[name];

Deno.test("conformanceCacheRoot() follows XDG, HOME and LOCALAPPDATA", async (t) => {
  await t.step("XDG_CACHE_HOME wins", () => {
    assert.equal(
      conformanceCacheRoot(env({ XDG_CACHE_HOME: "/x", HOME: "/h" }), "linux"),
      "/x/mcptest/conformance",
    );
  });
  await t.step("~/.cache without XDG", () => {
    assert.equal(
      conformanceCacheRoot(env({ HOME: "/h" }), "darwin"),
      "/h/.cache/mcptest/conformance",
    );
  });
  await t.step("%LOCALAPPDATA% on Windows", () => {
    assert.equal(
      conformanceCacheRoot(env({ LOCALAPPDATA: "C:\\L" }), "windows"),
      "C:\\L\\mcptest\\conformance",
    );
  });
  await t.step(
    "nothing known",
    () => assert.equal(conformanceCacheRoot(env({}), "linux"), undefined),
  );
});

Deno.test("resolveCorpus() applies seed 002's resolution order", async (t) => {
  const cacheBase = await Deno.makeTempDir({ prefix: "mcptest-xdg-" });
  const cacheRoot = join(cacheBase, "mcptest", "conformance");
  await Deno.mkdir(join(cacheRoot, "2025-11-25"), { recursive: true });
  await Deno.writeTextFile(join(cacheRoot, "2025-11-25", "sep-2164.yaml"), SEP);
  const override = await corpusRoot(["2026-07-28-rc", "2025-06-18"]);
  try {
    await t.step(
      "--corpus-dir is the only place consulted; greatest version by default",
      async () => {
        const corpus = await resolveCorpus({
          corpusDir: override,
          env: env({ XDG_CACHE_HOME: cacheBase }),
        });
        assert.equal(corpus.source, "override");
        assert.equal(corpus.version, "2026-07-28-rc");
        assert.deepEqual(corpus.seps.map((s) => s.sep), [2164]);
      },
    );
    await t.step("--corpus-dir without the requested version is exit 2", async () => {
      await assert.rejects(
        resolveCorpus({ corpusDir: override, revision: "2025-11-25" }),
        (e: unknown) =>
          e instanceof CorpusMissingError && e.exitCode === 2 &&
          /conformance refresh/.test(e.message),
      );
    });
    await t.step("the cache wins over the embedded corpus for the same version", async () => {
      const corpus = await resolveCorpus({
        revision: "2025-11-25",
        env: env({ XDG_CACHE_HOME: cacheBase }),
      });
      assert.equal(corpus.source, "cache");
      assert.equal(corpus.seps.length, 1);
    });
    await t.step(
      "embedded when the cache lacks the version; default = greatest of both",
      async () => {
        const corpus = await resolveCorpus({ env: env({ XDG_CACHE_HOME: cacheBase }) });
        assert.equal(corpus.version, "2026-07-28");
        assert.equal(corpus.source, "embedded");
      },
    );
    await t.step("nothing anywhere is exit 2 naming refresh", async () => {
      await assert.rejects(
        resolveCorpus({ env: env({}), noEmbedded: true }),
        (e: unknown) =>
          e instanceof CorpusMissingError && /mcptest conformance refresh/.test(e.message),
      );
    });
  } finally {
    await Deno.remove(cacheBase, { recursive: true });
    await Deno.remove(override, { recursive: true });
  }
});
