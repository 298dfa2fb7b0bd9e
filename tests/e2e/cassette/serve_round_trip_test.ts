/** @module Round trip: record a suite against a real server, serve the cassette with `mcptest serve` over stdio and HTTP, run the same suite live against the mock: same verdicts. */

import assert from "node:assert/strict";
import {
  itemsServerArgv,
  mcptest,
  mcptestArgv,
  startHttp,
  tempProject,
} from "../../_helpers/cli.ts";
import { MockResponder } from "../../../src/7_features/serve/mock.ts";
import { readCassette } from "../../../src/2_connect/cassette/store.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };
const EVERYTHING = "npm:@modelcontextprotocol/server-everything@2026.8.31";

/** The same tests against a server named `target`, given as a YAML server body. */
function suite(server: string, tests: string): string {
  return `servers:\n  target:\n${server}${tests}`;
}

const stdioBody = (argv: readonly string[]) =>
  `    command: ${JSON.stringify(argv)}\n    timeout_ms: 20000\n`;
const httpBody = (url: string) =>
  `    url: ${url}\n    transport: streamable-http\n    timeout_ms: 20000\n`;

type Verdicts = [string, string][];

async function verdicts(dir: string, file: string, ...flags: string[]): Promise<Verdicts> {
  const run = await mcptest(["run", file, "--reporter", "json", ...flags], { cwd: dir });
  assert.ok(run.code === 0 || run.code === 1, run.stderr);
  const record = JSON.parse(run.stdout);
  return record.tests.map((t: { name: string; status: string }) => [t.name, t.status]);
}

async function roundTrip(t: Deno.TestContext, server: readonly string[], tests: string) {
  const dir = await tempProject({ "rec/suite.yml": suite(stdioBody(server), tests) });
  try {
    const live = await verdicts(dir, "rec/suite.yml", "--record");
    assert.ok(live.some(([, s]) => s === "pass") && live.some(([, s]) => s === "fail"), `${live}`);
    const cassette = `${dir}/rec/cassettes/suite__target.json`;

    await t.step("over stdio: same verdicts", async () => {
      const mock = mcptestArgv(["serve", cassette]);
      await Deno.writeTextFile(`${dir}/stdio.yml`, suite(stdioBody(mock), tests));
      assert.deepEqual(await verdicts(dir, "stdio.yml", "--live"), live);
    });

    await t.step("over Streamable HTTP: same verdicts", async () => {
      const child = await startHttp(mcptestArgv(["serve", cassette, "--http", "127.0.0.1:0"]), {
        NO_COLOR: "1",
      });
      try {
        await Deno.writeTextFile(`${dir}/http.yml`, suite(httpBody(child.url), tests));
        assert.deepEqual(await verdicts(dir, "http.yml", "--live"), live);
      } finally {
        await child.stop();
      }
    });

    await t.step(
      "anything else gets a JSON-RPC error naming the nearest recorded request",
      async () => {
        const responder = new MockResponder(await readCassette(cassette), "c.json");
        const [error] = responder.answer({
          jsonrpc: "2.0",
          id: 9,
          method: "tools/call",
          params: { name: "echo", arguments: { message: "never", text: "never" } },
        }) as { id: number; error: { code: number; message: string; data: { field: string } } }[];
        assert.equal(error?.id, 9);
        assert.equal(error?.error.code, -32602);
        assert.match(error!.error.message, /nearest recorded request: tools\/call /);
        const [unknown] = responder.answer({ jsonrpc: "2.0", id: 10, method: "nope" }) as {
          error: { code: number; data: { field: string } };
        }[];
        assert.equal(unknown?.error.code, -32601);
        assert.equal(unknown?.error.data.field, "method");
      },
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("mcptest serve: round trip on the example server", opts, async (t) => {
  await roundTrip(
    t,
    itemsServerArgv(),
    `tools:
  - name: echo
    tool: echo
    args: { text: hi }
    expect:
      - target: result.content[0].text
        matcher: { exact: hi }
  - name: echo twice is answered in order
    tool: echo
    args: { text: hi }
    expect:
      - target: result.content[0].text
        matcher: { exact: hi }
  - name: add fails by design
    tool: add
    args: { a: 2, b: 2 }
    expect:
      - target: result.structuredContent.sum
        matcher: { exact: 5 }
resources:
  - name: item 1
    uri: "items://1"
    expect:
      - target: result.contents[0].mimeType
        matcher: { exact: application/json }
prompts: []
`,
  );
});

Deno.test("mcptest serve: round trip on server-everything", opts, async (t) => {
  await roundTrip(
    t,
    [Deno.execPath(), "run", "--quiet", "-A", "--no-config", "--no-lock", EVERYTHING, "stdio"],
    `tools:
  - name: echo
    tool: echo
    args: { message: hi }
    expect:
      - target: result.content[0].text
        matcher: { regex: "hi" }
  - name: echo expecting the wrong text fails
    tool: echo
    args: { message: other }
    expect:
      - target: result.content[0].text
        matcher: { exact: "not this" }
`,
  );
});

Deno.test("mcptest serve: bad arguments are usage errors (exit 2)", async (t) => {
  await t.step("a path that does not exist", async () => {
    const run = await mcptest(["serve", "no/such/cassette.json"]);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /no\/such\/cassette\.json: no such file or folder/);
  });
  await t.step("a file that is not a cassette", async () => {
    const run = await mcptest(["serve", "deno.json"]);
    assert.equal(run.code, 2);
    assert.match(
      run.stderr,
      /deno\.json: not a cassette: it has no "format" key, expected "format": "mcptest-cassette"/,
    );
  });
  await t.step("a malformed --http", async () => {
    const run = await mcptest([
      "serve",
      "examples/cassettes/cassettes__items.json",
      "--http",
      "host:port",
    ]);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /invalid --http "host:port", expected \[HOST:\]PORT/);
  });
});
