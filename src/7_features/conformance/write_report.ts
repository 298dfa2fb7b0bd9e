/** @module Writes a conformance report to stdout or atomically to a file (the shared writer). */

export { writeOutput as writeReport } from "../../0_base/util/write_output.ts";
