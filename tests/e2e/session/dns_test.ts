/** @module The dns failure layer end to end, in a child Deno process allowed to look up only the test host. */

// The DNS failure layer, end to end. The test runs with --allow-net=127.0.0.1,localhost, which
// would make Deno refuse the lookup itself (NotCapable), so a child Deno process whose --allow-net
// names exactly the unresolvable host runs connect(). The host is a 64-character label under
// `.invalid`: the C resolver rejects an over-long label before building a query, so the lookup
// fails locally without any packet leaving the machine.

import assert from "node:assert/strict";
import { fixturePath } from "../../fixtures/transport/helpers.ts";

const HOST = `${"a".repeat(64)}.invalid`;

async function probe(transport: string): Promise<{ layer?: string; message?: string }> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      "--frozen",
      `--allow-net=${HOST}`,
      "--allow-env",
      "--allow-read",
      fixturePath("dns_probe.ts"),
      `http://${HOST}/mcp`,
      transport,
    ],
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stdout = new TextDecoder().decode(output.stdout).trim();
  assert.equal(output.code, 0, new TextDecoder().decode(output.stderr));
  return JSON.parse(stdout);
}

Deno.test("connect() reports an unresolvable host at the dns layer", async (t) => {
  for (const transport of ["auto", "sse"]) {
    await t.step(`transport ${transport}`, async () => {
      const result = await probe(transport);
      assert.deepEqual(result, { layer: "dns", message: `failed to resolve ${HOST}` });
    });
  }
});
