/** @module The seed 001 walk-through (examples/migration-doctor/README.md), step by step through the real CLI. */

import assert from "node:assert/strict";
import { copy } from "../../7_features/doctor/_copy.ts";
import { itemsServerArgv, mcptest, ROOT, startHttp } from "../../_helpers/cli.ts";

const FOLDER = "examples/migration-doctor";

Deno.test("the seed 001 walk-through (examples/migration-doctor/README.md) runs offline with the outputs it shows", async (t) => {
  const http = await startHttp(itemsServerArgv("--http", "--port", "0"));
  const dir = await Deno.makeTempDir();
  try {
    await t.step("1. the legacy endpoint answers -32002, the conformant one -32602", async () => {
      const read = async (query: string) => {
        const response = await fetch(`${http.url}${query}`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
          },
          body: JSON.stringify({
            jsonrpc: "2.0",
            id: 1,
            method: "resources/read",
            params: { uri: "items://999" },
          }),
        });
        return (await response.json()).error.code;
      };
      assert.equal(await read("?scenario=legacy"), -32002);
      assert.equal(await read(""), -32602);
    });
    await t.step("2. the contract test fails on legacy, passes on conformant", async () => {
      const run = await mcptest(["run", `${FOLDER}/tests/migration.yml`]);
      assert.equal(run.code, 1);
      assert.match(
        run.stdout,
        /FAIL {2}missing resource returns standard -32602 \(legacy\)[\s\S]*actual: +-32002[\s\S]*PASS {2}missing resource returns standard -32602 \(conformant\)/,
      );
      assert.match(run.stdout, /1 passed, 1 failed/);
    });
    await t.step(
      "3. doctor --target-version fails the legacy endpoint and passes the conformant one",
      async () => {
        const legacy = await mcptest([
          "doctor",
          "--url",
          `${http.url}?scenario=legacy`,
          "--target-version",
          "2026-07-28",
        ]);
        assert.equal(legacy.code, 1, legacy.stdout + legacy.stderr);
        assert.match(legacy.stdout, /\[FAIL\] legacy-error-code[\s\S]*-32602/);
        const conformant = await mcptest([
          "doctor",
          "--url",
          http.url,
          "--target-version",
          "2026-07-28",
        ]);
        assert.equal(conformant.code, 0, conformant.stdout + conformant.stderr);
      },
    );
    await t.step(
      "4. lint finds -32002, migrate plans and rewrites it, the suite then passes",
      async () => {
        await copy(`${ROOT}${FOLDER}/tests`, `${dir}/tests`);
        // The copy lives outside examples/: point its servers back at the bundled example server.
        const file = `${dir}/tests/legacy-contract.yml`;
        await Deno.writeTextFile(
          file,
          (await Deno.readTextFile(file)).replace('cwd: "../.."', `cwd: "${ROOT}examples"`),
        );
        const lint = await mcptest(["lint", "tests/"], { cwd: dir });
        assert.equal(lint.code, 1);
        assert.match(lint.stdout, /tests\/legacy-contract\.yml:\d+:\d+ legacy-error-code/);
        const before = await mcptest(["run", "tests/legacy-contract.yml"], { cwd: dir });
        assert.equal(before.code, 1);
        const plan = await mcptest(["migrate", "tests/", "--to", "2026-07-28"], { cwd: dir });
        assert.equal(plan.code, 0, plan.stderr);
        assert.match(
          plan.stdout,
          /tests\/legacy-contract\.yml\n +line \d+ +legacy-error-code +-32002 -> -32602 +\(annotate \+ rewrite\)/,
        );
        const write = await mcptest(["migrate", "tests/", "--to", "2026-07-28", "--write"], {
          cwd: dir,
        });
        assert.equal(write.code, 0, write.stderr);
        const rewritten = await Deno.readTextFile(file);
        assert.match(rewritten, /# TODO\(mcptest-migrate\): .*\n\s+exact: -32602/);
        const after = await mcptest(["run", "tests/legacy-contract.yml"], { cwd: dir });
        assert.equal(after.code, 0, after.stdout + after.stderr);
        const again = await mcptest(["migrate", "tests/", "--to", "2026-07-28", "--write"], {
          cwd: dir,
        });
        assert.equal(again.code, 0);
        assert.equal(await Deno.readTextFile(file), rewritten, "a second --write changes nothing");
      },
    );
  } finally {
    await http.stop();
    await Deno.remove(dir, { recursive: true });
  }
});
