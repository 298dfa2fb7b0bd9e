/** @module The argument check of one tool test against a recorded tool list: a name the server does not list (did you mean), args its inputSchema refuses (the `schema` matcher's validator). */

import { loadSchemaEngine, schema } from "../../1_matchers/schema.ts";
import { quickAccepts } from "../../1_matchers/quick_schema.ts";
import type { Matcher, MatcherSpec } from "../../1_matchers/types.ts";
import { didYouMean } from "../../0_base/util/suggest.ts";
import { escapeControls } from "../../0_base/util/escape.ts";
import type { TestCase } from "../../3_load/config/types.ts";
import type { ToolCatalog } from "./tool_catalog.ts";

/** One problem with a test's call: which key of the test it is about, and what it says. */
export interface ArgProblem {
  /** `tool`: the tool name; `args`: the arguments. */
  readonly at: "tool" | "args";
  readonly message: string;
}

/**
 * Whether a test is checked: a tool test whose call is decided at load. Not checked: a test whose
 * args use a `capture:` (known only at run time), and a test that expects an error (a wrong name
 * or bad args may be its point).
 */
export function isCheckable(test: TestCase): boolean {
  if (test.call.kind !== "tool") return false;
  if ((test.captureUses?.length ?? 0) > 0) return false;
  return test.expectError === undefined || test.expectError.kind === "none";
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

const quoted = (text: string) => JSON.stringify(text);

/**
 * What is wrong with a tool test's call according to `catalog`: its tool is not listed (with the
 * closest listed name), or its args do not validate against the tool's inputSchema (each failing
 * path and why, as the `schema` matcher says it). Empty when the call looks right, when the test
 * is not {@link isCheckable}, or when the tool has no usable inputSchema.
 */
export async function argProblems(test: TestCase, catalog: ToolCatalog): Promise<ArgProblem[]> {
  if (!isCheckable(test) || test.call.kind !== "tool") return [];
  const { tool: name, args } = test.call;
  const tool = catalog.tools.get(name);
  if (tool === undefined) {
    return [{
      at: "tool",
      message: escapeControls(
        `tool ${quoted(name)} of test ${quoted(test.name)} is not in the tools/list recorded ` +
          `in ${catalog.source}` +
          (didYouMean(name, catalog.tools.keys()) || expectedNames(catalog)),
      ),
    }];
  }
  const inputSchema = tool["inputSchema"];
  if (!isObject(inputSchema)) return [];
  // Args a plain schema accepts for certain need no compiled validator (nor ajv loaded).
  if (quickAccepts(inputSchema, args)) return [];
  await loadSchemaEngine(); // ajv is loaded only where a schema is compiled
  let outcome;
  try {
    outcome = await validatorOf(inputSchema, test).match(args, {
      suiteDir: ".",
      updateSnapshots: false,
    });
  } catch {
    return []; // A schema that does not compile checks nothing (the server's problem, not the test's).
  }
  if (outcome.pass) return [];
  return [{
    at: "args",
    message: escapeControls(
      `args of test ${quoted(test.name)} do not validate against the inputSchema of tool ` +
        `${quoted(name)} recorded in ${catalog.source}: ${outcome.message ?? "invalid"}; ` +
        `expected args that validate against it`,
    ),
  }];
}

/** Each recorded inputSchema compiled once, however many tests call its tool. */
const compiled = new WeakMap<Record<string, unknown>, Matcher>();

function validatorOf(inputSchema: Record<string, unknown>, test: TestCase): Matcher {
  let matcher = compiled.get(inputSchema);
  if (!matcher) {
    const spec: MatcherSpec = { name: "schema", arg: inputSchema, pos: test.pos };
    matcher = schema(inputSchema, spec, () => {
      throw new Error("no nested matcher");
    });
    compiled.set(inputSchema, matcher);
  }
  return matcher;
}

/** The most recorded tool names a warning lists. */
const SHOWN_NAMES = 8;

/** `; expected one of the recorded tools: "a", "b" (and N more)`, or that there are none. */
function expectedNames(catalog: ToolCatalog): string {
  const names = [...catalog.tools.keys()];
  if (names.length === 0) return "; the recorded tools/list is empty";
  const shown = names.slice(0, SHOWN_NAMES).map(quoted).join(", ");
  const more = names.length > SHOWN_NAMES ? ` (and ${names.length - SHOWN_NAMES} more)` : "";
  return `; expected one of the recorded tools: ${shown}${more}`;
}
