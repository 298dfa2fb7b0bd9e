/** @module Self-test of the test relay (tests/fixtures/relay/): it delays, keeps order, keeps bytes, splits, reorders only what it may, and reaps its child. */

import assert from "node:assert/strict";
import { alive, BURST_CHILD, readStats, relayArgv } from "./_relay.ts";

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const CHILD = [Deno.execPath(), "run", BURST_CHILD];

/** A running relay with piped stdio. */
interface Relay {
  readonly child: Deno.ChildProcess;
  write(text: string): Promise<void>;
  /** Read until `n` complete lines arrived; resolves with them (newlines kept). */
  lines(n: number): Promise<string[]>;
  /** Close stdin, wait for the exit; SIGKILL on the way out if it never exits (test failure). */
  finish(): Promise<Deno.CommandStatus>;
}

function startRelay(flags: readonly string[], server: readonly string[] = CHILD): Relay {
  const [cmd, ...args] = relayArgv(flags, server);
  const child = new Deno.Command(cmd!, {
    args,
    stdin: "piped",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const writer = child.stdin.getWriter();
  const reader = child.stdout.getReader();
  let buffered = "";
  let stdinOpen = true;
  return {
    child,
    write: (text) => writer.write(encoder.encode(text)),
    async lines(n) {
      const out: string[] = [];
      while (out.length < n) {
        const nl = buffered.indexOf("\n");
        if (nl >= 0) {
          out.push(buffered.slice(0, nl + 1));
          buffered = buffered.slice(nl + 1);
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error(`relay output ended after ${out.length} of ${n} lines`);
        buffered += decoder.decode(value, { stream: true });
      }
      return out;
    },
    async finish() {
      if (stdinOpen) {
        stdinOpen = false;
        await writer.close().catch(() => {});
      }
      const status = await child.status;
      await reader.cancel().catch(() => {});
      return status;
    },
  };
}

/** Run `body` on a relay, always reaping it (and, if the test failed midway, killing it). */
async function withRelay(
  flags: readonly string[],
  body: (relay: Relay) => Promise<void>,
  server: readonly string[] = CHILD,
): Promise<Deno.CommandStatus> {
  const relay = startRelay(flags, server);
  let ok = false;
  try {
    await body(relay);
    ok = true;
  } finally {
    if (!ok) {
      try {
        relay.child.kill("SIGTERM");
      } catch { /* gone */ }
    }
  }
  return await relay.finish();
}

const json = (value: unknown) => JSON.stringify(value);
const note = (method: string, n: number) => json({ jsonrpc: "2.0", method, params: { n } });
const progress = (token: string, progress: number) =>
  json({
    jsonrpc: "2.0",
    method: "notifications/progress",
    params: { progressToken: token, progress },
  });
const reply = (id: number) => json({ jsonrpc: "2.0", id, result: {} });

Deno.test("relay.ts forwards bytes unchanged both ways: UTF-8, CRLF, an unterminated tail", async () => {
  const text = '{"a":"é ✓ 𝄞"}\n{"b":1}\r\n\n  spaced  \n{"tail":true}';
  const [cmd, ...args] = relayArgv([], ["cat"]);
  const child = new Deno.Command(cmd!, { args, stdin: "piped", stdout: "piped" }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(encoder.encode(text));
  await writer.close();
  // output() waits for the exit: the relay ends when cat does, after cat's stdin closed.
  const output = await child.output();
  assert.equal(output.code, 0);
  assert.equal(decoder.decode(output.stdout), text);
});

Deno.test("relay.ts --delay holds each server line at least that long, order kept", async () => {
  await withRelay(["--delay", "200"], async (relay) => {
    const sent = performance.now();
    await relay.write(`${note("a", 1)}\n`);
    const [first] = await relay.lines(1);
    // A lower bound only: a busy machine makes the line later, never earlier.
    assert.ok(performance.now() - sent >= 200, "the line came before its delay");
    assert.equal(first, `${note("a", 1)}\n`);
    const many = Array.from({ length: 20 }, (_, i) => `${note("a", i)}\n`);
    for (const line of many) await relay.write(line);
    assert.deepEqual(await relay.lines(many.length), many);
  });
});

Deno.test("relay.ts --both-ways delays the client's lines too", async () => {
  await withRelay(["--delay", "150", "--both-ways"], async (relay) => {
    const sent = performance.now();
    await relay.write(`${note("a", 1)}\n`);
    await relay.lines(1);
    assert.ok(performance.now() - sent >= 300, "each way holds the line 150 ms");
  });
});

Deno.test("relay.ts --jitter keeps the order of lines whatever each line's random delay", async () => {
  const lines = Array.from({ length: 40 }, (_, i) => `${note("a", i)}\n`);
  await withRelay(["--jitter", "40", "--seed", "7", "--both-ways"], async (relay) => {
    for (const line of lines) await relay.write(line);
    assert.deepEqual(await relay.lines(lines.length), lines);
  });
});

Deno.test("relay.ts --split writes each line in chunks, bytes and framing unchanged", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-relay-" });
  try {
    const lines = [`${note("é✓", 1)}\n`, `${reply(1)}\n`, `${json({ big: "x".repeat(5000) })}\n`];
    await withRelay(["--split", "5", "--split-pause", "2", "--stats-dir", dir], async (relay) => {
      for (const line of lines) await relay.write(line);
      assert.deepEqual(await relay.lines(lines.length), lines);
    });
    const stats = await readStats(dir);
    assert.equal(stats.serverLines, lines.length);
    assert.equal(stats.splitLines, lines.length, "every server line went out in 5 chunks");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("relay.ts reorders only what the protocol allows, one mode at a time", async (t) => {
  const burst = [
    note("notifications/a", 1),
    note("notifications/b", 2),
    reply(1),
    reply(2),
    progress("t1", 1),
    progress("t1", 2),
    reply(3),
    progress("t1", 3),
    progress("t2", 1),
    note("notifications/message", 1),
    note("notifications/message", 2),
  ];
  const emit = `${json({ emit: burst })}\n`;
  const run = async (flags: string[], input = emit) => {
    const dir = await Deno.makeTempDir({ prefix: "mcptest-relay-" });
    try {
      let got: string[] = [];
      await withRelay([...flags, "--stats-dir", dir], async (relay) => {
        await relay.write(input);
        got = (await relay.lines(JSON.parse(input).emit.length)).map((l) => l.slice(0, -1));
      });
      return { got, stats: await readStats(dir) };
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  };
  await t.step("no mode: the burst as it came", async () => {
    const { got, stats } = await run([]);
    assert.deepEqual(got, burst);
    assert.equal(stats.reordered + stats.swapped, 0);
  });
  await t.step("--reorder-notifications: unrelated notifications trade places", async () => {
    const { got, stats } = await run(["--reorder-notifications"]);
    const b = burst;
    // Different methods swap, progress of two tokens swaps; progress of one token and two log
    // lines keep their order, and nothing crosses a response.
    assert.deepEqual(got, [b[1], b[0], b[2], b[3], b[4], b[5], b[6], b[8], b[7], b[9], b[10]]);
    assert.equal(stats.reordered, 2);
  });
  await t.step("--swap-responses: two consecutive responses trade places", async () => {
    const { got, stats } = await run(["--swap-responses"]);
    assert.deepEqual(got, [burst[0], burst[1], burst[3], burst[2], ...burst.slice(4)]);
    assert.equal(stats.swapped, 1);
  });
  await t.step("--burst-ms: lines written apart join one burst", async () => {
    const apart = [reply(1), reply(2)];
    const { got, stats } = await run(
      ["--swap-responses", "--burst-ms", "1000"],
      `${json({ emit: apart, apart: true })}\n`,
    );
    assert.deepEqual(got, [apart[1], apart[0]]);
    assert.equal(stats.swapped, 1);
  });
});

Deno.test("relay.ts reaps its child", async (t) => {
  const childPid = async (relay: Relay) => {
    await relay.write(`${json({ pid: true })}\n`);
    const [line] = await relay.lines(1);
    return JSON.parse(line!).pid as number;
  };
  const check = (pid: number) => {
    if (!alive(pid)) return;
    Deno.kill(pid, "SIGKILL");
    assert.fail(`child ${pid} outlived the relay`);
  };
  await t.step("stdin closes, the child exits on its own", async () => {
    let pid = 0;
    const status = await withRelay([], async (relay) => void (pid = await childPid(relay)));
    assert.equal(status.code, 0);
    check(pid);
  });
  await t.step("stdin closes, the child stays: the relay kills it", async () => {
    let pid = 0;
    const server = [...CHILD, "--stay"];
    const status = await withRelay(
      ["--exit-grace", "100"],
      async (relay) => void (pid = await childPid(relay)),
      server,
    );
    assert.equal(status.success, false, "the child was ended by a signal");
    check(pid);
  });
  await t.step("SIGTERM to the relay ends the child", async () => {
    let pid = 0;
    const status = await withRelay(["--delay", "50"], async (relay) => {
      pid = await childPid(relay);
      relay.child.kill("SIGTERM");
      await relay.child.status;
    }, [...CHILD, "--stay"]);
    assert.equal(status.success, false);
    check(pid);
  });
});
