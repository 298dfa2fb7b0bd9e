/** @module Tests of the stdio transport: the shared contract, framing, exit events, spawn failures, reaping. */

import assert from "node:assert/strict";
import { StdioTransport } from "../../../src/2_connect/transport/stdio.ts";
import { ConnectError } from "../../../src/2_connect/transport/failure_layer.ts";
import { openTransportCount } from "../../../src/2_connect/transport/registry.ts";
import { denoFixture, processGone } from "../../fixtures/transport/helpers.ts";
import { Collector, field, transportContract } from "./transport_contract.ts";

function stdio(command: string[], env: Record<string, string> = {}) {
  return new StdioTransport({ kind: "stdio", command, env }, { killTimeoutMs: 2000 });
}

Deno.test("StdioTransport passes the transport contract", async (t) => {
  const command = denoFixture("stdio_server.ts");
  await transportContract(t, {
    make: () => stdio(command),
    label: `stdio://${command.join(" ")}`,
    http: false,
    serverMessages: true,
  });
});

Deno.test("StdioTransport frames lines", async (t) => {
  await t.step("start() splits lines across writes and tolerates CRLF", async () => {
    const script = `printf '{"jsonrpc":"2.0","method":"a"}\\r\\n{"jsonrpc":"2.0",'; ` +
      `printf '"method":"b"}\\n\\n'; printf 'not json\\n'; echo oops >&2; exit 4`;
    const transport = stdio(["sh", "-c", script]);
    const collector = new Collector(transport);
    const closed = new Promise<string>((resolve) => {
      transport.onEvent = (event) => {
        collector.events.push(event);
        if (event.kind === "closed") resolve(event.message);
      };
    });
    try {
      await transport.start();
      const message = await closed;
      assert.deepEqual(
        collector.frames.map((f) => field(f.message, "method") ?? f.parseError !== undefined),
        [
          "a",
          "b",
          true,
        ],
      );
      assert.equal(collector.frames[2]?.raw, "not json");
      assert.match(message, /exited with code 4/);
      assert.match(message, /oops/);
      assert.ok(collector.events.some((e) => e.kind === "stderr" && e.message === "oops"));
      assert.deepEqual(transport.stderrLines, ["oops"]);
    } finally {
      await transport.close();
    }
  });

  await t.step("env is merged over the parent env and cwd is honoured", async () => {
    const transport = stdio([
      "sh",
      "-c",
      'printf \'{"v":"%s","p":"%s","h":"%s"}\\n\' "$MCPTEST_X" "$PWD" "$HOME"',
    ], {
      MCPTEST_X: "from-target",
    });
    const cwd = Deno.makeTempDirSync();
    const inCwd = new StdioTransport({
      kind: "stdio",
      command: ["sh", "-c", 'printf \'{"p":"%s"}\\n\' "$PWD"'],
      env: {},
      cwd,
    });
    try {
      const collector = new Collector(transport);
      const cwdCollector = new Collector(inCwd);
      await transport.start();
      await inCwd.start();
      const frame = await collector.waitFor(() => true);
      assert.equal(field(frame.message, "v"), "from-target");
      assert.equal(field(frame.message, "h"), Deno.env.get("HOME") ?? "");
      const cwdFrame = await cwdCollector.waitFor(() => true);
      assert.equal(field(cwdFrame.message, "p"), Deno.realPathSync(cwd));
    } finally {
      await transport.close();
      await inCwd.close();
      Deno.removeSync(cwd, { recursive: true });
    }
  });
});

Deno.test("StdioTransport start() reports spawn failures", async (t) => {
  await t.step("command not found", async () => {
    const transport = stdio(["mcptest-no-such-command-xyz"]);
    const error = await transport.start().then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof ConnectError);
    assert.equal(error.layer, "spawn");
    assert.equal(error.message, "spawn failed: mcptest-no-such-command-xyz: command not found");
    await transport.close();
  });

  await t.step("permission denied", async () => {
    const dir = Deno.makeTempDirSync();
    const file = `${dir}/not-executable`;
    Deno.writeTextFileSync(file, "#!/bin/sh\n");
    Deno.chmodSync(file, 0o644);
    try {
      const error = await stdio([file]).start().then(() => undefined, (e: unknown) => e);
      assert.ok(error instanceof ConnectError);
      assert.equal(error.layer, "spawn");
      assert.equal(error.message, `spawn failed: ${file}: permission denied`);
    } finally {
      Deno.removeSync(dir, { recursive: true });
    }
  });
});

Deno.test("StdioTransport close() always reaps the child", async (t) => {
  await t.step("a child that ignores SIGTERM is killed", async () => {
    const transport = new StdioTransport(
      { kind: "stdio", command: ["sh", "-c", "trap '' TERM; echo '{}'; exec sleep 1000"], env: {} },
      { killTimeoutMs: 100 },
    );
    const ready = new Collector(transport).waitFor(() => true);
    await transport.start();
    await ready;
    const pid = transport.pid as number;
    assert.equal(processGone(pid), false);
    await transport.close();
    assert.equal(transport.exitStatus?.signal, "SIGKILL");
    assert.ok(processGone(pid));
  });

  await t.step("a well-behaved server is gone after close()", async () => {
    const transport = stdio(denoFixture("stdio_server.ts"));
    await transport.start();
    const pid = transport.pid as number;
    const before = openTransportCount();
    await transport.close();
    assert.ok(processGone(pid));
    assert.equal(openTransportCount(), before - 1);
  });
});
