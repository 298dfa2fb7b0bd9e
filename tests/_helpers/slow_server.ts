/** @module Test helper: a project whose one test keeps the example server busy, and the server's pid. */

import { itemsServerArgv, tempProject } from "./cli.ts";

/**
 * A temp project with `suite.yml`: one 20-second `slow` call against the example server, started
 * through `sh` so the server writes its pid to `server.pid`. `files` are added beside it.
 */
export function slowServerProject(files: Record<string, string> = {}): Promise<string> {
  const server = itemsServerArgv().map((a) => `'${a}'`).join(" ");
  return tempProject({
    "suite.yml": `servers:
  items:
    command: ["sh", "-c", "echo $$ > server.pid; exec ${server.replaceAll('"', '\\"')}"]
tools:
  - name: slow call
    server: items
    tool: slow
    args: { delay_ms: 20000 }
    expect: []
`,
    ...files,
  });
}

/** The server's pid once it has written it (0 after 10 s without it). */
export async function serverPid(dir: string): Promise<number> {
  let pid = 0;
  for (let i = 0; i < 200 && pid === 0; i++) {
    await new Promise((r) => setTimeout(r, 50));
    pid = Number(await Deno.readTextFile(`${dir}/server.pid`).catch(() => "0"));
  }
  return pid;
}
