/**
 * @module What a js-yaml parse's aliases expand its document to, tallied from the parse's own
 * open and close events: the fast path takes an anchored document only when it is surely within
 * what the careful parser accepts (alias_expansion.ts counts the same nodes the same way).
 */

import { MAX_NESTING } from "../util/nesting.ts";
import { expansionLimit } from "./alias_limits.ts";

/** The nodes and nesting of a document, written and with every alias expanded, as it is parsed. */
export class AliasTally {
  /** For each node open: the expanded size and the deepest nesting of its children so far. */
  readonly #sums: number[] = [];
  readonly #depths: number[] = [];
  /** Each mapping and sequence closed: its expanded size and nesting (what an alias of it adds). */
  readonly #extents = new Map<object, { size: number; depth: number }>();
  #own = 0;
  #cycle = false;
  #total = 0;
  #depth = 0;

  /** A node opens. */
  open(): void {
    this.#sums.push(0);
    this.#depths.push(0);
  }

  /** The last node opened closes with `result`; `kind` null and an object: an alias of it. */
  close(kind: string | null, result: unknown): void {
    let size = 1 + this.#sums.pop()!;
    let depth = 1 + this.#depths.pop()!;
    const object = result !== null && typeof result === "object" ? result : undefined;
    if (kind === null && object) {
      const known = this.#extents.get(object);
      // An alias of a mapping or sequence not closed yet: the node that holds the alias.
      if (known === undefined) this.#cycle = true;
      else ({ size, depth } = known);
    } else {
      this.#own++;
      if (object) this.#extents.set(object, { size, depth });
    }
    const last = this.#sums.length - 1;
    if (last < 0) {
      this.#total = size;
      this.#depth = depth;
      return;
    }
    this.#sums[last]! += size;
    if (depth > this.#depths[last]!) this.#depths[last] = depth;
  }

  /**
   * Whether the document is surely one the careful parser accepts: no cycle, nesting short of the
   * limit, and at most half the nodes its aliases may expand it to (the two count a few nodes
   * differently: js-yaml reports an explicit key twice).
   */
  get tame(): boolean {
    return !this.#cycle && this.#depth <= MAX_NESTING - 2 &&
      this.#total <= expansionLimit(this.#own) / 2;
  }
}
