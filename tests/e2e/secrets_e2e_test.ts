/** @module No byte of a secret reaches any reporter, the capture or the last-run record (real CLI). */

import assert from "node:assert/strict";
import { REPORTERS } from "../../src/6_report/reporters.ts";
import { itemsServerYaml, mcptest, tempProject } from "../_helpers/cli.ts";

const SECRET = "s3cr3t-T0KEN-value-8641";

/** A suite whose secret reaches the server, comes back in the response and fails an assertion. */
const SUITE = `servers:\n${itemsServerYaml()}tools:
  - name: echo leaks the token back
    server: items
    tool: echo
    args:
      text_Env: API_TOKEN
    expect:
      - target: result.content[0].text
        matcher: { exact: "something else" }
  - name: secret in a failing matcher argument
    server: items
    tool: echo
    args: { text: hello }
    expect:
      - target: result.content[0].text
        matcher: { regex: "\${API_TOKEN}" }
`;

Deno.test("no byte of an _Env secret reaches any reporter, the capture or the last-run record", async (t) => {
  const dir = await tempProject({ "suite.yml": SUITE });
  try {
    for (const format of Object.keys(REPORTERS)) {
      await t.step(format, async () => {
        const out = `${dir}/report.${format}`;
        const capture = `${dir}/capture.${format}.json`;
        const run = await mcptest(
          ["run", "suite.yml", "--reporter", format, "--output", out, "--capture", capture],
          { cwd: dir, env: { API_TOKEN: SECRET } },
        );
        assert.equal(run.code, 1, run.stderr);
        const texts = [
          await Deno.readTextFile(out),
          await Deno.readTextFile(capture),
          await Deno.readTextFile(`${dir}/.mcptest/last-run.json`),
          run.stdout,
          run.stderr,
        ];
        for (const text of texts) {
          assert.equal(text.includes(SECRET), false, `secret leaked in ${format}`);
        }
        assert.match(texts[1]!, /\[REDACTED\]/, "the capture shows where the secret was");
      });
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
