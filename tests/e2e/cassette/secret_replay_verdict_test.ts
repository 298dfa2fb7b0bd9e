/** @module A secret the server echoes grades the same live, while recording and in replay, for every matcher kind that sees it; the cassette never holds it (real CLI, issue #23 item 6). */

import assert from "node:assert/strict";
import { itemsServerYaml, mcptest, tempProject } from "../../_helpers/cli.ts";

const SECRET = "s3cr3t-T0KEN.value-8641";

/** One echo test per matcher kind that sees the secret, and one that must fail everywhere. */
const SUITE = `servers:\n${itemsServerYaml()}tools:
  - name: raw secret
    server: items
    tool: echo
    args: { text_Env: API_TOKEN }
    expect:
      - target: result.content[0].text
        matcher: { exact: "\${API_TOKEN}" }
      - target: result.content[0].text
        matcher: { regex: "^\${API_TOKEN}$" }
  - name: every matcher
    server: items
    tool: echo
    args: { text: "echo:\${API_TOKEN} done" }
    expect:
      - target: result.content[0].text
        matcher: { exact: "echo:\${API_TOKEN} done" }
      - target: result.content
        matcher: { contains: [{ type: text, text: "echo:\${API_TOKEN} done" }] }
      - target: result.content[0]
        matcher: { subset: { type: text, text: "echo:\${API_TOKEN} done", more: 1 } }
      - target: result.content[0].text
        matcher: { regex: "^echo:\${API_TOKEN} done$" }
      - target: result.content[0].text
        matcher: { icontains: "ECHO:\${API_TOKEN}" }
      - target: result.content[0].text
        matcher: { starts-with: "echo:\${API_TOKEN}" }
      - target: result.content[0].text
        matcher: { contains-all: ["echo:", "\${API_TOKEN} done"] }
      - target: result.content[0].text
        matcher: { contains-any: ["nope", ":\${API_TOKEN} "] }
      - target: result.content[0].text
        matcher: { schema: { type: string, const: "echo:\${API_TOKEN} done" } }
      - target: result.content[0].text
        matcher: { schema: { pattern: "^echo:\${API_TOKEN} " } }
      - target: result.content[0].text
        matcher: { not: { exact: "echo:\${API_TOKEN}" } }
      - target: result.content[0]
        matcher: { snapshot: echoed }
  - name: json text
    server: items
    tool: echo
    args: { text: '{"k":"\${API_TOKEN}","\${API_TOKEN}":2}' }
    expect:
      - target: result.content[0].text
        matcher:
          is-json:
            schema: { properties: { k: { const: "\${API_TOKEN}" } }, required: ["\${API_TOKEN}"] }
  - name: wrong expectation
    server: items
    tool: echo
    args: { text: "echo:\${API_TOKEN}" }
    expect:
      - target: result.content[0].text
        matcher: { exact: "echo:\${API_TOKEN}!" }
`;

interface Row {
  name: string;
  status: string;
  replayed?: boolean;
  assertions: { status: string }[];
}

/** `mcptest run suite.yml ...flags` as the JSON reporter sees it: each test's status and checks. */
async function run(dir: string, ...flags: string[]): Promise<Row[]> {
  const out = await mcptest(["run", "suite.yml", "--reporter", "json", ...flags], {
    cwd: dir,
    env: { API_TOKEN: SECRET },
  });
  assert.equal(out.code, 1, out.stdout + out.stderr); // `wrong expectation` fails
  assert.ok(!out.stdout.includes(SECRET) && !out.stderr.includes(SECRET), "secret printed");
  return (JSON.parse(out.stdout) as { tests: Row[] }).tests;
}

const verdicts = (rows: Row[]) =>
  rows.map((r) => [r.name, r.status, r.assertions.map((a) => a.status).join(",")]);

Deno.test("an echoed secret gives the same verdict live, while recording and in replay", async () => {
  const dir = await tempProject({ "suite.yml": SUITE });
  try {
    const live = await run(dir);
    assert.deepEqual(live.map((r) => [r.name, r.status]), [
      ["raw secret", "pass"],
      ["every matcher", "pass"],
      ["json text", "pass"],
      ["wrong expectation", "fail"],
    ]);
    const recorded = await run(dir, "--record");
    assert.deepEqual(verdicts(recorded), verdicts(live));
    const cassette = await Deno.readTextFile(`${dir}/cassettes/suite__items.json`);
    assert.ok(!cassette.includes(SECRET), "the secret reached the cassette");
    assert.match(cassette, /echo:\[REDACTED\] done/);

    const replayed = await run(dir);
    assert.ok(replayed.every((r) => r.replayed === true), "replayed from the cassette");
    assert.deepEqual(verdicts(replayed), verdicts(live));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
