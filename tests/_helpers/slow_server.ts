/** @module Test helper: a project whose one test keeps the example server busy, and the server's pid. */

import { itemsServerArgv, tempProject } from "./cli.ts";
import { waitUntil } from "./wait.ts";

/**
 * A temp project with `suite.yml`: a quick call, then a `slow` call against the example server
 * that lasts a minute (its longest: far longer than a test takes to signal the run, and within
 * the server's `timeout_ms`). Once the report shows `PASS  quick call`, the run is in the middle
 * of the slow one. The server is started through `sh` so it writes its pid to `server.pid`.
 * `files` are added beside it.
 */
export function slowServerProject(files: Record<string, string> = {}): Promise<string> {
  const server = itemsServerArgv().map((a) => `'${a}'`).join(" ");
  return tempProject({
    "suite.yml": `servers:
  items:
    command: ["sh", "-c", "echo $$ > server.pid; exec ${server.replaceAll('"', '\\"')}"]
    timeout_ms: 600000
tools:
  - name: quick call
    server: items
    tool: echo
    args: { text: hi }
    expect: []
  - name: slow call
    server: items
    tool: slow
    args: { delay_ms: 60000 }
    expect: []
`,
    ...files,
  });
}

/** The server's pid once it has written it to `server.pid`. */
export async function serverPid(dir: string): Promise<number> {
  let pid = 0;
  await waitUntil(async () => {
    pid = Number(await Deno.readTextFile(`${dir}/server.pid`).catch(() => "0"));
    return pid > 0;
  }, `the server's pid in ${dir}/server.pid`);
  return pid;
}
