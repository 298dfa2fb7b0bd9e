/** @module Writes a conformance report to stdout or atomically to a file (the shared writer). */

export { writeOutput as writeReport } from "../util/write_output.ts";
