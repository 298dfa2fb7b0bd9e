/** @module ajv's standalone code `require`s two runtime helpers; the generators inline plain equivalents (the input is plain JSON), so the generated modules import nothing. */

const UCS2_REQUIRE = 'require("ajv/dist/runtime/ucs2length").default';
/**
 * The length in code points, as ajv's ucs2length counts it (a surrogate pair is one), without the
 * string iterator a `for...of` allocates per call (a suite load checks thousands of lengths).
 */
const UCS2_INLINE =
  "((s) => { let n = s.length; for (let i = 0; i < s.length - 1; i++) { const c = s.charCodeAt(i); if (c >= 0xd800 && c <= 0xdbff) { const d = s.charCodeAt(i + 1); if (d >= 0xdc00 && d <= 0xdfff) { n--; i++; } } } return n; })";
/** `uniqueItems` and `const` need ajv's deep equality (fast-deep-equal on plain JSON). */
const EQUAL_REQUIRE = 'require("ajv/dist/runtime/equal").default';
const EQUAL_INLINE =
  "((a, b) => { const eq = (x, y) => { if (x === y) return true; if (!x || !y || typeof x !== 'object' || typeof y !== 'object' || Array.isArray(x) !== Array.isArray(y)) return false; const kx = Object.keys(x), ky = Object.keys(y); return kx.length === ky.length && kx.every((k) => Object.prototype.hasOwnProperty.call(y, k) && eq(x[k], y[k])); }; return eq(a, b); })";

/** Standalone code with ajv's two runtime helpers inlined (what is left `require`s something else). */
export function inlineRuntime(code: string): string {
  return code.replaceAll(UCS2_REQUIRE, UCS2_INLINE).replaceAll(EQUAL_REQUIRE, EQUAL_INLINE);
}

/** The inlined code-point counter, for tests to hold against ajv's own. */
export const UCS2_LENGTH_SOURCE = UCS2_INLINE;
