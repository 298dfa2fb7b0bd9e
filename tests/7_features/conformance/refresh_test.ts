/** @module Tests of refreshCorpus() against a loopback upstream: selection, extraction, safety, atomicity. */

import assert from "node:assert/strict";
import { join } from "node:path";
import {
  RefreshError,
  RefreshNetworkError,
} from "../../../src/7_features/conformance/refresh/errors.ts";
import {
  refreshCorpus,
  type RefreshOptions,
} from "../../../src/7_features/conformance/refresh/refresh.ts";
import {
  compareVersionsDesc,
  versionFromRef,
} from "../../../src/7_features/conformance/refresh/select_ref.ts";
import { type FakeUpstream, sepYaml, startUpstream, tarball } from "./_upstream.ts";

const TOP = "conformance-abc123";

async function withUpstream(
  config: Partial<FakeUpstream["config"]>,
  body: (upstream: FakeUpstream, root: string, options: RefreshOptions) => Promise<void>,
): Promise<void> {
  const upstream = startUpstream({
    tags: [],
    tagsWithSource: [],
    defaultBranch: "main",
    tarballs: {},
    ...config,
  });
  const root = await Deno.makeTempDir({ prefix: "mcptest-refresh-" });
  const lines: string[] = [];
  const options: RefreshOptions = {
    corpusDir: root,
    url: "https://github.com/o/r",
    apiUrl: `${upstream.base}/api`,
    codeloadUrl: `${upstream.base}/codeload`,
    env: () => undefined,
    log: (line) => lines.push(line),
  };
  try {
    await body(upstream, root, options);
  } finally {
    await upstream.close();
    await Deno.remove(root, { recursive: true });
  }
}

async function listTree(dir: string): Promise<string[]> {
  const out: string[] = [];
  for await (const entry of Deno.readDir(dir)) out.push(entry.name);
  return out.sort();
}

Deno.test("refreshCorpus() pins the highest tag that has the source path, or the default branch", async (t) => {
  const withSidecar = await tarball([
    { name: "pax_global_header", data: `52 comment=${"ab12".repeat(10)}\n`, type: "g" },
    { name: `${TOP}/README.md`, data: "x" },
    { name: `${TOP}/src/seps/sep-2164.yaml`, data: sepYaml(2164) },
    { name: `${TOP}/src/seps/traceability.json`, data: "{}" },
    { name: `${TOP}/src/seps/SPEC_VERSION`, data: "2026-07-28\n" },
    { name: `${TOP}/src/seps/notes.txt`, data: "skip me" },
    { name: `${TOP}/src/other/sep-1.yaml`, data: sepYaml(1) },
  ]);
  await t.step("tags: v0.2.0 has src/seps, v0.10.0 does not", async () => {
    await withUpstream({
      tags: ["v0.1.0", "v0.10.0", "v0.2.0"],
      tagsWithSource: ["v0.2.0"],
      tarballs: { "v0.2.0": withSidecar },
    }, async (upstream, root, options) => {
      const logs: string[] = [];
      const summary = await refreshCorpus({ ...options, log: (l) => logs.push(l) });
      assert.equal(summary.ref, "v0.2.0");
      assert.equal(summary.version, "2026-07-28");
      assert.deepEqual(summary.diff.added, ["sep-2164.yaml", "traceability.json"]);
      assert.deepEqual(await listTree(join(root, "2026-07-28")), [
        "sep-2164.yaml",
        "traceability.json",
      ]);
      assert.ok(logs.some((l) => /v0\.10\.0 skipped/.test(l)));
      assert.ok(logs.some((l) => /pinned ref v0\.2\.0: the highest tag/.test(l)));
      assert.ok(logs.some((l) => /SPEC_VERSION/.test(l)));
      assert.ok(upstream.requests.every((r) => r.authorization === null));
    });
  });
  await t.step(
    "no tags: default branch HEAD, then an added/removed/unchanged summary",
    async () => {
      await withUpstream(
        { defaultBranch: "trunk", tarballs: { trunk: withSidecar } },
        async (upstream, root, options) => {
          const first = await refreshCorpus(options);
          assert.equal(first.ref, "trunk");
          const again = await refreshCorpus(options);
          assert.deepEqual(again.diff, {
            added: [],
            removed: [],
            changed: [],
            unchanged: ["sep-2164.yaml", "traceability.json"],
          });
          upstream.config.tarballs.trunk = await tarball([
            { name: `${TOP}/src/seps/sep-2164.yaml`, data: sepYaml(2164) + "# changed\n" },
            { name: `${TOP}/src/seps/sub/sep-2575.yml`, data: sepYaml(2575) },
            { name: `${TOP}/src/seps/SPEC_VERSION`, data: "2026-07-28" },
          ]);
          const third = await refreshCorpus(options);
          assert.deepEqual(third.diff, {
            added: ["sub/sep-2575.yml"],
            removed: ["traceability.json"],
            changed: ["sep-2164.yaml"],
            unchanged: [],
          });
          assert.deepEqual(await listTree(root), ["2026-07-28"], "no temp folders are left behind");
        },
      );
    },
  );
  await t.step("--ref: the version comes from the ref name", async () => {
    const plain = await tarball([{ name: `${TOP}/src/seps/sep-2164.yaml`, data: sepYaml(2164) }]);
    await withUpstream(
      { tarballs: { "spec-2026-07-28-RC": plain } },
      async (upstream, _root, options) => {
        const summary = await refreshCorpus({ ...options, ref: "spec-2026-07-28-RC" });
        assert.equal(summary.version, "2026-07-28-rc");
        assert.equal(upstream.requests.length, 1, "a pinned ref needs no API call");
      },
    );
  });
  await t.step("no sidecar, no date in the ref: --target-version is demanded", async () => {
    const plain = await tarball([{ name: `${TOP}/src/seps/sep-2164.yaml`, data: sepYaml(2164) }]);
    await withUpstream({ tarballs: { main: plain } }, async (_upstream, root, options) => {
      await assert.rejects(
        refreshCorpus(options),
        (e: unknown) =>
          e instanceof RefreshError && e.exitCode === 1 && /--target-version/.test(e.message),
      );
      const summary = await refreshCorpus({ ...options, revision: "2025-11-25" });
      assert.equal(summary.version, "2025-11-25");
      assert.deepEqual(await listTree(root), ["2025-11-25"]);
    });
  });
  await t.step("--dry-run writes nothing", async () => {
    await withUpstream({ tarballs: { main: withSidecar } }, async (_upstream, root, options) => {
      const summary = await refreshCorpus({ ...options, dryRun: true });
      assert.equal(summary.dryRun, true);
      assert.equal(summary.diff.added.length, 2);
      assert.deepEqual(await listTree(root), []);
    });
  });
});

