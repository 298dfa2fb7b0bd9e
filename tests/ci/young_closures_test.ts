/** @module No function literal is assigned straight to a property in mcptest's code: V8 allocates such a closure in its old generation, where it keeps everything its scope reaches alive through every young collection (docs/performance.md, memory). */

import assert from "node:assert/strict";
import { ROOT, sourceFiles } from "./_files.ts";

/** The end of a property reference: `.name`, `.#name`, or `]` of `a[key]`. */
const PROPERTY = String.raw`(?:\.\s*#?[\w$]+|\])`;
/** `=`, `??=`, `||=` or `&&=` (not `==`, `===` or `=>`). */
const ASSIGN = String.raw`\s*(?:\?\?|\|\||&&)?=(?![=>])\s*`;
/** A function literal, maybe parenthesised: `function`, `(a, b): T =>`, `x =>`, with `async`. */
const FUNCTION_LITERAL = String
  .raw`(?<open>[(\s]*)(?:async\s+)?(?:function\b|(?:\([^()]*(?:\([^()]*\)[^()]*)*\)|[\w$]+)\s*(?::[^=;{]+?)?=>)`;
const OLD_SPACE_CLOSURE = new RegExp(PROPERTY + ASSIGN + FUNCTION_LITERAL, "gd");

/**
 * The lines of `text` that assign a function literal straight to a property. V8's parser marks
 * such a literal to be allocated in the old generation (meant for methods set on a prototype);
 * made per request, each closure kept its request alive through the young collections, and so
 * its exchange and everything it reached, until the next full collection. Assigned through a
 * local (`const f = () => ...; x.f = f;`) it is an ordinary young closure.
 */
export function oldSpaceClosures(text: string): number[] {
  // Comments may show the pattern: blank them out, keeping the line count.
  const code = text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, (c) => c.replace(/[^\n]/g, " "));
  return [...code.matchAll(OLD_SPACE_CLOSURE)]
    .filter((m) => !typedBinding(code, m.index))
    .filter((m) => !calledAtOnce(code, m.indices!.groups!.open!))
    .map((m) => code.slice(0, m.index).split("\n").length);
}

/**
 * Whether the match at `at` is the type of a declared name, not a property: `const f: T.f = () =>`,
 * a class field `onFrame: T.F = () => {}` (the `.name` is the end of the type annotation).
 */
function typedBinding(code: string, at: number): boolean {
  const lineStart = code.lastIndexOf("\n", at) + 1;
  return TYPED_NAME.test(code.slice(lineStart, at));
}

/** The start of a line that declares a name with a type: modifiers, the name, `:`, the type. */
const TYPED_NAME =
  /^\s*(?:(?:export|declare|readonly|private|public|protected|static|const|let|var)\s+)*[#\w$]+\??\s*:/;

/**
 * Whether the literal after the parentheses that open at `open` is called where it stands
 * (`(async () => { ... })()`): the value assigned is then its result, not a closure.
 */
function calledAtOnce(code: string, [from, to]: [number, number]): boolean {
  const start = code.indexOf("(", from);
  if (start === -1 || start >= to) return false;
  let depth = 0;
  for (let i = start; i < code.length; i++) {
    if (code[i] === "(") depth++;
    else if (code[i] === ")" && --depth === 0) return /^\s*\(/.test(code.slice(i + 1, i + 20));
  }
  return false;
}

Deno.test("oldSpaceClosures: finds a function literal assigned to a property, in every form", () => {
  const bad = [
    "entry.onOverflow = (bytes) => giveUp(bytes);",
    "this.#wake = () => resolve();",
    'table["f"] = async () => 1;',
    "view.fence ??= function () {};",
    "entry.onNotification =\n  (notification: JsonRpcMessage): void => until(notification);",
    "a.b = ((x) => x);",
    "a.b ||= x => x + 1;",
    "items[i] = (x: { a: (y: number) => void }) => x;",
  ];
  for (const text of bad) assert.equal(oldSpaceClosures(text).length, 1, text);
  assert.deepEqual(oldSpaceClosures("const a = 1;\n\nthis.#f = () => 2;"), [3]);
});

Deno.test("oldSpaceClosures: leaves a closure assigned through a local, and non-assignments", () => {
  const good = [
    "const wake = () => resolve();\nthis.#wake = wake;",
    "a.b = ready ? () => 1 : undefined;",
    "onFrame: (frame: Frame) => void = () => {};",
    "const view = { fence: () => 1 };",
    "if (a.b === c) run(() => 1);",
    "a.b = make(() => 1);",
    "a.b == (x);",
    "this.#closing ??= (async () => {\n  await close();\n})();",
    'const discover: typeof import("./discovery.ts").discover = async (...args) => run(args);',
    "  readonly onEvent: Transport.OnEvent = (event) => this.handle(event);",
    "// entry.onOverflow = (bytes) => giveUp(bytes);",
    "/** this.#wake = () => resolve(); */",
  ];
  for (const text of good) assert.deepEqual(oldSpaceClosures(text), [], text);
});

Deno.test("mcptest's code assigns no function literal straight to a property", () => {
  const files = ["cli.ts", "mod.ts", ...sourceFiles("src"), ...sourceFiles("api")];
  const found = files.flatMap((path) =>
    oldSpaceClosures(Deno.readTextFileSync(`${ROOT}${path}`)).map((line) => `${path}:${line}`)
  );
  assert.deepEqual(found, [], "assign the function literal to a local first, then the local");
});
