/** @module Writes a conformance report to stdout or atomically to a file (temp file + rename). */

// Mirrors src/report/write_output.ts, which does not type-check under Deno 2.9 yet (Deno.Writer).

import { dirname, join } from "node:path";

/** Write `text` to stdout (undefined or `-`) or atomically to `path`. */
export async function writeReport(path: string | undefined, text: string): Promise<void> {
  if (path === undefined || path === "-") {
    const bytes = new TextEncoder().encode(text);
    let written = 0;
    while (written < bytes.length) written += await Deno.stdout.write(bytes.subarray(written));
    return;
  }
  const dir = dirname(path);
  await Deno.mkdir(dir, { recursive: true });
  const temp = join(dir, `.${crypto.randomUUID()}.tmp`);
  try {
    await Deno.writeTextFile(temp, text);
    await Deno.rename(temp, path);
  } catch (error) {
    await Deno.remove(temp).catch(() => {});
    throw error;
  }
}
