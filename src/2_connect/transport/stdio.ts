/** @module The stdio transport: spawn the server in its own process group, newline-framed JSON-RPC on stdin/stdout, stderr kept. */

import type { JsonRpcMessage } from "../../0_base/protocol/jsonrpc.ts";
import type { StdioTarget } from "./target.ts";
import { settlesWithin } from "./wait.ts";
import { spawnFailure } from "./failure_layer.ts";
import { makeFrame } from "./frame.ts";
import { DEFAULT_MAX_MESSAGE_BYTES, LineSplitter, messageCapMessage } from "./line_splitter.ts";
import { endTree, groupAlive, type ServerProcess, spawnServer } from "./process_tree.ts";
import { registerTransport, unregisterTransport } from "./registry.ts";
import { StderrTail } from "./stderr_tail.ts";
import { TransportError } from "./transport_error.ts";
import type { Frame, SendOptions, Transport, TransportEvent } from "./types.ts";

/** Size of the one buffer each output pipe of the server is read into. */
const READ_BUFFER_BYTES = 64 * 1024;

/** Tuning of a {@link StdioTransport}. */
export interface StdioTransportOptions {
  /** How long close() waits after SIGTERM before SIGKILL (default 2000 ms). */
  readonly killTimeoutMs?: number;
  /** How many stderr lines to keep (default 50). */
  readonly stderrLines?: number;
  /** Values hidden in the stderr tail (and so in every message built from it). */
  readonly secrets?: readonly string[];
}

/**
 * After the server exits: how long its output pipes may stay open when processes of its group are
 * left (a grandchild holding them), before reading stops.
 */
const READER_GRACE_MS = 500;
/**
 * After the server exits with nothing left in its group, the pipes reach end-of-file as soon as
 * what it wrote is read: reading waits for that (so a last answer is never cut, however loaded
 * the machine), bounded only against a process outside the group (one that called setsid())
 * holding a pipe open.
 */
const READER_DRAIN_BOUND_MS = 10_000;
/** A stderr line longer than this is dropped (with a note in the tail). */
const MAX_STDERR_LINE_BYTES = 64 * 1024;

/** The capture label of a stdio target: `stdio://` + the command words (never env values). */
export function stdioLabel(target: StdioTarget): string {
  return `stdio://${target.command.join(" ")}`;
}

/** A server spawned as a child process, speaking newline-delimited JSON on stdio. */
export class StdioTransport implements Transport {
  readonly label: string;
  /** One pipe each way: the server answers in the order it reads. */
  readonly inOrder = true;
  /** Called for every stdout line (blank lines are skipped). */
  onFrame: (frame: Frame) => void = () => {};
  /** Called for stderr lines and for the child's exit. */
  onEvent: (event: TransportEvent) => void = () => {};

  readonly #target: StdioTarget;
  readonly #killTimeoutMs: number;
  readonly #stderr: StderrTail;
  readonly #encoder = new TextEncoder();
  #process: ServerProcess | undefined;
  #writer: WritableStreamDefaultWriter<Uint8Array> | undefined;
  #readers: Promise<void>[] = [];
  #cancels: (() => Promise<void>)[] = [];
  #status: Deno.CommandStatus | undefined;
  #exited: Promise<void> = Promise.resolve();
  #closing: Promise<void> | undefined;
  #escaped: readonly number[] = [];

  constructor(target: StdioTarget, options: StdioTransportOptions = {}) {
    this.#target = target;
    this.label = stdioLabel(target);
    this.#killTimeoutMs = options.killTimeoutMs ?? 2000;
    this.#stderr = new StderrTail(options.stderrLines ?? 50, options.secrets ?? []);
  }

  /** The child's pid once started (also its process group id on Unix). */
  get pid(): number | undefined {
    return this.#process?.child.pid;
  }

  /** The last stderr lines, oldest first. */
  get stderrLines(): readonly string[] {
    return this.#stderr.lines();
  }

  /** Processes of the server's tree that had left its process group and were killed at close. */
  get escaped(): readonly number[] {
    return this.#escaped;
  }

  /** The exit status, once the child has exited. */
  get exitStatus(): Deno.CommandStatus | undefined {
    return this.#status;
  }

