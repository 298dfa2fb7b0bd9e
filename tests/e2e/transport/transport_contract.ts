/** @module The one transport contract suite (hono common.case pattern): every transport runs these steps. */

import assert from "node:assert/strict";
import type { Frame, Transport, TransportEvent } from "../../../src/2_connect/transport/types.ts";
import { TransportError } from "../../../src/2_connect/transport/transport_error.ts";
import { LATEST_INITIALIZE_REVISION } from "../../../src/0_base/protocol/revisions.ts";
import { HANG_MS } from "../../_helpers/wait.ts";

/** A transport under test, built fresh for each step (not started). */
export interface ContractTarget {
  /** Build a new transport connected to a fresh fixture session. */
  readonly make: () => Transport;
  /** The label the transport must report. */
  readonly label: string;
  /** Whether frames carry HttpInfo. */
  readonly http: boolean;
  /** Whether the server can send notifications and requests to the client. */
  readonly serverMessages: boolean;
}

/** Collects frames and events, and waits for a matching frame (bounded, never hangs). */
export class Collector {
  readonly frames: Frame[] = [];
  readonly events: TransportEvent[] = [];
  readonly #waiters: { match: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];

  constructor(transport: Transport) {
    transport.onFrame = (frame) => {
      this.frames.push(frame);
      for (const waiter of [...this.#waiters]) {
        if (waiter.match(frame)) {
          this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
          waiter.resolve(frame);
        }
      }
    };
    transport.onEvent = (event) => void this.events.push(event);
  }

  /** The first frame (already received or future) that matches; a rejection only after a hang. */
  waitFor(match: (frame: Frame) => boolean): Promise<Frame> {
    const seen = this.frames.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching frame within ${HANG_MS} ms`)),
        HANG_MS,
      );
      this.#waiters.push({
        match,
        resolve: (frame) => {
          clearTimeout(timer);
          resolve(frame);
        },
      });
    });
  }

  /** The response frame for request `id`. */
  response(id: number): Promise<Frame> {
    return this.waitFor((f) =>
      field(f.message, "id") === id && field(f.message, "method") === undefined
    );
  }
}

/** A property of a parsed message, or undefined. */
export function field(message: unknown, key: string): unknown {
  return typeof message === "object" && message !== null
    ? (message as Record<string, unknown>)[key]
    : undefined;
}

function call(id: number, name: string, args: Record<string, unknown> = {}) {
  return { jsonrpc: "2.0" as const, id, method: "tools/call", params: { name, arguments: args } };
}

/** initialize + notifications/initialized by hand, over the raw transport. */
async function handshake(transport: Transport, collector: Collector): Promise<void> {
  await transport.send({
    jsonrpc: "2.0",
    id: 0,
    method: "initialize",
    params: {
      protocolVersion: LATEST_INITIALIZE_REVISION,
      capabilities: {},
      clientInfo: { name: "contract", version: "0" },
    },
  });
  await collector.response(0);
  await transport.send({ jsonrpc: "2.0", method: "notifications/initialized" });
}

async function withTransport(
  target: ContractTarget,
  body: (transport: Transport, collector: Collector) => Promise<void>,
): Promise<void> {
  const transport = target.make();
  const collector = new Collector(transport);
  try {
    await transport.start();
    await handshake(transport, collector);
    await body(transport, collector);
  } finally {
    await transport.close();
  }
}

/** Run the contract steps against one transport. */
export async function transportContract(
  t: Deno.TestContext,
  target: ContractTarget,
): Promise<void> {
  await t.step(
    "send() delivers a response frame with raw text, parsed message and time",
    async () => {
      await withTransport(target, async (transport, collector) => {
        await transport.send(call(1, "echo", { text: "hi" }));
        const frame = await collector.response(1);
        assert.equal(typeof frame.raw, "string");
        assert.deepEqual(JSON.parse(frame.raw), frame.message);
        assert.equal(frame.parseError, undefined);
        assert.equal(typeof frame.at, "number");
        assert.deepEqual(field(field(frame.message, "result"), "content"), [{
          type: "text",
          text: "hi",
        }]);
        if (target.http) assert.equal(frame.http?.status, 200);
        else assert.equal(frame.http, undefined);
      });
    },
  );

  await t.step("pipelined requests each get their own response", async () => {
    await withTransport(target, async (transport, collector) => {
      const ids = [11, 12, 13, 14, 15];
      await Promise.all(ids.map((id) => transport.send(call(id, "echo", { text: `n${id}` }))));
      const frames = await Promise.all(ids.map((id) => collector.response(id)));
      for (const [i, frame] of frames.entries()) {
        const content = field(field(frame.message, "result"), "content") as { text: string }[];
        assert.equal(content[0]?.text, `n${ids[i]}`);
      }
    });
  });

  await t.step("a string is sent byte for byte", async () => {
    await withTransport(target, async (transport, collector) => {
      await transport.send('{"jsonrpc":"2.0","id":21,"method":"tools/list"}');
      const frame = await collector.response(21);
      assert.ok(Array.isArray(field(field(frame.message, "result"), "tools")));
    });
  });

  if (target.serverMessages) {
    await t.step("server notifications arrive before the response", async () => {
      await withTransport(target, async (transport, collector) => {
        await transport.send(call(31, "notify"));
        const response = await collector.response(31);
        const notes = collector.frames.filter((f) =>
          field(f.message, "method") === "notifications/message"
        );
        assert.equal(notes.length, 2);
        assert.ok(
          notes.every((n) => collector.frames.indexOf(n) < collector.frames.indexOf(response)),
        );
      });
    });

    await t.step("a server request can be answered with send()", async () => {
      await withTransport(target, async (transport, collector) => {
        await transport.send(call(41, "ping_client"));
        const ping = await collector.waitFor((f) => field(f.message, "method") === "ping");
        await transport.send({
          jsonrpc: "2.0",
          id: field(ping.message, "id") as number,
          result: {},
        });
        const response = await collector.response(41);
        const content = field(field(response.message, "result"), "content") as { text: string }[];
        assert.equal(content[0]?.text, "pong");
      });
    });
  }

  await t.step("label names the target", () => {
    assert.equal(target.make().label, target.label);
  });

  await t.step(
    "close() is idempotent and send() afterwards rejects with TransportError",
    async () => {
      const transport = target.make();
      const collector = new Collector(transport);
      await transport.start();
      await handshake(transport, collector);
      await Promise.all([transport.close(), transport.close()]);
      await transport.close();
      await assert.rejects(() => transport.send(call(51, "echo", { text: "x" })), TransportError);
    },
  );
}
