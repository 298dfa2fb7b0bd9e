/** @module The time limits of a session's requests on one timer: a request arms none of its own, so 10,000 requests make no 10,000 timers. */

/** A request's time limit: when it passes, and what then happens. */
interface Deadline {
  readonly at: number;
  readonly expire: () => void;
}

/**
 * The time limits of the requests in flight on one session, kept on a single timer set for the
 * earliest of them. Settling a request only forgets its limit: the timer is not cleared and set
 * again for each request (most requests of a run are answered long before any limit). When the
 * timer fires it expires every limit that has passed and is set again for the earliest left;
 * {@link close} clears it, so a closed session holds no timer.
 */
export class Deadlines {
  readonly #waiting = new Map<object, Deadline>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** When the timer is set to fire (`performance.now()` time), Infinity when it is not set. */
  #firesAt = Infinity;
  #closed = false;

  /** Call `expire` once `ms` milliseconds have passed, unless {@link forget} is called for `key` first. */
  add(key: object, ms: number, expire: () => void): void {
    if (this.#closed) return;
    const at = performance.now() + ms;
    this.#waiting.set(key, { at, expire });
    if (at < this.#firesAt) this.#set(at);
  }

  /** Forget the time limit of `key` (its request settled). */
  forget(key: object): void {
    this.#waiting.delete(key);
  }

  /** Forget every limit and clear the timer; later {@link add} calls are ignored. */
  close(): void {
    this.#closed = true;
    this.#waiting.clear();
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#firesAt = Infinity;
  }

  #set(at: number): void {
    clearTimeout(this.#timer);
    this.#firesAt = at;
    this.#timer = setTimeout(() => this.#fire(), Math.max(0, Math.ceil(at - performance.now())));
  }

  #fire(): void {
    this.#timer = undefined;
    this.#firesAt = Infinity;
    const now = performance.now();
    let next = Infinity;
    const passed: [object, Deadline][] = [];
    for (const entry of this.#waiting) {
      if (entry[1].at <= now) passed.push(entry);
      else if (entry[1].at < next) next = entry[1].at;
    }
    // A timer that fires late (a busy machine) finds several passed: the earliest expires first,
    // and one forgotten meanwhile (settled by an earlier expiry, or the session closed) does not.
    passed.sort((a, b) => a[1].at - b[1].at);
    for (const [key, deadline] of passed) {
      if (this.#waiting.get(key) !== deadline) continue;
      this.#waiting.delete(key);
      deadline.expire();
    }
    // An expire may have added a limit (and set the timer): keep the earliest.
    if (!this.#closed && next < this.#firesAt) this.#set(next);
  }
}
