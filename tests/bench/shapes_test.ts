import assert from "node:assert/strict";
import { loadSuite } from "../../src/3_load/config/load_suite.ts";
import { writeShape } from "../../bench/shapes.ts";
import { renderTable } from "../../bench/table.ts";

const SERVER = ["deno", "run", "server.ts"];

Deno.test("the bench's suite shapes load with every test, each naming the one server", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-shapes-" });
  try {
    const shapes = [
      ["user", 1],
      ["flow", 1],
      ["user", 7],
      ["anchors", 1],
      ["captures", 1],
      ["literal", 1],
      ["json", 1],
      ["crlf", 1],
      ["schema", 1],
    ] as const;
    for (const [shape, files] of shapes) {
      const suite = await writeShape(dir, SERVER, shape, 30, files);
      const loaded = await loadSuite({
        paths: suite.paths,
        cwd: dir,
        ...(suite.config ? { configFile: suite.config } : {}),
        env: {},
      });
      assert.equal(loaded.tests.length, 30, `${shape} over ${files}`);
      assert.deepEqual(new Set(loaded.tests.map((t) => t.name)).size, 30);
      assert.equal(new Set(loaded.tests.map((t) => t.serverKey)).size, 1, `${shape} one server`);
      // The user shape's calls: echo "hello <i>" (in `captures`, every other one the capture of
      // the test before it, which echoed that).
      loaded.tests.forEach((t, i) => {
        if (shape === "captures" && i % 2 === 1) {
          assert.deepEqual(t.captureUses, [`c${i}`], `${shape} ${i}`);
        } else {
          const call = { kind: "tool", tool: "echo", args: { text: `hello ${i + 1}` } };
          assert.deepEqual(t.call, call, `${shape} ${i}`);
        }
      });
      if (shape === "crlf") {
        const text = await Deno.readTextFile(suite.paths[0]!);
        assert.equal(text.split("\r\n").length, text.split("\n").length, "every line ends CRLF");
      }
      if (shape === "user") {
        const text = await Deno.readTextFile(
          `${suite.paths[0]}${files === 1 ? "" : "/suite-000.yml"}`,
        );
        assert.match(text, /^ {4}server: items$/m, "the user shape names server: on each test");
      }
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the bench table marks unmeasured rows n/a and missed goals NO", () => {
  const table = renderTable([
    { measure: "a", mcptest: "1 s", baseline: "2 s", value: "0.50x", goal: "<= 1.5x", met: true },
    { measure: "b", mcptest: "3 s", baseline: "1 s", value: "3.00x", goal: "<= 1.5x", met: false },
    { measure: "c", mcptest: "-", baseline: "-", value: "not run", goal: ">= 5x", met: undefined },
  ]);
  assert.match(table, /^\| a \| 1 s \| 2 s \| 0\.50x \| <= 1\.5x \| yes \|$/m);
  assert.match(table, /^\| b .* \| NO \|$/m);
  assert.match(table, /^\| c .* \| n\/a \|$/m);
});
