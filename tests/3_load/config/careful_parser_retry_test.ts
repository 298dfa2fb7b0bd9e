/** @module A problem whose position only the careful YAML parser knows (a flow-style key written with a YAML escape JSON lacks, `\x75`), in a file the fast path parsed: loadSuite loads the parser and loads the suite again, and the error has the careful position. */

import assert from "node:assert/strict";
import { ConfigErrors } from "../../../src/0_base/errors/errors.ts";
import { carefulParserLoaded } from "../../../src/0_base/yaml/yaml_source.ts";
import { loadSuite } from "../../../src/3_load/config/load_suite.ts";

const FLOW = `servers:
  items:
    command: ["deno", "run", "server.ts"]
tools:
  - { name: echo, server: items, tool: echo, "colo\\x75r": red }
`;

Deno.test("a position only the careful parser knows: loaded, the suite read again, placed", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-careful-retry-" });
  try {
    await Deno.writeTextFile(`${dir}/flow.yml`, FLOW);
    const reads: string[] = [];
    const readTextFile = async (path: string) => {
      reads.push(path);
      return await Deno.readTextFile(path).catch(() => undefined);
    };
    assert.equal(carefulParserLoaded(), false);
    const error = await loadSuite({ paths: [`${dir}/flow.yml`], cwd: dir, readTextFile })
      .catch((e) => e);
    assert.ok(error instanceof ConfigErrors, String(error));
    assert.equal(error.errors.length, 1, error.message);
    assert.match(error.errors[0]!.message, /^flow\.yml:5:46: .*"colour"/);
    assert.equal(carefulParserLoaded(), true);
    assert.equal(reads.filter((p) => p.endsWith("flow.yml")).length, 2);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
