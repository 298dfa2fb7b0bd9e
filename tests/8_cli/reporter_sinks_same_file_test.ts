/** @module Two reporters pointed at one file spelt differently (`a.json`, `./a.json`, a symlink) are a usage error (#23), in-process. */

import assert from "node:assert/strict";
import { parseReporterSinks } from "../../src/8_cli/reporter_sinks.ts";
import { UsageError } from "../../src/0_base/errors/errors.ts";
import { fileIdentity } from "../../src/0_base/util/file_identity.ts";

Deno.test("parseReporterSinks() refuses one file named twice, however it is spelt", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/a.json`, "");
    await Deno.symlink(`${dir}/a.json`, `${dir}/link.json`);
    await Deno.mkdir(`${dir}/sub`);
    const same = [
      [`json:${dir}/a.json`, `junit:${dir}/./a.json`],
      [`json:${dir}/a.json`, `junit:${dir}/sub/../a.json`],
      [`json:${dir}/a.json`, `junit:${dir}/link.json`],
      [`json:${dir}/new.json`, `junit:${dir}/sub/../new.json`], // not there yet
    ];
    for (const values of same) {
      assert.throws(
        () => parseReporterSinks(values, undefined),
        (e: unknown) => e instanceof UsageError && /^two reporters write to /.test(e.message),
        values.join(" "),
      );
    }
    const apart = parseReporterSinks([`json:${dir}/a.json`, `junit:${dir}/b.xml`], undefined);
    assert.equal(apart.length, 2);
    assert.equal(fileIdentity(`${dir}/link.json`), fileIdentity(`${dir}/a.json`));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
