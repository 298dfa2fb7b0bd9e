/** @module Each workflow of examples/ci/ run here as its CI would run it (GitHub jobs through _runner.ts, GitLab jobs' scripts in bash with GitLab's variables), with only the user's own server swapped for the example one; tests/e2e/examples_test.ts registers them. */

import assert from "node:assert/strict";
import { parse } from "yaml";
import { echoSuiteYaml, itemsServerArgv, ROOT, tempProject } from "../../_helpers/cli.ts";
import {
  type ActionRun,
  cleanup,
  runJob,
  runnerContext,
  SHIM_PATH,
  type StepsRun,
} from "./_runner.ts";

/** A glob of actions/cache, upload-artifact or GitLab artifacts as a RegExp over `/` paths. */
export function globRegExp(glob: string): RegExp {
  let out = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (glob.startsWith("**/", i)) {
      out += "(?:.*/)?";
      i += 2;
    } else if (glob.startsWith("**", i)) {
      out += ".*";
      i++;
    } else if (c === "*") out += "[^/]*";
    else if (c === "?") out += "[^/]";
    else out += c.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${out.replace(/\/$/, "")}/?$`);
}

/** The files (and folders) under `dir`, as relative paths. */
function walk(dir: string, prefix = ""): string[] {
  const out: string[] = [];
  for (const e of Deno.readDirSync(`${dir}/${prefix}`)) {
    const path = `${prefix}${e.name}`;
    out.push(path);
    if (e.isDirectory) out.push(...walk(dir, `${path}/`));
  }
  return out;
}

function read(file: string): string {
  return Deno.readTextFileSync(`${ROOT}${file}`);
}

function step(run: StepsRun, name: RegExp) {
  const found = run.steps.find((s) => name.test(s.name));
  assert.ok(found, `a step named ${name}: ${run.steps.map((s) => s.name).join(", ")}`);
  return found;
}

function actionLog(action: ActionRun | undefined): string {
  return action?.steps.map((s) => s.stdout + s.stderr).join("") ?? "(the action did not run)";
}

/** Nine echo tests, spread over three shards; `failing` ones fail. */
const NAMES = ["north", "south", "east", "west", "up", "down", "left", "right", "centre"];

async function withProject<T>(files: Record<string, string>, body: (dir: string) => Promise<T>) {
  const dir = await tempProject(files);
  try {
    return await body(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** github-single-job.yml: a push runs tests/, writes JUnit and SARIF, prints the counts. */
export async function githubSingleJob(file: string): Promise<void> {
  const text = read(file);
  await withProject({ "tests/echo.yml": echoSuiteYaml(NAMES.slice(0, 3)) }, async (dir) => {
    for (const event of ["push", "pull_request"]) {
      const ctx = await runnerContext(dir);
      try {
        const job = await runJob(text, "mcptest", ctx, { event });
        const action = job.actions[0];
        assert.equal(action?.code, 0, actionLog(action));
        assert.equal(step(job, /^Counts$/).stdout, "mcptest exited 0 (3 passed, 0 failed)\n");
        const sarif = action!.steps.find((s) => /Upload SARIF/.test(s.name))!;
        assert.equal(sarif.ran, event === "push", `SARIF upload on ${event}`);
        assert.match(await Deno.readTextFile(`${dir}/reports/junit.xml`), /<testsuites/);
        assert.match(await Deno.readTextFile(ctx.summaryFile), /^## ✅ mcptest/m);
      } finally {
        await cleanup(ctx);
      }
    }
  });
}

/** github-sharded.yml: each matrix shard uploads its record; the merge job joins and gates them. */
export async function githubSharded(file: string): Promise<void> {
  const text = read(file);
  const shards = parse(text).jobs.shard.strategy.matrix.shard as number[];
  const suite = { "tests/echo.yml": echoSuiteYaml(NAMES, ["west"]) };
  await withProject(suite, async (dir) => {
    const merge = await Deno.makeTempDir({ prefix: "mcptest-ci-merge-" });
    try {
      for (const shard of shards) {
        const ctx = await runnerContext(dir);
        try {
          const job = await runJob(text, "shard", ctx, { matrix: { shard } });
          const action = job.actions[0]!;
          assert.match(action.outputs["exit-code"] ?? "", /^[01]$/, actionLog(action));
          const upload = action.steps.find((s) => /Upload the JSON record/.test(s.name))!;
          assert.ok(upload.ran, `shard ${shard} uploads its record`);
          // download-artifact puts each artifact of the pattern in a folder named after it.
          const name = upload.with!.name!;
          await Deno.mkdir(`${merge}/records/${name}`, { recursive: true });
          await Deno.copyFile(upload.with!.path!, `${merge}/records/${name}/run.json`);
        } finally {
          await cleanup(ctx);
        }
      }
      const ctx = await runnerContext(merge);
      try {
        const job = await runJob(text, "merge", ctx);
        const download = step(job, /download-artifact/);
        assert.equal(download.with?.path, "records");
        for (const name of walk(`${merge}/records`).filter((p) => !p.includes("/"))) {
          assert.match(name, globRegExp(download.with!.pattern!), "the pattern takes every shard");
        }
        const action = job.actions[0]!;
        assert.equal(action.outputs["exit-code"], "1", actionLog(action));
        assert.equal(action.outputs.total, String(NAMES.length), "every test, once");
        assert.equal(action.outputs.failed, "1");
        assert.match(await Deno.readTextFile(ctx.summaryFile), /❌ <b>west<\/b>/);
        assert.match(await Deno.readTextFile(`${merge}/reports/junit.xml`), /<testsuites/);
      } finally {
        await cleanup(ctx);
      }
    } finally {
      await Deno.remove(merge, { recursive: true });
    }
  });
}

/** github-nightly-conformance.yml: the server scored, the badge JSON written and uploaded. */
export async function githubNightlyConformance(file: string): Promise<void> {
  const text = read(file);
  await withProject({}, async (dir) => {
    const ctx = await runnerContext(dir);
    try {
      const job = await runJob(text, "conformance", ctx, {
        env: { MCP_SERVER: itemsServerArgv().join(" ") },
        skip: ["Build the server"],
      });
      const action = job.actions[0]!;
      assert.equal(action.outputs["exit-code"], "0", actionLog(action));
      const badge = JSON.parse(await Deno.readTextFile(`${dir}/badge/mcp-conformance.json`));
      assert.equal(badge.schemaVersion, 1);
      assert.equal(badge.message, action.outputs.badge);
      assert.match(badge.color, /^(brightgreen|green|yellow|red)$/);
      const summary = await Deno.readTextFile(ctx.summaryFile);
      assert.match(summary, new RegExp(`## mcptest conformance: ${badge.message}`));
      assert.match(summary, /!\[MCP conformance T\d|!\[MCP conformance F/);
      assert.equal(step(job, /Upload the badge/).with?.path, "badge/mcp-conformance.json");
    } finally {
      await cleanup(ctx);
    }
  });
}

