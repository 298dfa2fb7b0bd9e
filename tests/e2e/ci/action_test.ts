/** @module action.yml run here step by step (tests/e2e/ci/_runner.ts): what each command writes to the step summary and the outputs, that a failing run still reports and uploads before the last step exits with mcptest's code, that inputs never become shell code, and that broken copies of the action fail these checks. */

import assert from "node:assert/strict";
import { echoSuiteYaml, itemsServerArgv, ROOT, tempProject } from "../../_helpers/cli.ts";
import { type ActionRun, cleanup, runAction, runnerContext, VERSION } from "./_runner.ts";

const ACTION = await Deno.readTextFile(`${ROOT}action.yml`);

/** A project with tests/echo.yml: one echo test per name, the `failing` ones expecting "nope". */
function project(names: string[], failing: string[] = []): Promise<string> {
  return tempProject({ "tests/echo.yml": echoSuiteYaml(names, failing) });
}

/** Run the action (or a broken copy of it) in `dir`; the runner's files are removed after. */
async function act(dir: string, inputs: Record<string, string>, actionText = ACTION) {
  const ctx = await runnerContext(dir, actionText);
  try {
    const run = await runAction(inputs, ctx);
    const summary = await Deno.readTextFile(ctx.summaryFile);
    const calls = await Deno.readTextFile(ctx.shimLog).catch(() => "");
    const read = async (path: string) => path ? await Deno.readTextFile(path) : "";
    const files = {
      json: await read(run.outputs["json-path"] ?? ""),
      sarif: await read(run.outputs["sarif-path"] ?? ""),
    };
    return { run, summary, calls, files, log: log(run) };
  } finally {
    await cleanup(ctx);
  }
}

function log(run: ActionRun): string {
  return run.steps.map((s) => s.stdout + s.stderr).join("");
}

function step(run: ActionRun, name: RegExp) {
  const found = run.steps.find((s) => name.test(s.name));
  assert.ok(found, `a step named ${name}`);
  return found;
}

/** What a failing run must leave behind: code 1 as output and exit, the summary, the uploads. */
function assertFailureReported(
  result: Awaited<ReturnType<typeof act>>,
  failingTest: string,
): void {
  const { run, summary, files } = result;
  assert.equal(run.outputs["exit-code"], "1", "exit-code output");
  assert.equal(run.outputs.failed, "1", "failed output");
  assert.match(summary, new RegExp(`❌ <b>${failingTest}</b>`), "the summary names the failure");
  const sarif = step(run, /Upload SARIF/);
  assert.ok(sarif.ran, "SARIF upload ran after the failure");
  assert.equal(sarif.with?.sarif_file, run.outputs["sarif-path"]);
  assert.equal(JSON.parse(files.sarif).version, "2.1.0");
  const artifact = step(run, /Upload the JSON record/);
  assert.ok(artifact.ran, "the artifact upload ran after the failure");
  assert.equal(artifact.with?.path, run.outputs["json-path"]);
  assert.equal(JSON.parse(files.json).summary.failed, 1);
  const last = run.steps.at(-1)!;
  assert.ok(last.ran && last.code === 1, "the last step exits with mcptest's code");
  assert.ok(run.failed);
}

