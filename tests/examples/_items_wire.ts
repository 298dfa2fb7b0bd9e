/** @module Raw-wire helpers for the items example server tests: spawn it, speak JSON lines, POST, read SSE. */

import { HANG_MS } from "../_helpers/wait.ts";

/** The example server's entry point. */
export const SERVER = new URL("../../examples/servers/items_server.ts", import.meta.url).pathname;

/** The documented run line of the example server (`--no-prompt`: a missing permission fails fast). */
export const RUN_FLAGS = [
  "run",
  "--no-prompt",
  "--allow-net=127.0.0.1",
  "--allow-env",
  "--allow-read",
] as const;

/** How long a wait for a reply or an exit may take before a test fails: it only bounds a hang. */
const REPLY_TIMEOUT_MS = HANG_MS;

/** A decoded JSON object (JSON-RPC message, result, error). */
export type Json = Record<string, unknown>;

/** The object at `value`, or a failure naming `what`. */
export function obj(value: unknown, what = "value"): Json {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new Error(`${what} is not an object: ${JSON.stringify(value)}`);
  }
  return value as Json;
}

/** Reject after `ms` with `message`, unless `promise` settles first. */
export async function within<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Splits a text stream into lines, one `next()` at a time. */
export class LineReader {
  readonly #reader: ReadableStreamDefaultReader<string>;
  #buffer = "";

  constructor(stream: ReadableStream<Uint8Array>) {
    this.#reader = stream.pipeThrough(new TextDecoderStream()).getReader();
  }

  /** The next line without its newline, or undefined at the end of the stream. */
  async next(): Promise<string | undefined> {
    while (true) {
      const newline = this.#buffer.indexOf("\n");
      if (newline >= 0) {
        const line = this.#buffer.slice(0, newline);
        this.#buffer = this.#buffer.slice(newline + 1);
        return line;
      }
      const { value, done } = await this.#reader.read();
      if (done) {
        const rest = this.#buffer;
        this.#buffer = "";
        return rest === "" ? undefined : rest;
      }
      this.#buffer += value;
    }
  }

  /** Read and return everything that is left. */
  async rest(): Promise<string> {
    let text = this.#buffer;
    this.#buffer = "";
    while (true) {
      const { value, done } = await this.#reader.read();
      if (done) return text;
      text += value;
    }
  }

  async cancel(): Promise<void> {
    await this.#reader.cancel().catch(() => {});
  }
}

/** The example server over stdio, spoken to with raw JSON lines. */
export class StdioPeer {
  readonly #child: Deno.ChildProcess;
  readonly #writer: WritableStreamDefaultWriter<Uint8Array>;
  readonly #stdout: LineReader;
  readonly #stderr: Promise<string>;
  /** Every stdout line seen so far (the test checks they are all JSON-RPC). */
  readonly lines: string[] = [];
  #stdinOpen = true;

