/** @module Runs action.yml and the jobs of examples/ci/ workflows here, as a GitHub runner would: `${{ }}` evaluated, `run:` steps in bash with GITHUB_OUTPUT and GITHUB_STEP_SUMMARY, `jsr:@mcptest/cli@<version>` served from this checkout; other actions are recorded, not run. */

import { parse } from "yaml";
import { ROOT } from "../../_helpers/cli.ts";
import {
  asText,
  condition,
  type ExprObject,
  type ExprScope,
  type ExprValue,
  interpolate,
} from "../../ci/_expressions.ts";
import { isMcptestAction } from "../../ci/_checks.ts";

/** The version deno.json publishes: the only `jsr:@mcptest/cli@...` the shim accepts. */
export const VERSION: string = JSON.parse(Deno.readTextFileSync(`${ROOT}deno.json`)).version;

/** One step of an action or a job. */
export interface Step {
  readonly name?: string;
  readonly id?: string;
  readonly if?: unknown;
  readonly uses?: string;
  readonly with?: Record<string, unknown>;
  readonly run?: string;
  readonly shell?: string;
  readonly env?: Record<string, unknown>;
  readonly "working-directory"?: string;
}

/** What became of one step. */
export interface StepResult {
  readonly name: string;
  readonly id?: string | undefined;
  readonly ran: boolean;
  readonly uses?: string;
  /** `with:` after evaluation (steps that use an action). */
  readonly with?: Record<string, string>;
  readonly code?: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly outputs: Record<string, string>;
}

/** A finished list of steps. */
export interface StepsRun {
  readonly steps: StepResult[];
  /** Whether a step failed (the job, or the action step, fails). */
  readonly failed: boolean;
}

/** What action.yml did. */
export interface ActionRun extends StepsRun {
  /** The action's outputs, evaluated from its steps. */
  readonly outputs: Record<string, string>;
  /** The exit code of its last step that ran. */
  readonly code: number;
}

/** Where steps run and what they see. */
export interface RunnerContext {
  /** GITHUB_WORKSPACE: the checkout, where steps run by default. */
  readonly workspace: string;
  /** The runner's temp folder (RUNNER_TEMP). */
  readonly temp: string;
  /** GITHUB_STEP_SUMMARY, shared by every step. */
  readonly summaryFile: string;
  /** Where the deno stand-in logs each command line it runs. */
  readonly shimLog: string;
  /** action.yml's text (a broken copy in tests that show a check failing). */
  readonly actionText: string;
}

const SHIM_DIR = await Deno.makeTempDir({ prefix: "mcptest-ci-shim-" });

/** PATH with the deno stand-in first (for scripts the tests run outside runSteps). */
export const SHIM_PATH = `${SHIM_DIR}:${Deno.env.get("PATH") ?? "/usr/bin:/bin"}`;

/** A `deno` for PATH: `jsr:@mcptest/cli@VERSION` becomes this checkout's mod.ts (with its import map). */
await Deno.writeTextFile(
  `${SHIM_DIR}/deno`,
  `#!/usr/bin/env bash
# Test stand-in for deno: what JSR would serve as jsr:@mcptest/cli@${VERSION} is this checkout.
[[ -n "$DENO_SHIM_LOG" ]] && { printf '%q ' deno "$@"; echo; } >> "$DENO_SHIM_LOG"
args=() jsr=false
for arg in "$@"; do [[ "$arg" == jsr:@mcptest/cli* ]] && jsr=true; done
for arg in "$@"; do
  if [[ "$arg" == jsr:@mcptest/cli* ]]; then
    if [[ "$arg" != "jsr:@mcptest/cli@${VERSION}" ]]; then
      echo "deno stand-in: $arg is not jsr:@mcptest/cli@${VERSION} (deno.json's version)" >&2
      exit 99
    fi
    args+=("${ROOT}mod.ts")
  elif [[ $jsr == true && "$arg" == --no-config ]]; then
    args+=(--config "${ROOT}deno.json")
  else
    args+=("$arg")
  fi
done
exec "${Deno.execPath()}" "\${args[@]}"
`,
  { mode: 0o755 },
);

/** A fresh runner context around `workspace` (temp folder, summary file, shim log). */
export async function runnerContext(
  workspace: string,
  actionText?: string,
): Promise<RunnerContext> {
  const temp = await Deno.makeTempDir({ prefix: "mcptest-ci-runner-" });
  const summaryFile = `${temp}/step_summary.md`;
  await Deno.writeTextFile(summaryFile, "");
  return {
    workspace,
    temp,
    summaryFile,
    shimLog: `${temp}/deno_calls.log`,
    actionText: actionText ?? await Deno.readTextFile(`${ROOT}action.yml`),
  };
}