/** github-record-replay.yml: a push records the cassettes the cache keeps; a pull request replays them without the live server. */
export async function githubRecordReplay(file: string): Promise<void> {
  const text = read(file);
  const suite = echoSuiteYaml(NAMES.slice(0, 2));
  await withProject({ "tests/echo.yml": suite }, async (dir) => {
    let saved: Record<string, string> = {};
    const push = await runnerContext(dir);
    try {
      const job = await runJob(text, "mcptest", push, { event: "push" });
      const action = job.actions[0]!;
      assert.equal(action.outputs["exit-code"], "0", actionLog(action));
      assert.ok(!step(job, /Replay/).ran && !step(job, /Restore/).ran);
      const save = step(job, /Save the cassettes/);
      assert.ok(save.ran);
      const cassettes = walk(dir).filter((p) => /cassettes\/[^/]+\.json$/.test(p));
      assert.deepEqual(cassettes, ["tests/cassettes/echo__items.json"]);
      assert.ok(
        walk(dir).some((p) => globRegExp(save.with!.path!).test(p)),
        "the cache keeps them",
      );
      saved = save.with!;
    } finally {
      await cleanup(push);
    }
    // No live server on pull requests: the suite's server command now fails if it is ever run.
    await Deno.writeTextFile(
      `${dir}/tests/echo.yml`,
      suite.replace(/command: .*/, 'command: ["/nonexistent/mcp-server"]'),
    );
    const pr = await runnerContext(dir);
    try {
      const job = await runJob(text, "mcptest", pr, { event: "pull_request" });
      const restore = step(job, /Restore/);
      assert.ok(restore.ran);
      assert.equal(restore.with?.path, saved.path, "restored from where main saved");
      assert.ok(saved.key!.startsWith(restore.with!["restore-keys"]!), "main's newest key matches");
      const action = job.actions[0]!;
      assert.equal(job.actions.length, 1, "only the replay step ran mcptest");
      assert.equal(action.outputs["exit-code"], "0", actionLog(action));
      assert.match(actionLog(action), /PASS {2}north[^\n]*replay/);
    } finally {
      await cleanup(pr);
    }
  });
}

