/** @module Test helper: write a suite file to a temp dir and load it (env given explicitly). */

import { loadSuite } from "../../../src/3_load/config/load_suite.ts";
import type { Suite } from "../../../src/3_load/config/types.ts";

/** Load `yaml` as a suite in a fresh temp dir; `env` is the environment layer. */
export async function suiteOf(
  yaml: string,
  env: Record<string, string> = {},
  vars: string[] = [],
): Promise<Suite> {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-auth-" });
  await Deno.writeTextFile(`${dir}/suite.yml`, yaml);
  try {
    return await loadSuite({ paths: [`${dir}/suite.yml`], cwd: dir, env, vars });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** A suite with `count` echo tests against `url` with the given `auth:` block (YAML, indented). */
export function echoSuite(url: string, auth: string, count = 3): string {
  const tests = Array.from(
    { length: count },
    (_, i) =>
      `  - name: echo ${i}\n    server: api\n    tool: echo\n    args: { text: "hi ${i}" }\n` +
      `    expect:\n      - target: result.content[0].text\n        matcher:\n          exact: "echo: hi ${i}"\n`,
  ).join("");
  return `servers:\n  api:\n    url: ${url}\n    auth:\n${auth}\ntools:\n${tests}`;
}
