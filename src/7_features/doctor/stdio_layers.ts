/** @module The four layers of a stdio target: spawn, framing, then the MCP layers. */

import type { ServerSpec, StdioTarget } from "../../3_load/config/types.ts";
import { findRevision, LATEST_INITIALIZE_REVISION } from "../../0_base/protocol/revisions.ts";
import type { Session } from "../../2_connect/session/types.ts";
import { initializeRequest } from "../../2_connect/session/initialize_request.ts";
import { LineSplitter, messageCapMessage } from "../../2_connect/transport/line_splitter.ts";
import {
  endTree,
  type ServerProcess,
  spawnServer,
} from "../../2_connect/transport/process_tree.ts";
import { initializeLayer, readinessLayer } from "./session_layers.ts";
import { failed, type LayerResult, ok } from "./types.ts";

const SPAWN_FIX = "check that the command exists (PATH), is executable, and that cwd: is right";
const FRAMING_FIX = "log to stderr: stdout carries only newline-delimited JSON-RPC";

/** What the server did first: wrote a line, exited, overflowed the message cap, or nothing in time. */
interface FirstOutput {
  readonly line?: string;
  readonly exited?: number;
  readonly tooLong?: number;
}

/** Spawn the command, send one initialize line, and look at the first line that comes back. */
async function spawnAndFraming(target: StdioTarget, timeoutMs: number): Promise<LayerResult[]> {
  const command = target.command[0] ?? "";
  let server: ServerProcess;
  try {
    server = spawnServer(target);
  } catch (error) {
    const why = error instanceof Deno.errors.NotFound
      ? "command not found"
      : (error as Error).message;
    return [failed("spawn", `spawn failed: ${command}: ${why}`, SPAWN_FIX)];
  }
  const { child } = server;
  const lines = child.stdout.getReader();
  const stderr = new Response(child.stderr).text();
  const revision = findRevision(LATEST_INITIALIZE_REVISION)!;
  const writer = child.stdin.getWriter();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await writer.write(
      new TextEncoder().encode(JSON.stringify(initializeRequest(0, revision.id)) + "\n"),
    ).catch(() => {});
    const first = await new Promise<FirstOutput>((resolve) => {
      timer = setTimeout(() => resolve({}), timeoutMs);
      void readFirstLine(lines, child, target, resolve);
    });
    if (first.exited !== undefined) {
      const tail = (await stderr).trim().split("\n").slice(-3).join(" | ");
      return [
        failed(
          "spawn",
          `the server exited with code ${first.exited} before answering${tail ? `: ${tail}` : ""}`,
          SPAWN_FIX,
        ),
      ];
    }
    return [ok("spawn", `started ${command} (pid ${child.pid})`), framingLayer(first, timeoutMs)];
  } finally {
    clearTimeout(timer);
    await writer.close().catch(() => {});
    await lines.cancel().catch(() => {});
    // The whole process group, a grandchild that ignores SIGTERM included.
    await endTree(server, 0);
    await stderr.catch(() => "");
  }
}

/** Read stdout until its first non-blank line, the message cap, or the end (then the exit code). */
async function readFirstLine(
  lines: ReadableStreamDefaultReader<Uint8Array>,
  child: Deno.ChildProcess,
  target: StdioTarget,
  resolve: (first: FirstOutput) => void,
): Promise<void> {
  const splitter = new LineSplitter({
    ...(target.maxMessageBytes === undefined ? {} : { maxBytes: target.maxMessageBytes }),
    onOverflow: (max) => resolve({ tooLong: max }),
  });
  while (true) {
    const { value, done } = await lines.read().catch(() => ({
      value: undefined,
      done: true,
    }));
    if (done || value === undefined) return resolve({ exited: (await child.status).code });
    const found = splitter.push(value).find((l) => l.trim() !== "");
    if (found !== undefined) return resolve({ line: found.trim() });
  }
}

/** The framing layer from the server's first output (it did not exit). */
function framingLayer(first: FirstOutput, timeoutMs: number): LayerResult {
  if (first.tooLong !== undefined) {
    return failed("framing", messageCapMessage(first.tooLong), FRAMING_FIX);
  }
  if (first.line === undefined) {
    return ok("framing", `no output within ${timeoutMs} ms (the handshake decides)`);
  }
  try {
    JSON.parse(first.line);
    return ok("framing", "newline-delimited JSON-RPC on stdout");
  } catch {
    return failed(
      "framing",
      `server wrote non-JSON to stdout: ${JSON.stringify(first.line.slice(0, 120))}`,
      FRAMING_FIX,
    );
  }
}

/** Walk a stdio target; stops at the first failing layer. The open session (if any) is returned. */
export async function walkStdio(
  server: ServerSpec & { target: StdioTarget },
  timeoutMs: number,
): Promise<{ layers: LayerResult[]; session?: Session }> {
  const layers = await spawnAndFraming(server.target, timeoutMs);
  if (layers.some((l) => l.status === "fail")) return { layers };
  const init = await initializeLayer(server, timeoutMs);
  layers.push(init.result);
  if (!init.session) return { layers };
  layers.push(await readinessLayer(init.session, timeoutMs));
  return { layers, session: init.session };
}