Deno.test("refreshCorpus() fails informatively on the network", async (t) => {
  await t.step("403 rate limit: one request, one clear message, exit 3", async () => {
    await withUpstream({ rateLimited: true }, async (upstream, _root, options) => {
      await assert.rejects(
        refreshCorpus(options),
        (e: unknown) =>
          e instanceof RefreshNetworkError && e.exitCode === 3 &&
          /rate limit exceeded/.test(e.message) && /GITHUB_TOKEN/.test(e.message),
      );
      assert.equal(upstream.requests.length, 1, "no retry loop");
    });
  });
  await t.step("unreachable host is exit 3", async () => {
    const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const port = (listener.addr as Deno.NetAddr).port;
    listener.close();
    await assert.rejects(
      refreshCorpus({
        corpusDir: "/nonexistent-never-written",
        ref: "main",
        codeloadUrl: `http://127.0.0.1:${port}`,
        env: () => undefined,
        log: () => {},
      }),
      (e: unknown) => e instanceof RefreshNetworkError && e.exitCode === 3,
    );
  });
  await t.step("GITHUB_TOKEN is never sent to a host that is not GitHub over https", async () => {
    const plain = await tarball([{ name: `${TOP}/src/seps/sep-2164.yaml`, data: sepYaml(2164) }]);
    await withUpstream({ tarballs: { main: plain } }, async (upstream, _root, options) => {
      const logs: string[] = [];
      await refreshCorpus({
        ...options,
        revision: "2026-07-28",
        env: (n) => n === "GITHUB_TOKEN" ? "s3cret-token" : undefined,
        log: (l) => logs.push(l),
      });
      assert.ok(upstream.requests.length >= 2);
      assert.ok(upstream.requests.every((r) => r.authorization === null));
      assert.ok(!logs.join("\n").includes("s3cret-token"));
    });
  });
});

Deno.test("refreshCorpus() refuses unsafe archives and keeps the previous corpus", async (t) => {
  const cases: Array<[string, Array<{ name: string; data?: string; type?: string }>, RegExp]> = [
    [
      "a .. segment",
      [{ name: `${TOP}/src/seps/../../../etc/sep-1.yaml`, data: sepYaml(1) }],
      /"\.\." segment/,
    ],
    ["an absolute path", [{ name: `/etc/sep-1.yaml`, data: sepYaml(1) }], /absolute path/],
    [
      "a symlink in the corpus",
      [{ name: `${TOP}/src/seps/sep-1.yaml`, data: "", type: "2" }],
      /link/,
    ],
    [
      "a hard link in the corpus",
      [{ name: `${TOP}/src/seps/sep-1.yaml`, data: "", type: "1" }],
      /link/,
    ],
    [
      "a file over the size cap",
      [{ name: `${TOP}/src/seps/sep-1.yaml`, data: "x".repeat(5000) }],
      /cap/,
    ],
    ["no corpus files at all", [{ name: `${TOP}/README.md`, data: "x" }], /no \.yaml/],
  ];
  for (const [name, entries, message] of cases) {
    await t.step(name, async () => {
      const bad = await tarball([...entries, {
        name: `${TOP}/src/seps/SPEC_VERSION`,
        data: "2026-07-28",
      }]);
      await withUpstream({ tarballs: { main: bad } }, async (_upstream, root, options) => {
        await Deno.mkdir(join(root, "2026-07-28"));
        await Deno.writeTextFile(join(root, "2026-07-28", "sep-9.yaml"), sepYaml(9));
        await assert.rejects(
          refreshCorpus({
            ...options,
            limits: {
              maxTarBytes: 1 << 20,
              maxFileBytes: 4096,
              maxTotalBytes: 1 << 20,
              maxFiles: 10,
            },
          }),
          (e: unknown) => e instanceof RefreshError && message.test(e.message),
        );
        assert.deepEqual(await listTree(root), ["2026-07-28"]);
        assert.equal(await Deno.readTextFile(join(root, "2026-07-28", "sep-9.yaml")), sepYaml(9));
      });
    });
  }
});

Deno.test("versionFromRef() and compareVersionsDesc() read refs", async (t) => {
  await t.step("versionFromRef", () => {
    assert.equal(versionFromRef("spec-2026-07-28-RC"), "2026-07-28-rc");
    assert.equal(versionFromRef("2025-11-25"), "2025-11-25");
    assert.equal(versionFromRef("v0.2.0"), undefined);
  });
  await t.step("compareVersionsDesc", () => {
    assert.deepEqual(["v0.9.1", "v0.10.0", "v0.2.0"].sort(compareVersionsDesc), [
      "v0.10.0",
      "v0.9.1",
      "v0.2.0",
    ]);
  });
});
