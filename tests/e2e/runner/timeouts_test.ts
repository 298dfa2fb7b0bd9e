/** @module timeout_ms per test, the whole-run --timeout, and the real time of a failed connection (one timeout, not two). */

import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import {
  formatDuration,
  parseDuration,
  requestTimeout,
  RunDeadline,
} from "../../../src/5_execute/runner/run_deadline.ts";
import { itemsServerArgv, mcptest, startHttp, tempProject } from "../../_helpers/cli.ts";

const RAW = fileURLToPath(new URL("../../fixtures/transport/raw_stdio_server.ts", import.meta.url));

Deno.test("parseDuration() reads ms and unit durations, and rejects the rest", async (t) => {
  const good: Array<[string, number]> = [
    ["1500", 1500],
    ["500ms", 500],
    ["30s", 30_000],
    ["1.5m", 90_000],
    ["1h", 3_600_000],
  ];
  for (const [text, ms] of good) {
    await t.step(text, () => assert.equal(parseDuration(text), ms));
  }
  for (const text of ["", "0", "-1s", "3 days", "s", "1.5.2s", "0ms"]) {
    await t.step(`rejects "${text}"`, () => assert.equal(parseDuration(text), undefined));
  }
  await t.step("formatDuration()", () => {
    assert.deepEqual([formatDuration(30_000), formatDuration(120_000), formatDuration(1500)], [
      "30s",
      "2m",
      "1500ms",
    ]);
  });
});

Deno.test("RunDeadline and requestTimeout() cap a request with the time the run has left", () => {
  let now = 1000;
  const deadline = new RunDeadline(500, () => now);
  assert.equal(deadline.remaining(), 500);
  assert.equal(deadline.expired, false);
  now = 1400;
  assert.equal(requestTimeout(1000, deadline.remaining()), 100);
  assert.equal(requestTimeout(50, deadline.remaining()), 50);
  assert.equal(requestTimeout(undefined, deadline.remaining()), 100);
  assert.equal(requestTimeout(undefined, undefined), undefined);
  assert.equal(requestTimeout(70, undefined), 70);
  now = 1500;
  assert.equal(deadline.expired, true);
  assert.equal(deadline.reason, "the run's --timeout of 500ms was exceeded");
});

const SERVER = () => `servers:\n  items:\n    command: ${JSON.stringify(itemsServerArgv())}\n`;
const slow = (name: string, delay: number, extra = "") =>
  `  - name: ${name}\n    tool: slow\n    args: { delay_ms: ${delay} }\n${extra}`;

// Every limit below is far from what the server is told to do: a test that must time out asks
// for a minute (the longest `slow` call) against a limit of 200 ms or 5 s; one that must not asks
// for no delay at all. No assertion needs the machine to be fast, so load cannot flip one.

Deno.test("timeout_ms: a test slower than its own timeout errors; a faster one passes", async () => {
  const dir = await tempProject({
    "s.yml": `${SERVER()}tools:\n${slow("too slow", 60_000, "    timeout_ms: 200\n")}${
      slow("in time", 0, "    timeout_ms: 600000\n")
    }`,
  });
  try {
    const run = await mcptest(["run", "s.yml", "--no-cache"], { cwd: dir });
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stdout, /FAIL {2}too slow[\s\S]*no response to tools\/call within 200 ms/);
    assert.match(run.stdout, /PASS {2}in time/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("--timeout stops the run: the tests not started are errors with the reason", async () => {
  // The server already listens (over HTTP), so `first` needs only a handshake and a call, a few
  // milliseconds, to pass within the 5 s limit; `long` would take a minute, so the limit cuts it;
  // `never started` comes after the limit. Had the run waited for `long`, it would pass: its FAIL
  // proves the limit stopped it, no clock needed.
  const http = await startHttp(itemsServerArgv("--http", "--port", "0"));
  const dir = await tempProject({
    "s.yml": `servers:\n  items:\n    url: ${http.url}\ntools:\n${slow("first", 0)}${
      slow("long", 60_000)
    }${slow("never started", 0)}`,
  });
  try {
    const run = await mcptest(["run", "s.yml", "--no-cache", "--timeout", "5s"], { cwd: dir });
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stdout, /PASS {2}first/);
    assert.match(run.stdout, /FAIL {2}long[\s\S]*no response to tools\/call within \d+ ms/);
    assert.match(run.stdout, /FAIL {2}never started[\s\S]*the run's --timeout of 5s was exceeded/);
    const bad = await mcptest(["run", "s.yml", "--timeout", "soon"], { cwd: dir });
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--timeout[\s\S]*duration such as 500ms, 30s/);
  } finally {
    await http.stop();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a never-answering server costs one timeout, and its test shows the real time", async () => {
  const dir = await tempProject({
    "s.yml": `servers:\n  silent:\n    command: ${
      JSON.stringify([Deno.execPath(), "run", RAW, "silent"])
    }\n    timeout_ms: 800\ntools:\n  - name: never answered\n    tool: echo\n`,
  });
  try {
    const run = await mcptest(["run", "s.yml", "--no-cache", "--reporter", "json", "--verbose"], {
      cwd: dir,
    });
    assert.equal(run.code, 1, run.stderr);
    const record = JSON.parse(run.stdout);
    const test = record.tests[0];
    assert.equal(test.status, "error");
    // One timeout: the server/discover probe's. No `initialize` (nor the test's call) was sent
    // after it to wait a second time: the frames sent say so, no clock needed.
    assert.match(test.failure.message, /no answer to server\/discover within 800ms/);
    const requests = [
      ...run.stderr.matchAll(/^> silent \{"jsonrpc":"2\.0","id":[^,]+,"method":"([^"]+)"/gm),
    ]
      .map((m) => m[1]);
    assert.deepEqual(requests, ["server/discover"], run.stderr);
    // The real time, not 0 ms: about the 800 ms the connection waited (a lower bound, with room
    // for timer rounding; a busy machine only adds to it).
    assert.ok(test.durationMs >= 700, `durationMs ${test.durationMs}`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
