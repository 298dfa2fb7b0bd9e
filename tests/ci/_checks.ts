/** @module Static checks of action.yml and the examples/ci/ workflows (each returns the problems it finds, so a test can show it rejecting a broken copy). */

import { parse } from "yaml";
import { permissionFlags, stepsOf } from "./_files.ts";

/** action.yml's inputs and outputs. */
export interface ActionSpec {
  readonly inputs: Record<string, { description?: string; default?: string; required?: boolean }>;
  readonly outputs: Record<string, { description?: string; value?: string }>;
}

/** action.yml parsed. */
export function actionSpec(text: string): ActionSpec {
  return parse(text) as ActionSpec;
}

/** The `deno run ... jsr:@mcptest/cli@...` lines of a text. */
export function jsrRunLines(text: string): string[] {
  return text.split("\n").map((l) => l.trim()).filter((l) =>
    /^(?:\S+: )?deno run .*jsr:@mcptest\/cli/.test(l)
  );
}

/** The version and permission set of action.yml's `deno run` line against deno.json. */
export function versionProblems(actionText: string, version: string, taskLine: string): string[] {
  const problems: string[] = [];
  const pinned = [...actionText.matchAll(/^\s*MCPTEST_VERSION:\s*"?([^"\s]+)"?\s*$/gm)].map((m) =>
    m[1]
  );
  if (pinned.length === 0) problems.push("no MCPTEST_VERSION in action.yml");
  for (const v of pinned) {
    if (v !== version) problems.push(`MCPTEST_VERSION ${v} is not deno.json's version ${version}`);
  }
  const lines = jsrRunLines(actionText);
  if (lines.length === 0) problems.push("no `deno run ... jsr:@mcptest/cli` line in action.yml");
  for (const line of lines) {
    if (!line.includes('"jsr:@mcptest/cli@${MCPTEST_VERSION}"')) {
      problems.push(`the deno run line does not run jsr:@mcptest/cli@\${MCPTEST_VERSION}: ${line}`);
    }
    const [got, want] = [permissionFlags(line), permissionFlags(taskLine)];
    if (got.join(" ") !== want.join(" ")) {
      problems.push(`permission set ${got.join(" ")} is not the mcptest task's ${want.join(" ")}`);
    }
  }
  return problems;
}

/** `${{ }}` inside a `run:` script: the runner pastes the value into the shell code (script injection). */
export function injectionProblems(text: string): string[] {
  return stepsOf(text)
    .filter(({ step }) => typeof step.run === "string" && step.run.includes("${{"))
    .map(({ where, step }) =>
      `${where} (${step.name ?? step.id ?? "unnamed"}): \${{ }} inside run: pass it through env`
    );
}

/** Every `uses:` of another action is pinned to a full commit SHA with its version in a comment. */
export function pinProblems(text: string, isOwnAction: (uses: string) => boolean): string[] {
  const problems: string[] = [];
  for (const m of text.matchAll(/^\s*(?:- )?uses:\s*(\S+)(.*)$/gm)) {
    const [uses, rest] = [m[1]!, m[2] ?? ""];
    if (isOwnAction(uses) || uses.startsWith("./")) continue;
    if (!/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/.test(uses)) {
      problems.push(`${uses}: not pinned to a full commit SHA`);
    } else if (!/^\s*#\s*v\d+\.\d+\.\d+\s*$/.test(rest)) {
      problems.push(`${uses}: no "# vX.Y.Z" comment naming the pinned version`);
    }
  }
  return problems;
}

/** The same action pinned to one SHA everywhere. */
export function pinConsistencyProblems(texts: readonly string[]): string[] {
  const seen = new Map<string, Set<string>>();
  for (const text of texts) {
    for (const m of text.matchAll(/uses:\s*([\w.-]+\/[\w.-]+)(?:\/[\w./-]+)?@([0-9a-f]{40})/g)) {
      seen.set(m[1]!, (seen.get(m[1]!) ?? new Set()).add(m[2]!));
    }
  }
  return [...seen].filter(([, shas]) => shas.size > 1).map(([repo, shas]) =>
    `${repo} is pinned to ${shas.size} commits: ${[...shas].join(", ")}`
  );
}

/** Whether `uses:` names this repository's action (`<owner>/mcptest@...`). */
export function isMcptestAction(uses: string): boolean {
  return /^[\w.-]+\/mcptest@/.test(uses);
}

/** A workflow's uses of the mcptest action: the release tag of deno.json's version, inputs the action has, commands it knows. */
export function actionUseProblems(workflow: string, action: ActionSpec, version: string): string[] {
  const problems: string[] = [];
  const commands = ["run", "compliance run", "conformance run", "report"];
  for (const { where, step } of stepsOf(workflow)) {
    if (!step.uses || !isMcptestAction(step.uses)) continue;
    if (!step.uses.endsWith(`@v${version}`)) {
      problems.push(
        `${where}: ${step.uses} is not the release of deno.json's version (v${version})`,
      );
    }
    for (const [key, value] of Object.entries(step.with ?? {})) {
      if (!(key in action.inputs)) problems.push(`${where}: the action has no input "${key}"`);
      if (key === "command" && !commands.includes(String(value))) {
        problems.push(`${where}: command "${value}" is not one of ${commands.join(", ")}`);
      }
    }
  }
  return problems;
}

/** The names in the first column of the markdown table under `heading`. */
export function tableNames(markdown: string, heading: string): string[] {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start < 0) return [];
  const rest = markdown.slice(start + heading.length + 2);
  const end = rest.search(/\n#{1,6} /);
  const section = end < 0 ? rest : rest.slice(0, end);
  return [...section.matchAll(/^\| `([\w-]+)` \|/gm)].map((m) => m[1]!);
}
