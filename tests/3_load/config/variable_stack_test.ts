/** @module The variable stack: seven sources in precedence order, references, literals, cycles. */

import assert from "node:assert/strict";
import { join } from "node:path";
import { ConfigError, ConfigErrors } from "../../../src/0_base/errors/errors.ts";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";
import {
  buildVariableStack,
  VariableCycleError,
  VariableStack,
} from "../../../src/3_load/config/variable_stack.ts";
import { withFiles } from "./_helpers.ts";

const names = ["v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8"];
/** An env file defining v1..vN, so vN's highest source is the layer that holds this file. */
const upTo = (n: number, value: string) =>
  names.slice(0, n).map((name) => `${name}=${value}`).join("\n") + "\n";

Deno.test("loadSuite() resolves variables through all seven sources, highest first", async () => {
  const testFile = `
server: { command: server }
variables:
${names.slice(0, 7).map((n) => `  ${n}: file`).join("\n")}
tools:
  - name: all layers
    tool: echo
    args:
${names.map((n) => `      ${n}: "\${${n}}"`).join("\n")}
`;
  await withFiles({
    "suite.yml": testFile,
    "mcptest.yml": "variables:\n  v7: config\n  v8: config\n",
    "a.env": upTo(2, "envfile-a"),
    "b.env": "v2=envfile-b\n",
    ".env.local": upTo(4, "local"),
    ".env.test": upTo(5, "test"),
    ".env": upTo(6, "dotenv"),
  }, async (dir) => {
    const suite = await loadSuite({
      paths: ["suite.yml"],
      cwd: dir,
      vars: ["v1=var"],
      envFiles: ["a.env", join(dir, "b.env")],
      env: { v1: "environment", v2: "environment", v3: "environment" },
    });
    const call = suite.tests[0]?.call;
    assert.ok(call?.kind === "tool");
    assert.deepEqual(call.args, {
      v1: "var", // --var
      v2: "envfile-b", // --env-file, the later file wins
      v3: "environment", // OS environment
      v4: "local", // .env.local
      v5: "test", // .env.test
      v6: "dotenv", // .env
      v7: "file", // the test file's variables:
      v8: "config", // the project config's variables: (below the file's)
    });
  });
});

Deno.test("VariableStack resolves references, literals and escapes", async (t) => {
  const stack = await buildVariableStack({
    cwd: "/project",
    vars: ["url=${base}/mcp", "empty="],
    env: { HOME_DIR: "/home/${user}", base: "http://127.0.0.1:8080" },
    readTextFile: (path) =>
      Promise.resolve(
        path === join("/project", ".env") ? "base=http://wrong\nport=9\n" : undefined,
      ),
  });

  await t.step("a reference resolves through the same stack", () => {
    assert.deepEqual(stack.lookup("url"), { value: "http://127.0.0.1:8080/mcp", layer: "--var" });
    assert.deepEqual(stack.lookup("port"), { value: "9", layer: ".env" });
    assert.equal(stack.lookup("empty")?.value, "");
  });

  await t.step("OS environment values are taken literally", () => {
    assert.equal(stack.interpolate("${HOME_DIR}"), "/home/${user}");
  });

  await t.step("$${ is a literal ${, a lone $ stays", () => {
    assert.equal(stack.interpolate("cost $5, $${port} and ${port}"), "cost $5, ${port} and 9");
  });

  await t.step("a malformed reference is an error", () => {
    assert.throws(
      () => stack.interpolate("${not closed", { file: "f.yml", line: 2, col: 3 }),
      (e: unknown) => {
        assert.ok(e instanceof ConfigError);
        assert.equal(
          e.message,
          'f.yml:2:3: invalid variable reference "${not closed"; expected ${name} (write $${ for a literal ${)',
        );
        return true;
      },
    );
  });

  await t.step("a cycle is a VariableCycleError naming it", () => {
    const layer = (entries: Record<string, string>) => ({
      label: "variables:",
      values: new Map(Object.entries(entries).map(([k, v]) => [k, { value: v }])),
    });
    const cyclic = new VariableStack([layer({ a: "${b}", b: "${c}", c: "${a}" })]);
    assert.throws(() => cyclic.interpolate("${a}"), (e: unknown) => {
      assert.ok(e instanceof VariableCycleError);
      assert.equal(e.message, "variable cycle: a -> b -> c -> a");
      assert.equal(e.exitCode, 2);
      return true;
    });
    assert.throws(() => cyclic.withLower().lookup("b"), /variable cycle: b -> c -> a -> b/);
  });
});

Deno.test("loadSuite() reports bad --var and missing --env-file before anything else", async () => {
  await withFiles({}, async (dir) => {
    const error = await loadSuite({
      paths: [],
      cwd: dir,
      env: {},
      vars: ["novalue"],
      envFiles: ["ci.env"],
    }).catch((e) => e);
    assert.ok(error instanceof ConfigErrors);
    assert.deepEqual(error.errors.map((e) => e.message), [
      'invalid --var "novalue"; expected KEY=VALUE',
      'env file not found: "ci.env" (from --env-file)',
    ]);
  });
});

Deno.test("loadSuite() points an error inside a variable's value at its definition", async () => {
  await withFiles({
    "s.yml":
      'server: { command: s }\nvariables:\n  a: "${missing}"\ntools:\n  - name: t\n    tool: x\n    args: { q: "${a}" }\n',
    ".env": "# comment\nB=${nope}\n",
  }, async (dir) => {
    const error = await loadSuite({ paths: ["s.yml"], cwd: dir, env: {}, vars: ["c=${B}"] }).catch((
      e,
    ) => e);
    assert.ok(error instanceof ConfigErrors);
    assert.deepEqual(error.errors.map((e) => e.message), [
      's.yml:3:6: unresolvable variable ${missing} in the value of variable "a"; define it under variables:, with --var, in an env file or in the environment',
    ]);
    const viaEnv = await loadSuite({
      paths: ["s.yml"],
      cwd: dir,
      env: {},
      vars: ["a=${B}"],
    }).catch((e) => e);
    assert.deepEqual(viaEnv.errors.map((e: Error) => e.message), [
      '.env:2:1: unresolvable variable ${nope} in the value of variable "B"; define it under variables:, with --var, in an env file or in the environment',
    ]);
  });
});
