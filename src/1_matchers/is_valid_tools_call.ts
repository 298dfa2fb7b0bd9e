/** @module `is-valid-tools-call`: the captured value is a well-formed MCP `tools/call` result. */

import { badArg, type MatcherFactory } from "./_factory.ts";
import { isObject, render } from "./_values.ts";

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Check one content block; returns the problem or undefined. */
function contentProblem(block: unknown, at: string): string | undefined {
  if (!isObject(block)) return `${at} is not an object`;
  const need = (key: string) =>
    typeof block[key] === "string" ? undefined : `${at}.${key} must be a string`;
  switch (block.type) {
    case "text":
      return need("text");
    case "image":
    case "audio": {
      const problem = need("data") ?? need("mimeType");
      if (problem) return problem;
      return BASE64.test(block.data as string) ? undefined : `${at}.data is not base64`;
    }
    case "resource_link":
      return need("uri") ?? need("name");
    case "resource": {
      const resource = block.resource;
      if (!isObject(resource) || typeof resource.uri !== "string") {
        return `${at}.resource must be an object with a uri`;
      }
      return typeof resource.text === "string" || typeof resource.blob === "string"
        ? undefined
        : `${at}.resource needs text or blob`;
    }
    default:
      return `${at}.type ${
        render(block.type)
      } is not a content type (text, image, audio, resource_link, resource)`;
  }
}

/** Every problem of a candidate tools/call result. */
export function toolsCallProblems(value: unknown, allowError: boolean): string[] {
  if (!isObject(value)) return ["not an object"];
  const problems: string[] = [];
  if (!Array.isArray(value.content)) problems.push("content must be an array");
  else {
    value.content.forEach((block, i) => {
      const problem = contentProblem(block, `content[${i}]`);
      if (problem) problems.push(problem);
    });
  }
  if ("isError" in value && typeof value.isError !== "boolean") {
    problems.push("isError must be a boolean");
  }
  if (!allowError && value.isError === true) problems.push("isError is true (a tool error result)");
  if ("structuredContent" in value && !isObject(value.structuredContent)) {
    problems.push("structuredContent must be an object");
  }
  return problems;
}

/** `is-valid-tools-call: true` (not an error result) or `{ allow_error: true }`. */
export const isValidToolsCall: MatcherFactory = (arg, spec) => {
  const allowError = isObject(arg) && arg.allow_error === true;
  const ok = arg === true || (isObject(arg) && Object.keys(arg).every((k) => k === "allow_error") &&
    typeof arg.allow_error === "boolean");
  if (!ok) throw badArg(spec, `got ${render(arg)}, expected true or { allow_error: <boolean> }`);
  const expected = allowError
    ? "a well-formed tools/call result"
    : "a successful, well-formed tools/call result";
  return {
    name: "is-valid-tools-call",
    expected,
    match: (actual) => {
      const problems = toolsCallProblems(actual, allowError);
      return {
        pass: problems.length === 0,
        expected,
        actual: render(actual),
        ...(problems.length > 0 ? { message: problems.join("; ") } : {}),
      };
    },
  };
};
