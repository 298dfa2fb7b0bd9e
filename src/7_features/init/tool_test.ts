/**
 * @module The starter test of one tool: placeholder `args` from its input schema, a check from its
 * output schema, `task: true` when the tool requires task augmentation, and `skip:` (with the
 * reason) when it says it reaches the open world at a URL init cannot know works offline.
 */

import { objectExample } from "../../0_base/util/schema_example.ts";
import { hasSpecialKey, nameSafe, withoutSpecialKeys } from "./safe_yaml.ts";
import type { Advertised } from "./surface.ts";

/** The `skip:` reason of a tool that needs the outside world (see {@link needsOutsideWorld}). */
export const OPEN_WORLD_SKIP =
  "the tool says it reaches the outside world (openWorldHint) at a URL it takes: set one your CI can reach, then remove skip:";

/** The URL-like formats of a string property (`format: uri`). */
const URL_FORMATS = new Set(["uri", "url", "iri", "uri-reference", "iri-reference"]);

/** `execution.taskSupport` of a tool (`required`, `optional`, `forbidden`), when it says one. */
export function taskSupportOf(tool: Advertised): string | undefined {
  const execution = tool.execution;
  if (execution === null || typeof execution !== "object") return undefined;
  const support = (execution as Record<string, unknown>).taskSupport;
  return typeof support === "string" ? support : undefined;
}

/**
 * Whether a tool needs the outside world to answer: it says so (`annotations.openWorldHint`
 * true, not just by default) and one of its input properties is a URL (a string of a URL format,
 * or one whose default is an http(s) URL). Its placeholder or default URL is not one a CI run can
 * count on reaching, so init writes its test with `skip:`. A tool that reaches out only through
 * the client (sampling) takes no URL and is tested.
 */
export function needsOutsideWorld(tool: Advertised): boolean {
  const annotations = tool.annotations as Record<string, unknown> | null | undefined;
  if (annotations === null || typeof annotations !== "object") return false;
  if (annotations.openWorldHint !== true) return false;
  const schema = tool.inputSchema as Record<string, unknown> | null | undefined;
  const properties = schema?.properties;
  if (properties === null || typeof properties !== "object") return false;
  return Object.values(properties as Record<string, unknown>).some((property) => {
    if (property === null || typeof property !== "object") return false;
    const p = property as Record<string, unknown>;
    if (typeof p.format === "string" && URL_FORMATS.has(p.format)) return true;
    return typeof p.default === "string" && /^https?:\/\//i.test(p.default);
  });
}

/**
 * The test of one tool: args from the input schema; the check `schema:` on
 * `result.structuredContent` from the output schema, or `exists` on `result.content` without
 * one. A tool whose `execution.taskSupport` is `required` is called task-augmented (`task: true`)
 * and must complete (`task.status`); one that needs the outside world is written with `skip:`.
 */
export function toolTest(name: string, tool: Advertised): Record<string, unknown> {
  // A key the loader reads specially (`x_Env` would read a secret, `<<` merge) is never written:
  // such an argument is left out (the args are placeholders), such an output schema not used.
  const args = withoutSpecialKeys(objectExample(tool.inputSchema));
  const schema = tool.outputSchema;
  const check = schema !== null && typeof schema === "object" && !hasSpecialKey(schema)
    ? { target: "result.structuredContent", matcher: { schema } }
    : { target: "result.content", matcher: { exists: true } };
  const task = taskSupportOf(tool) === "required";
  return {
    name: `${nameSafe(String(tool.name))} answers`,
    server: name,
    tool: tool.name,
    ...(needsOutsideWorld(tool) ? { skip: OPEN_WORLD_SKIP } : {}),
    args,
    ...(task ? { task: true } : {}),
    expect: [
      ...(task ? [{ target: "task.status", matcher: { exact: "completed" } }] : []),
      check,
    ],
  };
}
