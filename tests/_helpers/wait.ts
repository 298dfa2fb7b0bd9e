/** @module Test helpers that wait for an event (a line a child prints, a file, a process state), never for a stretch of time. */

/**
 * How long a wait for an event may last before the test fails instead of hanging. It only bounds
 * a hang: a wait returns as soon as its event happens, so a busy machine never makes it fail.
 */
export const HANG_MS = 120_000;

/**
 * Wait until `check()` holds (polled every 25 ms: for events without a stream, such as a file
 * appearing or a process ending).
 * @throws Error naming `what` when it does not hold within `boundMs` (a hang)
 */
export async function waitUntil(
  check: () => boolean | Promise<boolean>,
  what: string,
  boundMs = HANG_MS,
): Promise<void> {
  const deadline = performance.now() + boundMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`${what}: not seen within ${boundMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * The text of a child's output stream, read in the background: `until()` waits for a pattern to
 * appear in it (a line the child prints when it reaches a point), `text` is everything so far.
 */
export class StreamText {
  #text = "";
  #ended = false;
  #waiters: Array<() => void> = [];
  readonly #done: Promise<void>;

  constructor(stream: ReadableStream<Uint8Array>) {
    this.#done = (async () => {
      try {
        for await (const chunk of stream.pipeThrough(new TextDecoderStream())) {
          this.#text += chunk;
          this.#wake();
        }
      } catch {
        // the stream was cancelled or the child died: what was read stays
      } finally {
        this.#ended = true;
        this.#wake();
      }
    })();
  }

  /** Everything read so far. */
  get text(): string {
    return this.#text;
  }

  /** Resolves once the stream has ended (the child closed it or exited). */
  ended(): Promise<void> {
    return this.#done;
  }

  /**
   * Wait until `pattern` matches the text read after `from` (a position in {@link text}, to wait
   * for the next occurrence of a line printed again); returns where the match ends.
   * @throws Error with the text so far when the stream ends first, or after `boundMs` (a hang)
   */
  async until(pattern: RegExp, from = 0, boundMs = HANG_MS): Promise<number> {
    const flags = pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`;
    const global = new RegExp(pattern.source, flags);
    const find = () => {
      global.lastIndex = from;
      const match = global.exec(this.#text);
      return match ? match.index + match[0].length : undefined;
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const hang = new Promise<"hang">((resolve) =>
      timer = setTimeout(() => resolve("hang"), boundMs)
    );
    try {
      while (true) {
        const end = find();
        if (end !== undefined) return end;
        if (this.#ended) throw new Error(`the stream ended before ${pattern}; got:\n${this.#text}`);
        const woke = await Promise.race([
          new Promise<"data">((resolve) => this.#waiters.push(() => resolve("data"))),
          hang,
        ]);
        if (woke === "hang") {
          throw new Error(`${pattern} not seen within ${boundMs} ms; got:\n${this.#text}`);
        }
      }
    } finally {
      clearTimeout(timer);
    }
  }

  #wake(): void {
    for (const wake of this.#waiters.splice(0)) wake();
  }
}