  constructor(args: readonly string[]) {
    this.#child = new Deno.Command(Deno.execPath(), {
      args: [...RUN_FLAGS, SERVER, ...args],
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
      env: { NO_COLOR: "1" },
    }).spawn();
    this.#writer = this.#child.stdin.getWriter();
    this.#stdout = new LineReader(this.#child.stdout);
    this.#stderr = new LineReader(this.#child.stderr).rest();
  }

  /** Write one message as one line. */
  async send(message: Json): Promise<void> {
    await this.#writer.write(new TextEncoder().encode(JSON.stringify(message) + "\n"));
  }

  /** Send a request and return the response with the same id (other lines are kept in `lines`). */
  async request(id: number | string, method: string, params?: Json): Promise<Json> {
    await this.send({ jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) });
    return await within(this.#responseTo(id), REPLY_TIMEOUT_MS, `no reply to ${method} (${id})`);
  }

  async #responseTo(id: number | string): Promise<Json> {
    while (true) {
      const line = await this.#stdout.next();
      if (line === undefined) throw new Error(`stdout ended before the reply to ${id}`);
      this.lines.push(line);
      const message = obj(JSON.parse(line), "stdout line");
      if (message.id === id && !("method" in message)) return message;
    }
  }

  /** Close stdin (the server should exit by itself); returns the exit status and stderr. */
  async closeStdin(): Promise<{ status: Deno.CommandStatus; stderr: string }> {
    if (this.#stdinOpen) {
      this.#stdinOpen = false;
      await this.#writer.close().catch(() => {});
    }
    const status = await within(this.#child.status, REPLY_TIMEOUT_MS, "server did not exit");
    for (
      let line = await this.#stdout.next();
      line !== undefined;
      line = await this.#stdout.next()
    ) {
      this.lines.push(line);
    }
    return { status, stderr: await this.#stderr };
  }

  /** Send `signal` and wait for the exit; stdin stays open. */
  async signal(signal: Deno.Signal): Promise<Deno.CommandStatus> {
    this.#child.kill(signal);
    return await within(this.#child.status, REPLY_TIMEOUT_MS, "server did not exit");
  }

  /** Always-safe cleanup: close stdin, kill if still running, drain the pipes. */
  async dispose(): Promise<void> {
    if (this.#stdinOpen) {
      this.#stdinOpen = false;
      await this.#writer.close().catch(() => {});
    }
    const exited = await within(this.#child.status, 5_000, "slow exit").then(
      () => true,
      () => false,
    );
    if (!exited) {
      try {
        this.#child.kill("SIGKILL");
      } catch { /* already gone */ }
      await this.#child.status;
    }
    await this.#stdout.cancel();
    await this.#stderr;
  }
}

/** The example server over HTTP on an ephemeral port (read from its stderr). */
export class HttpServerProcess {
  readonly #child: Deno.ChildProcess;
  readonly #stderr: LineReader;
  readonly #stdout: Promise<string>;
  #base = "";

  private constructor(args: readonly string[]) {
    this.#child = new Deno.Command(Deno.execPath(), {
      args: [...RUN_FLAGS, SERVER, "--http", "--port", "0", ...args],
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
      env: { NO_COLOR: "1" },
    }).spawn();
    this.#stderr = new LineReader(this.#child.stderr);
    this.#stdout = new LineReader(this.#child.stdout).rest();
  }

  /** Start the server and wait for its `listening on` line. */
  static async start(args: readonly string[] = []): Promise<HttpServerProcess> {
    const server = new HttpServerProcess(args);
    try {
      await within(server.#ready(), REPLY_TIMEOUT_MS, "no `listening on` line on stderr");
    } catch (error) {
      await server.stop();
      throw error;
    }
    return server;
  }

  async #ready(): Promise<void> {
    while (true) {
      const line = await this.#stderr.next();
      if (line === undefined) throw new Error("stderr ended before the server listened");
      const match = /^listening on (http:\/\/127\.0\.0\.1:(\d+)\/mcp)$/.exec(line);
      if (match?.[1]) {
        this.#base = match[1].replace(/\/mcp$/, "");
        return;
      }
    }
  }

  /** `http://127.0.0.1:<port>` */
  get base(): string {
    return this.#base;
  }

  /** The Streamable HTTP endpoint, with an optional query. */
  mcp(query = ""): string {
    return `${this.#base}/mcp${query}`;
  }

  /** SIGTERM, then wait for the exit (SIGKILL only if it hangs: tests read the exit code). */
  async stop(): Promise<Deno.CommandStatus> {
    try {
      this.#child.kill("SIGTERM");
    } catch { /* already gone */ }
    const status = await within(this.#child.status, REPLY_TIMEOUT_MS, "slow exit").catch(() => {
      try {
        this.#child.kill("SIGKILL");
      } catch { /* already gone */ }
      return this.#child.status;
    });
    await this.#stderr.rest();
    await this.#stdout;
    return status;
  }
}

/** One HTTP exchange, body read completely. */
export interface HttpReply {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

/** POST `body` (a string is sent as is) with `headers`; the body is always consumed. */
export async function post(
  url: string,
  body: unknown,
  headers: HeadersInit = {},
): Promise<HttpReply> {
  const response = await fetch(url, {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** The JSON-RPC messages in a reply body: JSON, or the `data:` lines of an SSE body. */
export function messagesOf(reply: HttpReply): Json[] {
  const type = reply.headers.get("content-type") ?? "";
  if (type.includes("text/event-stream")) {
    return parseSse(reply.text).filter((event) => event.data !== "").map((event) =>
      obj(JSON.parse(event.data), "SSE data")
    );
  }
  return reply.text === "" ? [] : [obj(JSON.parse(reply.text), "body")];
}

/** One server-sent event. */
export interface SseEvent {
  readonly event: string;
  readonly data: string;
}

/** Parse complete SSE events from text (event name defaults to "message"). */
export function parseSse(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  for (const block of text.split(/\r?\n\r?\n/)) {
    let event: string | undefined;
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith("event:")) event = line.slice(6).trim();
      else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
    }
    // Blocks with neither field are comments (keep-alives) or priming events.
    if (event !== undefined || data.length > 0) {
      events.push({ event: event ?? "message", data: data.join("\n") });
    }
  }
  return events;
}

/** Reads events off a live SSE response one at a time. */
export class SseReader {
  readonly #reader: ReadableStreamDefaultReader<string>;
  #buffer = "";

  constructor(body: ReadableStream<Uint8Array>) {
    this.#reader = body.pipeThrough(new TextDecoderStream()).getReader();
  }

  /** The next complete event (comments and keep-alives skipped). */
  async next(): Promise<SseEvent> {
    while (true) {
      const end = this.#buffer.search(/\r?\n\r?\n/);
      if (end >= 0) {
        const block = this.#buffer.slice(0, end);
        this.#buffer = this.#buffer.slice(end).replace(/^\r?\n\r?\n/, "");
        const [event] = parseSse(block + "\n\n");
        if (event) return event;
        continue;
      }
      const { value, done } = await within(this.#reader.read(), REPLY_TIMEOUT_MS, "no SSE event");
      if (done) throw new Error("SSE stream ended");
      this.#buffer += value;
    }
  }

  async cancel(): Promise<void> {
    await this.#reader.cancel().catch(() => {});
  }
}
