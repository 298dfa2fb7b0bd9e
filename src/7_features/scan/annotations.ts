/** @module SCAN-010: tool annotations that contradict the tool's name (a delete_* tool marked read-only). */

import { findingAt } from "./_finding.ts";
import { visible } from "./evidence.ts";
import type { Finding, SurfaceItem } from "./types.ts";

const DESTRUCTIVE = new Set([
  "delete",
  "remove",
  "drop",
  "destroy",
  "purge",
  "wipe",
  "erase",
  "truncate",
  "kill",
  "terminate",
  "uninstall",
  "revoke",
  "reset",
  "overwrite",
  "rm",
  "del",
  "unlink",
  "shred",
  "nuke",
  "rmdir",
]);

const WRITES = new Set([
  "write",
  "create",
  "update",
  "set",
  "put",
  "send",
  "upload",
  "insert",

  "modify",
  "move",
  "rename",
  "patch",
  "push",
  "commit",
  "deploy",
  "publish",
  "save",
  "install",
  "append",
  "transfer",
  "pay",
  "buy",
  "submit",
  "approve",
]);

/** The words of a tool name: split at separators and at lower-to-upper case changes, lower-cased. */
export function nameWords(name: string): string[] {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").split(/[\s_\-./:]+/)
    .filter((w) => w !== "").map((w) => w.toLowerCase());
}

/** SCAN-010 findings of one tool (none for prompts, resources, templates). */
export function annotationContradictions(server: string, item: SurfaceItem): Finding[] {
  if (item.kind !== "tool") return [];
  const annotations = item.value["annotations"];
  if (annotations === null || typeof annotations !== "object") return [];
  const hints = annotations as Record<string, unknown>;
  const words = nameWords(item.key);
  // The verb of a name is its first word (delete_file) or its last (file_delete).
  const verbs = [words[0], words.at(-1)].filter((w): w is string => w !== undefined);
  const destructive = verbs.find((w) => DESTRUCTIVE.has(w));
  const writes = verbs.find((w) => WRITES.has(w));
  const at = (path: string, severity: "high" | "medium", message: string) =>
    findingAt(server, item, path, "SCAN-010", severity, message, `${visible(item.key)}: ${path}`);
  if (destructive && hints["readOnlyHint"] === true) {
    return [
      at(
        "annotations.readOnlyHint",
        "high",
        `the name says "${destructive}" but the tool is marked read-only`,
      ),
    ];
  }
  if (destructive && hints["destructiveHint"] === false) {
    return [
      at(
        "annotations.destructiveHint",
        "medium",
        `the name says "${destructive}" but the tool is marked not destructive`,
      ),
    ];
  }
  if (writes && hints["readOnlyHint"] === true) {
    return [
      at(
        "annotations.readOnlyHint",
        "medium",
        `the name says "${writes}" but the tool is marked read-only`,
      ),
    ];
  }
  return [];
}