Deno.test("action: a passing run writes the summary, the counts and the JSON record, and exits 0", async () => {
  const dir = await project(["alpha", "beta", "gamma"]);
  try {
    const { run, summary, calls, files, log } = await act(dir, { paths: "tests/" });
    assert.equal(run.code, 0, log);
    assert.ok(!run.failed, log);
    assert.deepEqual(
      [run.outputs["exit-code"], run.outputs.total, run.outputs.passed, run.outputs.failed],
      ["0", "3", "3", "0"],
    );
    assert.equal(JSON.parse(files.json).summary.total, 3);
    assert.match(summary, /^## ✅ mcptest/m);
    assert.match(log, /3 passed, 0 failed/, "the pretty report in the log");
    // Deno set up at the pinned version; mcptest from JSR at deno.json's version; no upload asked.
    assert.deepEqual(step(run, /Set up Deno/).with, { "deno-version": "2.9.6" });
    assert.match(
      calls,
      new RegExp(`jsr:@mcptest/cli@${VERSION.replaceAll(".", "\\.")} run tests/`),
    );
    assert.match(calls, / --annotations always/);
    assert.ok(!step(run, /Upload SARIF/).ran && !step(run, /Upload the JSON/).ran);
    assert.equal(run.outputs["sarif-path"], "");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("action: a failing run reports and uploads before the last step exits 1; a copy that fails early does not", async (t) => {
  const dir = await project(["alpha", "beta"], ["beta"]);
  const inputs = { paths: "tests/", "upload-sarif": "true", "upload-artifact": "true" };
  try {
    await t.step("action.yml", async () => {
      const result = await act(dir, inputs);
      assertFailureReported(result, "beta");
      assert.match(result.log, /^::error file=tests\/echo\.yml,line=\d+,col=\d+,title=beta::/m);
    });
    await t.step(
      "a copy whose mcptest step fails the job, and whose summary only runs on success",
      async () => {
        const broken = ACTION.replace("        set +e\n        mcptest() {", "        mcptest() {")
          .replace("      if: ${{ !cancelled() }}\n", "");
        assert.notEqual(broken, ACTION);
        const result = await act(dir, inputs, broken);
        assert.throws(() => assertFailureReported(result, "beta"));
        assert.equal(result.summary, "", "nothing reached the summary");
      },
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("action: inputs reach mcptest as words, never as shell code; a copy that pastes them runs them", async (t) => {
  const dir = await project(["alpha"]);
  const inputs = {
    paths: "tests/",
    servers: `items=${itemsServerArgv().join(" ")} $(touch pwned-server)`,
    "extra-args":
      `--tag "$(touch pwned-extra)" --exclude-tag '\`touch pwned-backtick\`' --pass-with-no-tests`,
  };
  const pwned = () => [...Deno.readDirSync(dir)].filter((e) => e.name.startsWith("pwned"));
  try {
    await t.step("action.yml", async () => {
      const { run, calls, log } = await act(dir, inputs);
      assert.deepEqual(pwned(), [], "no input ran as a command");
      assert.equal(run.outputs["exit-code"], "0", log);
      // The literal text reached mcptest as separate words (printf %q in the call log).
      assert.match(calls, /--tag \\\$\\\(touch\\ pwned-extra\\\)/);
      assert.match(calls, /--exclude-tag \\`touch\\ pwned-backtick\\`/);
      assert.match(calls, /--server items=.*\\\$\\\(touch\\ pwned-server\\\)/);
    });
    await t.step("a copy with ${{ inputs.extra-args }} in its script", async () => {
      const broken = ACTION.replace(
        'args+=(${extra[@]+"${extra[@]}"})',
        "args+=(${{ inputs.extra-args }})",
      );
      assert.notEqual(broken, ACTION);
      await act(dir, inputs, broken);
      // The runner pastes the text into the script: bash runs the "$(...)" (not the quoted backticks).
      assert.deepEqual(pwned().map((e) => e.name), ["pwned-extra"]);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("action: bad inputs exit 2 before mcptest runs, and say so in the summary", async (t) => {
  const dir = await project(["alpha"]);
  const cases: [Record<string, string>, RegExp][] = [
    [
      { command: "bogus" },
      /command must be run, compliance run, conformance run or report, not "bogus"/,
    ],
    [{ command: "conformance run", shard: "1/2", servers: "x" }, /shard applies to run only/],
    [{ command: "conformance run" }, /conformance run takes exactly one server/],
    [{ command: "report" }, /report needs run records in paths/],
    [{ command: "compliance run", paths: "a.yml b.yml" }, /takes one suite in paths/],
    [{ paths: "tests/", annotations: "sometimes" }, /annotations must be always, auto or never/],
    [{ paths: "tests/", "upload-sarif": "yes" }, /upload-sarif must be "true" or "false"/],
    [
      { paths: "tests/", "extra-args": "--filter 'unclosed" },
      /cannot split extra-args: unmatched quote/,
    ],
  ];
  try {
    for (const [inputs, message] of cases) {
      await t.step(JSON.stringify(inputs), async () => {
        const { run, summary, calls, log } = await act(dir, inputs);
        assert.match(log, message);
        assert.equal(run.outputs["exit-code"], "2");
        assert.equal(run.code, 2);
        assert.doesNotMatch(calls, /jsr:@mcptest/, "mcptest did not run");
        assert.match(summary, /mcptest exited 2 before writing a report/);
      });
    }
    await t.step("mcptest's own usage error (an unknown reporter) is exit 2 too", async () => {
      const { run, log } = await act(dir, { paths: "tests/", reporters: "xml" });
      assert.equal(run.outputs["exit-code"], "2", log);
      assert.match(log, /error: unknown reporter "xml"/);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("action: compliance run renders the summary, SARIF and the user's reports from its record", async () => {
  const out = await Deno.makeTempDir({ prefix: "mcptest-ci-compliance-" });
  try {
    const { run, summary, files, log } = await act(ROOT, {
      command: "compliance run",
      paths: "examples/compliance.yml",
      reporters: `pretty junit:${out}/junit.xml`,
      "upload-sarif": "true",
      "report-dir": `${out}/reports`,
    });
    assert.equal(run.outputs["exit-code"], "0", log);
    assert.deepEqual([run.outputs.passed, run.outputs.skipped], ["5", "1"]);
    assert.equal(run.outputs["report-dir"], `${out}/reports`);
    assert.equal(run.outputs["json-path"], `${out}/reports/run.json`);
    assert.match(summary, /mcptest/);
    assert.match(log, /5 passed, 0 failed, 1 skipped/, "pretty, rendered from the record");
    assert.match(await Deno.readTextFile(`${out}/junit.xml`), /<testsuites/);
    assert.equal(JSON.parse(files.sarif).version, "2.1.0");
    assert.ok(step(run, /Upload SARIF/).ran);
  } finally {
    await Deno.remove(out, { recursive: true });
  }
});

Deno.test("action: conformance run gives the tier and badge as outputs and in the summary", async () => {
  const dir = await project(["alpha"]);
  try {
    const server = itemsServerArgv().join(" ");
    const { run, summary, files, log } = await act(dir, {
      command: "conformance run",
      servers: server,
      "upload-artifact": "true",
    });
    assert.equal(run.outputs["exit-code"], "0", log);
    const result = JSON.parse(files.json);
    assert.equal(run.outputs.tier, result.tier);
    assert.equal(run.outputs.badge, result.badge);
    assert.match(run.outputs.badge ?? "", /^(T[123]|F)$/);
    assert.equal(run.outputs.passed, String(result.statuses.pass));
    assert.equal(run.outputs.failed, String(result.statuses.fail));
    assert.match(
      summary,
      new RegExp(`^## mcptest conformance: ${run.outputs.badge} \\(${run.outputs.tier}\\)$`, "m"),
    );
    assert.match(summary, /\| MUST \| SHOULD \| MAY \|/);
    assert.ok(step(run, /Upload the JSON record/).ran);
    assert.match(run.outputs["json-path"] ?? "", /conformance\.json$/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("action: report merges several records (a folder of them) into one", async () => {
  const dir = await project(["a1", "a2", "a3", "a4", "a5", "a6"], ["a4"]);
  try {
    for (const k of [1, 2]) {
      const shard = await act(dir, {
        paths: "tests/",
        shard: `${k}/2`,
        "report-dir": `records/shard-${k}`,
        summary: "false",
      });
      assert.match(shard.run.outputs["exit-code"] ?? "", /^[01]$/, shard.log);
    }
    const { run, summary, calls, log } = await act(dir, { command: "report", paths: "records" });
    assert.equal(run.outputs["exit-code"], "1", log);
    assert.deepEqual([run.outputs.total, run.outputs.failed], ["6", "1"]);
    assert.match(
      calls,
      /report --merge [^\n]*records\/shard-1\/run\.json [^\n]*records\/shard-2\/run\.json --format json/,
    );
    assert.match(summary, /❌ <b>a4<\/b>/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
