/** @module The stdio transport: spawn the server, newline-framed JSON-RPC on stdin/stdout, stderr kept. */

import type { JsonRpcMessage } from "../protocol/jsonrpc.ts";
import type { StdioTarget } from "./target.ts";
import { settlesWithin } from "./wait.ts";
import { spawnFailure } from "./failure_layer.ts";
import { makeFrame } from "./frame.ts";
import { LineSplitter } from "./line_splitter.ts";
import { registerTransport, unregisterTransport } from "./registry.ts";
import { StderrTail } from "./stderr_tail.ts";
import { TransportError } from "./transport_error.ts";
import type { Frame, SendOptions, Transport, TransportEvent } from "./types.ts";

/** Tuning of a {@link StdioTransport}. */
export interface StdioTransportOptions {
  /** How long close() waits after SIGTERM before SIGKILL (default 2000 ms). */
  readonly killTimeoutMs?: number;
  /** How many stderr lines to keep (default 50). */
  readonly stderrLines?: number;
}

const READER_GRACE_MS = 500;

/** The capture label of a stdio target: `stdio://` + the command words (never env values). */
export function stdioLabel(target: StdioTarget): string {
  return `stdio://${target.command.join(" ")}`;
}

/** A server spawned as a child process, speaking newline-delimited JSON on stdio. */
export class StdioTransport implements Transport {
  readonly label: string;
  /** Called for every stdout line (blank lines are skipped). */
  onFrame: (frame: Frame) => void = () => {};
  /** Called for stderr lines and for the child's exit. */
  onEvent: (event: TransportEvent) => void = () => {};

  readonly #target: StdioTarget;
  readonly #killTimeoutMs: number;
  readonly #stderr: StderrTail;
  readonly #encoder = new TextEncoder();
  #child: Deno.ChildProcess | undefined;
  #writer: WritableStreamDefaultWriter<Uint8Array> | undefined;
  #readers: Promise<void>[] = [];
  #cancels: (() => Promise<void>)[] = [];
  #status: Deno.CommandStatus | undefined;
  #exited: Promise<void> = Promise.resolve();
  #closing: Promise<void> | undefined;

  constructor(target: StdioTarget, options: StdioTransportOptions = {}) {
    this.#target = target;
    this.label = stdioLabel(target);
    this.#killTimeoutMs = options.killTimeoutMs ?? 2000;
    this.#stderr = new StderrTail(options.stderrLines ?? 50);
  }

  /** The child's pid once started. */
  get pid(): number | undefined {
    return this.#child?.pid;
  }

  /** The last stderr lines, oldest first. */
  get stderrLines(): readonly string[] {
    return this.#stderr.lines();
  }

  /** The exit status, once the child has exited. */
  get exitStatus(): Deno.CommandStatus | undefined {
    return this.#status;
  }

  /** Spawn the child. Throws ConnectError (layer spawn) when it cannot be started. */
  start(): Promise<void> {
    if (this.#child) return Promise.resolve();
    const [command, ...args] = this.#target.command;
    if (command === undefined || command === "") {
      return Promise.reject(spawnFailure("(empty)", "no command given"));
    }
    try {
      this.#child = new Deno.Command(command, {
        args,
        env: { ...this.#target.env },
        ...(this.#target.cwd === undefined ? {} : { cwd: this.#target.cwd }),
        stdin: "piped",
        stdout: "piped",
        stderr: "piped",
      }).spawn();
    } catch (error) {
      return Promise.reject(spawnFailure(command, spawnReason(error, this.#target.cwd), error));
    }
    registerTransport(this);
    this.#writer = this.#child.stdin.getWriter();
    this.#readers = [
      this.#readLines(this.#child.stdout, (line) => this.onFrame(makeFrame(line))),
      this.#readLines(this.#child.stderr, (line) => {
        this.#stderr.add(line);
        this.onEvent({ kind: "stderr", message: line });
      }),
    ];
    this.#exited = this.#watchExit(this.#child);
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

  /** End stdin, SIGTERM, wait up to the kill timeout, SIGKILL; always reaps the child. Idempotent. */
  close(): Promise<void> {
    this.#closing ??= this.#shutdown();
    return this.#closing;
  }

  async #shutdown(): Promise<void> {
    const child = this.#child;
    if (!child) return;
    this.#writer?.close().catch(() => {});
    if (!this.#status) {
      trySignal(child, "SIGTERM");
      if (!(await settlesWithin(child.status, this.#killTimeoutMs))) trySignal(child, "SIGKILL");
    }
    await child.status.catch(() => undefined);
    await this.#exited;
    unregisterTransport(this);
  }

  async #watchExit(child: Deno.ChildProcess): Promise<void> {
    const status = await child.status;
    this.#status = status;
    if (!(await settlesWithin(Promise.all(this.#readers), READER_GRACE_MS))) {
      await Promise.allSettled(this.#cancels.map((cancel) => cancel()));
      await Promise.allSettled(this.#readers);
    }
    this.onEvent({ kind: "closed", message: this.#closedMessage() });
  }

  async #readLines(
    stream: ReadableStream<Uint8Array>,
    onLine: (line: string) => void,
  ): Promise<void> {
    const reader = stream.getReader();
    this.#cancels.push(() => reader.cancel().catch(() => {}));
    const decoder = new TextDecoder();
    const splitter = new LineSplitter();
    const emit = (lines: string[]) => {
      for (const line of lines) if (line.trim() !== "") onLine(line);
    };
    try {
      while (true) {
        const { value, done } = await reader.read();
        if (done) break;
        emit(splitter.push(decoder.decode(value, { stream: true })));
      }
    } catch {
      // The pipe broke or was cancelled: whatever was buffered is still delivered below.
    } finally {
      reader.releaseLock();
    }
    emit(splitter.push(decoder.decode()));
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

function trySignal(child: Deno.ChildProcess, signal: Deno.Signal): void {
  try {
    child.kill(signal);
  } catch {
    // Already exited.
  }
}
