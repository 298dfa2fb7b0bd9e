/** @module What the CI packaging tests read: action.yml, the examples/ci/ workflows, the Dockerfile, and the flags of deno.json's tasks they must agree with. */

import { fileURLToPath } from "node:url";
import { parse } from "yaml";

/** The repository root (with a trailing slash). */
export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** deno.json, as far as these tests read it. */
export interface DenoJson {
  readonly version: string;
  readonly license: string;
  readonly tasks: Record<string, string | { command: string }>;
  readonly imports: Record<string, string>;
}

/** deno.json, read now (another engineer may change a task: the tests compare with what is there). */
export function denoJson(): DenoJson {
  return JSON.parse(Deno.readTextFileSync(`${ROOT}deno.json`));
}

/** The command line of a deno.json task. */
export function taskCommand(name: string): string {
  const task = denoJson().tasks[name];
  if (task === undefined) throw new Error(`deno.json has no task "${name}"`);
  return typeof task === "string" ? task : task.command;
}

/** The flags of a `deno run` / `deno compile` / `deno install` line that decide what the program may do: permissions and V8 flags, sorted. */
export function permissionFlags(line: string): string[] {
  return line.split(/\s+/)
    .map((w) => w.replace(/^["']|["']$/g, ""))
    .filter((w) => /^--(allow|deny)-|^--v8-flags=|^-A$|^--allow-all$/.test(w))
    .sort();
}

/** The `--include` paths of a `deno compile` line (modules it embeds besides cli.ts's graph), sorted. */
export function includeFlags(line: string): string[] {
  const words = line.split(/\s+/).map((w) => w.replace(/^["']|["']$/g, ""));
  const paths = words.flatMap((w, i) =>
    w === "--include" ? [words[i + 1] ?? ""] : w.startsWith("--include=") ? [w.slice(10)] : []
  );
  return paths.map((p) => p.replace(/\/$/, "")).sort();
}

/** The `.ts` files under `dir` (relative to the root), recursively, as paths from the root. */
export function sourceFiles(dir: string): string[] {
  return [...Deno.readDirSync(`${ROOT}${dir}`)].flatMap((e) =>
    e.isDirectory
      ? sourceFiles(`${dir}/${e.name}`)
      : e.name.endsWith(".ts")
      ? [`${dir}/${e.name}`]
      : []
  );
}

/** A file of the repository as text. */
export function readText(path: string): string {
  return Deno.readTextFileSync(`${ROOT}${path}`);
}

/** The files of examples/ci/, sorted, as paths from the root. */
export function ciExampleFiles(): string[] {
  return [...Deno.readDirSync(`${ROOT}examples/ci`)]
    .filter((e) => e.isFile)
    .map((e) => `examples/ci/${e.name}`)
    .sort();
}

/** The GitHub Actions workflows of examples/ci/ (github-*.yml). */
export function githubWorkflows(): string[] {
  return ciExampleFiles().filter((f) => /\/github-[^/]+\.ya?ml$/.test(f));
}

/** The GitLab CI files of examples/ci/ (gitlab-*.yml). */
export function gitlabFiles(): string[] {
  return ciExampleFiles().filter((f) => /\/gitlab-[^/]+\.ya?ml$/.test(f));
}

/** A step of an action or a workflow job, as these tests read it. */
export interface YamlStep {
  readonly name?: string;
  readonly id?: string;
  readonly uses?: string;
  readonly run?: string;
  readonly with?: Record<string, unknown>;
  readonly env?: Record<string, unknown>;
}

/** Every step of an action (runs.steps) or a workflow (each job's steps), with where it is. */
export function stepsOf(text: string): { where: string; step: YamlStep }[] {
  const doc = parse(text) as {
    runs?: { steps?: YamlStep[] };
    jobs?: Record<string, { steps?: YamlStep[] }>;
  };
  const out: { where: string; step: YamlStep }[] = [];
  for (const [i, step] of (doc.runs?.steps ?? []).entries()) {
    out.push({ where: `runs.steps[${i}]`, step });
  }
  for (const [job, spec] of Object.entries(doc.jobs ?? {})) {
    for (const [i, step] of (spec.steps ?? []).entries()) {
      out.push({ where: `jobs.${job}.steps[${i}]`, step });
    }
  }
  return out;
}
