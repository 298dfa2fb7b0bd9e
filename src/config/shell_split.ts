/** @module Deprecated home of shellSplit(): re-exports src/util/shell_split.ts (import from there). */

export { shellSplit, ShellSplitError } from "../util/shell_split.ts";