  /**
   * Spawn the child in a process group of its own, with the environment `inheritEnv` allows.
   * Throws ConnectError (layer spawn) when it cannot be started.
   */
  start(): Promise<void> {
    if (this.#process) return Promise.resolve();
    const command = this.#target.command[0];
    if (command === undefined || command === "") {
      return Promise.reject(spawnFailure("(empty)", "no command given"));
    }
    let process: ServerProcess;
    try {
      process = spawnServer(this.#target);
    } catch (error) {
      return Promise.reject(spawnFailure(command, spawnReason(error, this.#target.cwd), error));
    }
    this.#process = process;
    const child = process.child;
    registerTransport(this);
    this.#writer = child.stdin.getWriter();
    const maxBytes = this.#target.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
    this.#readers = [
      this.#readLines(
        child.stdout,
        new LineSplitter({
          maxBytes,
          onOverflow: (max) =>
            this.onEvent({ kind: "error", message: messageCapMessage(max), layer: "framing" }),
        }),
        (line) => this.onFrame(makeFrame(line)),
      ),
      this.#readLines(
        child.stderr,
        new LineSplitter({
          maxBytes: MAX_STDERR_LINE_BYTES,
          onOverflow: (max) => this.#stderrLine(`(a stderr line over ${max} bytes was dropped)`),
        }),
        (line) => this.#stderrLine(line),
      ),
    ];
    this.#exited = this.#watchExit(child);
    return Promise.resolve();
  }

  /** Write one message as one line. A string is written as is, with a newline added if missing. */
  async send(message: JsonRpcMessage | string, _options?: SendOptions): Promise<void> {
    const writer = this.#writer;
    if (!writer || this.#status || this.#closing) {
      throw new TransportError("closed", this.#closedMessage("cannot write to the server"));
    }
    const text = typeof message === "string" ? message : JSON.stringify(message);
    try {
      await writer.write(this.#encoder.encode(text.endsWith("\n") ? text : `${text}\n`));
    } catch (error) {
      throw new TransportError("closed", this.#closedMessage("cannot write to the server"), {
        cause: error,
      });
    }
  }

  /**
   * End stdin, SIGTERM the server's process group, wait up to the kill timeout, SIGKILL what is
   * left of the group (a grandchild that ignores SIGTERM included); always reaps the child.
   * Idempotent.
   */
  close(): Promise<void> {
    this.#closing ??= this.#shutdown();
    return this.#closing;
  }

  async #shutdown(): Promise<void> {
    const process = this.#process;
    if (!process) return;
    this.#writer?.close().catch(() => {});
    const escaped = await endTree(process, this.#killTimeoutMs);
    if (escaped.length > 0) {
      this.#escaped = escaped;
      // The one thing no reporter can show (it happens after the run): say it where it happens.
      console.error(
        `warning: ${this.label}: ${escaped.length === 1 ? "process" : "processes"} ${
          escaped.join(", ")
        } had left the server's process group (setsid) and ${
          escaped.length === 1 ? "was" : "were"
        } killed; a server should end its own children`,
      );
    }
    await this.#exited;
    unregisterTransport(this);
  }

  #stderrLine(line: string): void {
    this.#stderr.add(line);
    this.onEvent({ kind: "stderr", message: line });
  }

  async #watchExit(child: Deno.ChildProcess): Promise<void> {
    const status = await child.status;
    this.#status = status;
    const group = this.#process?.group;
    const bound = group !== undefined && groupAlive(group)
      ? READER_GRACE_MS
      : READER_DRAIN_BOUND_MS;
    if (!(await settlesWithin(Promise.all(this.#readers), bound))) {
      await Promise.allSettled(this.#cancels.map((cancel) => cancel()));
      await Promise.allSettled(this.#readers);
    }
    this.onEvent({ kind: "closed", message: this.#closedMessage() });
  }

  async #readLines(
    stream: ReadableStream<Uint8Array>,
    splitter: LineSplitter,
    onLine: (line: string) => void,
  ): Promise<void> {
    // A BYOB reader fills one reused buffer: a default reader allocates a fresh 64 KiB buffer
    // for every read, even for a 100-byte answer, and 10,000 answers churn 640 MB of memory.
    const reader = stream.getReader({ mode: "byob" });
    this.#cancels.push(() => reader.cancel().catch(() => {}));
    const emit = (lines: string[]) => {
      for (const line of lines) if (line.trim() !== "") onLine(line);
    };
    let buffer = new Uint8Array(READ_BUFFER_BYTES);
    try {
      while (true) {
        const { value, done } = await reader.read(buffer);
        if (done || !value) break;
        emit(splitter.push(value));
        // The read transferred the buffer into `value`: take it back for the next read.
        buffer = new Uint8Array(value.buffer);
      }
    } catch {
      // The pipe broke or was cancelled: whatever was buffered is still delivered below.
    } finally {
      reader.releaseLock();
    }
    emit(splitter.flush());
  }

  /** `server process exited with code N; stderr: <tail>`, optionally after `prefix: `. */
  #closedMessage(prefix?: string): string {
    const status = this.#status;
    const how = !status
      ? "is closing"
      : status.signal
      ? `was killed by ${status.signal}`
      : `exited with code ${status.code}`;
    const tail = this.#stderr.summary();
    const lead = `${prefix === undefined ? "" : `${prefix}: `}server process ${how}`;
    return tail === "" ? lead : `${lead}; stderr: ${tail}`;
  }
}

function spawnReason(error: unknown, cwd: string | undefined): string {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof Deno.errors.NotCapable) return "not allowed (mcptest needs --allow-run)";
  if (/no such cwd/i.test(message)) return `working directory not found: ${cwd ?? ""}`;
  if (error instanceof Deno.errors.NotFound) return "command not found";
  if (error instanceof Deno.errors.PermissionDenied) return "permission denied";
  return message;
}
