/** @module compareSurfaces(): every change between two surfaces, each judged breaking or not (docs/diff.md). */

import { canonicalJson } from "../../0_base/util/canonical_json.ts";
import { compareSchemas } from "./schema_compare.ts";
import {
  CATEGORIES,
  type Category,
  type Change,
  type DiffResult,
  type Item,
  type Surface,
} from "./types.ts";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** Item fields that only describe: a change is reported, never breaking. */
const DESCRIPTIVE = ["title", "description", "annotations", "icons", "_meta", "name"];

/**
 * Compare `before` (OLD) with `after` (NEW). Breaking: a removed item, a tool's input schema
 * narrowed (new required property, type set shrunk, number to integer, enum values removed...),
 * a tool's output schema removed or widened, a prompt argument removed or newly required, a
 * resource's mimeType changed. Not breaking: additions and description changes. A category one
 * side does not list is skipped, with the reason.
 */
export function compareSurfaces(before: Surface, after: Surface): DiffResult {
  const changes: Change[] = [];
  const skipped: DiffResult["skipped"][number][] = [];
  for (const category of CATEGORIES) {
    const a = before.listings[category];
    const b = after.listings[category];
    if (!a.known || !b.known) {
      const reason = [!a.known ? `OLD: ${a.reason}` : "", !b.known ? `NEW: ${b.reason}` : ""]
        .filter((r) => r !== "").join("; ");
      skipped.push({ category, reason });
      continue;
    }
    const names = [...new Set([...a.items.keys(), ...b.items.keys()])].sort();
    for (const name of names) {
      const x = a.items.get(name);
      const y = b.items.get(name);
      const change = (path: string, rule: string, breaking: boolean, message: string) =>
        changes.push({ category, item: name, path, rule, breaking, message });
      if (x && !y) change("", "removed", true, `${noun(category)} removed`);
      else if (!x && y) change("", "added", false, `${noun(category)} added`);
      else if (x && y) compareItem(category, x, y, change);
    }
  }
  return { old: before.label, new: after.label, changes, skipped };
}

type Report = (path: string, rule: string, breaking: boolean, message: string) => void;

function compareItem(category: Category, a: Item, b: Item, change: Report): void {
  for (const field of DESCRIPTIVE) {
    if (canonicalJson(a[field]) !== canonicalJson(b[field])) {
      change(field, `${field.replace(/^_/, "")}_changed`, false, `${field} changed`);
    }
  }
  if (category === "tool") return compareTool(a, b, change);
  if (category === "prompt") return comparePrompt(a, b, change);
  if (canonicalJson(a["mimeType"]) !== canonicalJson(b["mimeType"])) {
    change(
      "mimeType",
      "mime_type_changed",
      true,
      `mimeType changed: ${JSON.stringify(a["mimeType"] ?? null)} -> ${
        JSON.stringify(b["mimeType"] ?? null)
      } (clients decode the content by it)`,
    );
  }
}

function compareTool(a: Item, b: Item, change: Report): void {
  for (const f of compareSchemas(a["inputSchema"], b["inputSchema"], "inputSchema", "input")) {
    change(f.path, f.rule, f.breaking, f.message);
  }
  const x = a["outputSchema"];
  const y = b["outputSchema"];
  if (x !== undefined && y === undefined) {
    change(
      "outputSchema",
      "output_schema_removed",
      true,
      "outputSchema removed (structuredContent no longer promised)",
    );
  } else if (x === undefined && y !== undefined) {
    change("outputSchema", "output_schema_added", false, "outputSchema added");
  } else if (x !== undefined && y !== undefined) {
    for (const f of compareSchemas(x, y, "outputSchema", "output")) {
      change(f.path, f.rule, f.breaking, f.message);
    }
  }
}

function argumentsOf(prompt: Item): Map<string, Obj> {
  const args = Array.isArray(prompt["arguments"]) ? prompt["arguments"] : [];
  return new Map(
    args.filter((arg): arg is Obj => isObj(arg) && typeof arg["name"] === "string")
      .map((arg) => [arg["name"] as string, arg]),
  );
}

function comparePrompt(a: Item, b: Item, change: Report): void {
  const before = argumentsOf(a);
  const after = argumentsOf(b);
  for (const name of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    const x = before.get(name);
    const y = after.get(name);
    const path = `arguments.${name}`;
    if (x && !y) {
      change(path, "argument_removed", true, `argument "${name}" removed`);
    } else if (!x && y) {
      if (y["required"] === true) {
        change(path, "required_added", true, `new required argument "${name}"`);
      } else change(path, "argument_added", false, `new optional argument "${name}"`);
    } else if (x && y) {
      if (x["required"] !== true && y["required"] === true) {
        change(path, "required_added", true, `argument "${name}" is now required`);
      } else if (x["required"] === true && y["required"] !== true) {
        change(path, "required_removed", false, `argument "${name}" is no longer required`);
      }
      for (const field of ["description", "title"]) {
        if (canonicalJson(x[field]) !== canonicalJson(y[field])) {
          change(`${path}.${field}`, `${field}_changed`, false, `${field} changed`);
        }
      }
    }
  }
}

function noun(category: Category): string {
  return category === "resource_template" ? "resource template" : category;
}

/** How many changes are breaking. */
export function breakingCount(result: DiffResult): number {
  return result.changes.filter((c) => c.breaking).length;
}