/** Read a GITHUB_OUTPUT file (`k=v` lines and `k<<EOF` blocks). */
function readOutputs(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const heredoc = /^([^=]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const end = lines.indexOf(heredoc[2]!, i + 1);
      out[heredoc[1]!] = lines.slice(i + 1, end).join("\n");
      i = end;
    } else if (line.includes("=")) {
      out[line.slice(0, line.indexOf("="))] = line.slice(line.indexOf("=") + 1);
    }
  }
  return out;
}

function textMap(
  map: Record<string, unknown> | undefined,
  scope: ExprScope,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(map ?? {})) {
    out[k] = interpolate(asText(v as ExprValue), scope);
  }
  return out;
}

async function runScript(
  step: Step,
  scope: ExprScope,
  ctx: RunnerContext,
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string; outputs: Record<string, string> }> {
  const dir = await Deno.makeTempDir({ dir: ctx.temp });
  const script = `${dir}/step.sh`;
  await Deno.writeTextFile(script, interpolate(step.run ?? "", scope));
  const output = `${dir}/output`;
  await Deno.writeTextFile(output, "");
  const workdir = interpolate(step["working-directory"] ?? ".", scope);
  const cwd = workdir.startsWith("/") ? workdir : `${ctx.workspace}/${workdir}`;
  // GitHub's `shell: bash` is `bash --noprofile --norc -eo pipefail {0}`; without a shell, `bash -e {0}`.
  const flags = step.shell === "bash" ? ["--noprofile", "--norc", "-eo", "pipefail"] : ["-e"];
  const child = await new Deno.Command("bash", {
    args: [...flags, script],
    cwd,
    clearEnv: true,
    env: {
      PATH: SHIM_PATH,
      HOME: Deno.env.get("HOME") ?? ctx.temp,
      ...(Deno.env.get("DENO_DIR") ? { DENO_DIR: Deno.env.get("DENO_DIR")! } : {}),
      NO_COLOR: "1",
      CI: "true",
      GITHUB_ACTIONS: "true",
      GITHUB_WORKSPACE: ctx.workspace,
      GITHUB_OUTPUT: output,
      GITHUB_STEP_SUMMARY: ctx.summaryFile,
      RUNNER_TEMP: ctx.temp,
      DENO_SHIM_LOG: ctx.shimLog,
      ...env,
      ...textMap(step.env, scope),
    },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  return {
    code: child.code,
    stdout: decode(child.stdout),
    stderr: decode(child.stderr),
    outputs: readOutputs(await Deno.readTextFile(output)),
  };
}

/** How a job's `uses:` of another action runs: the mcptest action runs here; the rest are recorded. */
export type UsesHandler = (
  uses: string,
  inputs: Record<string, string>,
  env: Record<string, string>,
) => Promise<
  { outputs: Record<string, string>; failed: boolean; stdout: string; stderr: string } | null
>;

/** Run `steps` in order; `contexts` are what `${{ }}` sees (the `steps` context is filled as they run). */
export async function runSteps(
  steps: readonly Step[],
  contexts: Record<string, ExprValue>,
  ctx: RunnerContext,
  env: Record<string, string> = {},
  uses: UsesHandler = () => Promise.resolve(null),
): Promise<StepsRun> {
  const stepsContext: ExprObject = {};
  const results: StepResult[] = [];
  let failed = false;
  for (const [i, step] of steps.entries()) {
    const scope: ExprScope = { contexts: { ...contexts, steps: stepsContext }, failed };
    const name = step.name ?? step.uses ?? `step ${i + 1}`;
    if (!condition(step.if, scope)) {
      results.push({ name, id: step.id, ran: false, stdout: "", stderr: "", outputs: {} });
      continue;
    }
    let result: StepResult;
    if (step.uses) {
      const inputs = textMap(step.with, scope);
      const done = await uses(step.uses, inputs, { ...env, ...textMap(step.env, scope) });
      result = {
        name,
        id: step.id,
        ran: true,
        uses: step.uses,
        with: inputs,
        code: done?.failed ? 1 : 0,
        stdout: done?.stdout ?? "",
        stderr: done?.stderr ?? "",
        outputs: done?.outputs ?? {},
      };
    } else {
      const done = await runScript(step, scope, ctx, env);
      result = { name, id: step.id, ran: true, ...done };
    }
    if (result.code !== 0) failed = true;
    if (step.id) {
      stepsContext[step.id] = {
        outputs: result.outputs,
        outcome: result.code === 0 ? "success" : "failure",
      };
    }
    results.push(result);
  }
  return { steps: results, failed };
}

/** Run action.yml (ctx.actionText) with `inputs` over its defaults. */
export async function runAction(
  inputs: Record<string, string>,
  ctx: RunnerContext,
  github: ExprObject = {},
  env: Record<string, string> = {},
): Promise<ActionRun> {
  const action = parse(ctx.actionText) as {
    inputs: Record<string, { default?: string }>;
    outputs: Record<string, { value: string }>;
    runs: { steps: Step[] };
  };
  const given: ExprObject = {};
  for (const [name, spec] of Object.entries(action.inputs)) given[name] = spec.default ?? "";
  for (const [name, value] of Object.entries(inputs)) {
    if (!(name in action.inputs)) throw new Error(`action.yml has no input "${name}"`);
    given[name] = value;
  }
  const contexts = {
    inputs: given,
    github: { action_path: ROOT.replace(/\/$/, ""), workspace: ctx.workspace, ...github },
    runner: { temp: ctx.temp, os: "Linux" },
  };
  const run = await runSteps(action.runs.steps, contexts, ctx, env);
  const stepsContext: ExprObject = {};
  for (const s of run.steps) if (s.id) stepsContext[s.id] = { outputs: s.outputs };
  const outputs: Record<string, string> = {};
  for (const [name, spec] of Object.entries(action.outputs)) {
    outputs[name] = interpolate(spec.value, { contexts: { ...contexts, steps: stepsContext } });
  }
  const last = run.steps.filter((s) => s.ran && s.code !== undefined).at(-1);
  return { ...run, outputs, code: last?.code ?? 0 };
}

/** A workflow job, with what the simulation swaps for what it cannot have here. */
export interface JobOptions {
  readonly matrix?: ExprObject;
  readonly event?: string;
  /** Workflow-level env values to use instead of the file's (e.g. the server under test). */
  readonly env?: Record<string, string>;
  /** Step names not run here (they build the user's own server). */
  readonly skip?: readonly string[];
}

/** Run job `jobId` of a workflow: run steps in bash, the mcptest action through runAction. */
export async function runJob(
  workflowText: string,
  jobId: string,
  ctx: RunnerContext,
  options: JobOptions = {},
): Promise<StepsRun & { actions: ActionRun[] }> {
  const workflow = parse(workflowText) as {
    env?: Record<string, string>;
    jobs: Record<string, { env?: Record<string, string>; steps: Step[]; strategy?: unknown }>;
  };
  const job = workflow.jobs[jobId];
  if (!job) throw new Error(`no job "${jobId}"`);
  const event = options.event ?? "push";
  const github: ExprObject = {
    event_name: event,
    ref: "refs/heads/main",
    ref_name: "main",
    sha: "0123456789abcdef0123456789abcdef01234567",
    run_id: "1",
    workspace: ctx.workspace,
    event: event === "pull_request" ? { pull_request: { base: { sha: "0".repeat(40) } } } : {},
  };
  const matrix = options.matrix ?? {};
  const total = (job.strategy as { matrix?: Record<string, unknown[]> } | undefined)?.matrix;
  const strategy = { "job-total": Object.values(total ?? {}).find(Array.isArray)?.length ?? 1 };
  const baseScope: ExprScope = {
    contexts: { github, matrix, strategy, runner: { temp: ctx.temp } },
  };
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...workflow.env, ...job.env })) {
    env[k] = interpolate(String(v), baseScope);
  }
  Object.assign(env, options.env);
  const actions: ActionRun[] = [];
  const steps = job.steps.filter((s) => !(options.skip ?? []).includes(s.name ?? ""));
  // No secret is set here, as on a pull request from a fork: each reads as "".
  const contexts = {
    github,
    matrix,
    strategy,
    env,
    secrets: {},
    vars: {},
    runner: { temp: ctx.temp, os: "Linux" },
  };
  const run = await runSteps(steps, contexts, ctx, env, async (uses, inputs, stepEnv) => {
    if (!isMcptestAction(uses)) return null;
    const action = await runAction(inputs, ctx, github, stepEnv);
    actions.push(action);
    const log = (k: "stdout" | "stderr") => action.steps.map((s) => s[k]).join("");
    return {
      outputs: action.outputs,
      failed: action.failed,
      stdout: log("stdout"),
      stderr: log("stderr"),
    };
  });
  return { ...run, actions };
}

/** Remove a runner context's temp folder. */
export async function cleanup(ctx: RunnerContext): Promise<void> {
  await Deno.remove(ctx.temp, { recursive: true });
}

globalThis.addEventListener("unload", () => {
  try {
    Deno.removeSync(SHIM_DIR, { recursive: true });
  } catch {
    // already gone
  }
});
