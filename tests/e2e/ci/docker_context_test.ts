/** @module The Dockerfile's build stage copies every local file `deno compile cli.ts` reads (deno info's module graph), so the image builds from the context .dockerignore lets through; a copy that leaves a folder out is rejected. */

import assert from "node:assert/strict";
import { ROOT } from "../../ci/_files.ts";

/** The local files of cli.ts's module graph, relative to the root, plus the config it compiles with. */
async function compiledFiles(): Promise<string[]> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", "cli.ts"],
    cwd: ROOT,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  const graph = JSON.parse(new TextDecoder().decode(out.stdout)) as {
    modules: { specifier: string }[];
  };
  const root = `file://${ROOT}`;
  const local = graph.modules.map((m) => m.specifier).filter((s) => s.startsWith(root));
  return [...local.map((s) => decodeURIComponent(s.slice(root.length))), "deno.json", "deno.lock"];
}

/** The files of `files` that no COPY of the Dockerfile's build stage brings into it. */
function notCopied(dockerfile: string, files: string[]): string[] {
  const build = dockerfile.slice(0, dockerfile.indexOf("\nFROM ", dockerfile.indexOf("FROM ") + 1));
  const sources = [...build.matchAll(/^COPY (?!--)(.+)$/gm)].flatMap((m) =>
    m[1]!.trim().split(/\s+/).slice(0, -1)
  );
  const covers = (file: string) =>
    sources.some((s) => s.endsWith("/") ? file.startsWith(s) : file === s);
  return files.filter((f) => !covers(f));
}

Deno.test("the Dockerfile's build stage copies every file deno compile reads", async (t) => {
  const files = await compiledFiles();
  assert.ok(files.includes("cli.ts") && files.some((f) => f.startsWith("src/")), files.join(" "));
  const dockerfile = await Deno.readTextFile(`${ROOT}Dockerfile`);
  await t.step("the Dockerfile", () => assert.deepEqual(notCopied(dockerfile, files), []));
  await t.step("a copy that leaves schemas/ out is rejected", () => {
    const broken = dockerfile.replace("COPY schemas/ schemas/\n", "");
    assert.notEqual(broken, dockerfile);
    assert.deepEqual(notCopied(broken, files), ["schemas/v1.json"]);
  });
});
