/** @module writeOutput(): regular files atomically, devices / FIFOs / symlinks written in place, failures name the real path. */

import assert from "node:assert/strict";
import { UsageError } from "../../../src/0_base/errors/errors.ts";
import { writeFileAtomic, writeOutput } from "../../../src/0_base/util/write_output.ts";
import { mcptest, ROOT } from "../../_helpers/cli.ts";

async function withDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir();
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("writeOutput() writes a regular file atomically and creates missing folders", async () => {
  await withDir(async (dir) => {
    const path = `${dir}/a/b/out.txt`;
    await writeOutput(path, "one\n");
    assert.equal(await Deno.readTextFile(path), "one\n");
    const before = (await Deno.stat(path)).ino;
    await writeOutput(path, "two\n");
    assert.equal(await Deno.readTextFile(path), "two\n");
    // Replaced through a rename: a new inode, and no temp file left behind.
    assert.notEqual((await Deno.stat(path)).ino, before);
    const names = [...Deno.readDirSync(`${dir}/a/b`)].map((e) => e.name);
    assert.deepEqual(names, ["out.txt"]);
  });
});

Deno.test("writeOutput() writes into a FIFO without replacing it", async () => {
  await withDir(async (dir) => {
    const fifo = `${dir}/pipe`;
    const made = await new Deno.Command("mkfifo", { args: [fifo] }).output();
    assert.equal(made.code, 0);
    const reader = new Deno.Command("cat", { args: [fifo], stdout: "piped" }).spawn();
    try {
      await writeOutput(fifo, "through the pipe\n");
      assert.equal((await Deno.lstat(fifo)).isFifo, true, "still a FIFO");
    } catch (error) {
      reader.kill(); // the FIFO was replaced: nobody will ever write to cat's end
      await reader.output();
      throw error;
    }
    const out = await reader.output();
    assert.equal(new TextDecoder().decode(out.stdout), "through the pipe\n");
  });
});

Deno.test("writeOutput() writes into /dev/null, and through a symlink to it, leaving both in place", async () => {
  await writeOutput("/dev/null", "discarded\n");
  assert.equal((await Deno.lstat("/dev/null")).isCharDevice, true);
  await withDir(async (dir) => {
    const link = `${dir}/sink`;
    await Deno.symlink("/dev/null", link);
    await writeOutput(link, "discarded\n");
    assert.equal((await Deno.lstat(link)).isSymlink, true, "the link is not replaced");
    assert.equal(await Deno.readLink(link), "/dev/null");
    assert.equal((await Deno.lstat("/dev/null")).isCharDevice, true);
  });
});

Deno.test("writeOutput() through a symlink to a regular file replaces the target and keeps the link", async () => {
  await withDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/real.txt`, "old\n");
    await Deno.symlink(`${dir}/real.txt`, `${dir}/link.txt`);
    await writeOutput(`${dir}/link.txt`, "new\n");
    assert.equal((await Deno.lstat(`${dir}/link.txt`)).isSymlink, true);
    assert.equal(await Deno.readTextFile(`${dir}/real.txt`), "new\n");
  });
});

Deno.test("writeFileAtomic() failures are usage errors naming the real path", async (t) => {
  await withDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/file`, "x");
    await t.step("a folder under a file", async () => {
      const error = await writeFileAtomic(`${dir}/file/sub/out.txt`, "x").catch((e) => e);
      assert.ok(error instanceof UsageError, String(error));
      assert.equal(error.exitCode, 2);
      assert.match(error.message, new RegExp(`^cannot write "${dir}/file/sub/out.txt": `));
    });
    await t.step("a folder", async () => {
      await Deno.mkdir(`${dir}/folder`);
      await Deno.symlink(`${dir}/folder`, `${dir}/to-folder`);
      const error = await writeFileAtomic(`${dir}/to-folder`, "x").catch((e) => e);
      assert.ok(error instanceof UsageError, String(error));
      assert.match(error.message, new RegExp(`^cannot write "${dir}/folder": is a folder`));
    });
  });
});

Deno.test("mcptest report --output /dev/null keeps the device; an unwritable output exits 2 naming it", async () => {
  const record = `${ROOT}tests/fixtures/report/pass.json`;
  const ok = await mcptest(["report", record, "--output", "/dev/null"]);
  assert.equal(ok.code, 0, ok.stderr);
  assert.equal((await Deno.lstat("/dev/null")).isCharDevice, true);
  await withDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/file`, "x");
    const bad = await mcptest(["report", record, "--output", `${dir}/file/out.txt`]);
    assert.equal(bad.code, 2, bad.stderr);
    assert.match(bad.stderr, new RegExp(`^error: cannot write "${dir}/file/out.txt": `, "m"));
    assert.doesNotMatch(bad.stderr, /internal error|^ {4}at /m);
  });
});
