/** @module Test helper: count the elements a parser reads and copies through the built-ins it uses, so a linear-time claim is checked without a clock. */

type Method = (this: unknown, ...args: unknown[]) => unknown;

/** A built-in method to count, and how much work one call of it is. */
interface Counted {
  readonly owner: object;
  readonly name: string;
  readonly cost: (self: unknown, args: readonly unknown[], result: unknown) => number;
}

/** Elements in an array, string or typed array (0 for anything else). */
const size = (x: unknown): number =>
  typeof x === "string" ? x.length : ArrayBuffer.isView(x) ? x.byteLength : 0;

/** From where a search starts to where it stopped (the end when nothing was found). */
const scanned = (self: unknown, args: readonly unknown[], found: unknown): number => {
  const from = Math.max(0, Number(args[1] ?? 0) || 0);
  return (found === -1 ? size(self) : Number(found) + 1) - from;
};

const COUNTED: readonly Counted[] = [
  { owner: Uint8Array.prototype, name: "slice", cost: (_s, _a, r) => size(r) },
  {
    owner: Uint8Array.prototype,
    name: "set",
    cost: (_s, a) => ArrayBuffer.isView(a[0]) ? size(a[0]) : (a[0] as ArrayLike<unknown>).length,
  },
  { owner: Uint8Array.prototype, name: "indexOf", cost: scanned },
  { owner: TextDecoder.prototype, name: "decode", cost: (_s, a) => size(a[0]) },
  { owner: String.prototype, name: "charCodeAt", cost: () => 1 },
  { owner: String.prototype, name: "slice", cost: (_s, _a, r) => size(r) },
  { owner: String.prototype, name: "indexOf", cost: scanned },
  { owner: String.prototype, name: "startsWith", cost: (_s, a) => size(a[0]) },
  { owner: Array.prototype, name: "join", cost: (_s, _a, r) => size(r) },
];

/**
 * Run `work` and count the elements (bytes or UTF-16 units) read or copied through the byte and
 * string built-ins a parser uses (`slice`, `set`, `indexOf`, `decode`, `charCodeAt`, `join`...).
 * A parser that rescans or recopies what it buffered does quadratic work and shows it here,
 * however fast or busy the machine.
 */
export function countWork(work: () => void): number {
  let total = 0;
  const originals = COUNTED.map(({ owner, name }) => (owner as Record<string, Method>)[name]!);
  COUNTED.forEach(({ owner, name, cost }, i) => {
    const original = originals[i]!;
    (owner as Record<string, Method>)[name] = function (this: unknown, ...args: unknown[]) {
      const result = original.apply(this, args);
      total += cost(this, args, result);
      return result;
    };
  });
  try {
    work();
  } finally {
    COUNTED.forEach(({ owner, name }, i) => {
      (owner as Record<string, Method>)[name] = originals[i]!;
    });
  }
  return total;
}