/** gitlab-ci.yml: each parallel job's script, then the merge job's, in bash with GitLab's variables. */
export async function gitlabPipeline(file: string): Promise<void> {
  const pipeline = parse(read(file)) as Record<string, unknown> & {
    variables: Record<string, string>;
  };
  type Job = {
    parallel?: number;
    script: string[];
    artifacts: { paths: string[]; reports?: { junit?: string } };
  };
  const shardJob = pipeline.mcptest as Job;
  const mergeJob = pipeline["mcptest-merge"] as Job;
  await withProject({ "tests/echo.yml": echoSuiteYaml(NAMES, ["east"]) }, async (dir) => {
    const script = async (job: Job, env: Record<string, string>) => {
      const variables = { ...pipeline.variables };
      // The runner's own Deno cache stands in for the pipeline's $CI_PROJECT_DIR/.deno cache.
      delete variables.DENO_DIR;
      const out = await new Deno.Command("bash", {
        args: ["-e", "-c", job.script.join("\n")],
        cwd: dir,
        clearEnv: true,
        env: {
          PATH: SHIM_PATH,
          HOME: Deno.env.get("HOME") ?? dir,
          ...(Deno.env.get("DENO_DIR") ? { DENO_DIR: Deno.env.get("DENO_DIR")! } : {}),
          NO_COLOR: "1",
          CI: "true",
          GITLAB_CI: "true",
          CI_PROJECT_DIR: dir,
          ...variables,
          ...env,
        },
        stdout: "piped",
        stderr: "piped",
      }).output();
      const decode = (b: Uint8Array) => new TextDecoder().decode(b);
      return { code: out.code, log: decode(out.stdout) + decode(out.stderr) };
    };
    const total = shardJob.parallel ?? 1;
    assert.ok(total > 1, "the example runs shards in parallel");
    for (let k = 1; k <= total; k++) {
      const run = await script(shardJob, {
        CI_NODE_INDEX: String(k),
        CI_NODE_TOTAL: String(total),
      });
      assert.match(String(run.code), /^[01]$/, run.log);
      const junit = globRegExp(shardJob.artifacts.reports!.junit!);
      const reports = walk(dir).filter((p) => junit.test(p));
      assert.ok(
        reports.includes(`reports/junit-${k}.xml`),
        `shard ${k}'s JUnit report is collected`,
      );
      assert.ok(shardJob.artifacts.paths.some((p) => globRegExp(p).test("reports")));
    }
    const merged = await script(mergeJob, {});
    assert.equal(merged.code, 1, merged.log);
    const record = JSON.parse(await Deno.readTextFile(`${dir}/reports/run.json`));
    assert.deepEqual([record.summary.total, record.summary.failed], [NAMES.length, 1]);
    assert.ok(mergeJob.artifacts.paths.includes("reports/run.json"));
  });
}
