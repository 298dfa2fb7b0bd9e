import assert from "node:assert/strict";
import { join } from "node:path";
import { forget, keptText } from "../../../src/2_connect/cassette/text_memo.ts";

/** Write `text` to `path` in place (same inode) and give it back the modification time `mtime`. */
async function rewriteInPlace(path: string, text: string, mtime: Date): Promise<void> {
  await Deno.writeTextFile(path, text);
  await Deno.utime(path, mtime, mtime);
}

Deno.test("keptText() reads a file once while it is unchanged, and again once it changes", async (t) => {
  const dir = await Deno.makeTempDir();
  try {
    const path = join(dir, "c.json");
    await Deno.writeTextFile(path, '{"a":1}');
    const first = await Deno.stat(path);
    assert.equal(await keptText(path, first), '{"a":1}');

    await t.step(
      "same size, inode and modification time: the kept text, the file not read",
      async () => {
        // Only a read would see the new bytes: the stat says nothing changed, so none is made.
        await rewriteInPlace(path, '{"a":2}', first.mtime!);
        assert.equal(await keptText(path, await Deno.stat(path)), '{"a":1}');
      },
    );
    await t.step("another size: read again", async () => {
      await rewriteInPlace(path, '{"a":22}', first.mtime!);
      assert.equal(await keptText(path, await Deno.stat(path)), '{"a":22}');
    });
    await t.step("another modification time: read again", async () => {
      await rewriteInPlace(path, '{"a":33}', new Date(first.mtime!.getTime() + 5_000));
      assert.equal(await keptText(path, await Deno.stat(path)), '{"a":33}');
    });
    await t.step(
      "replaced by a rename (a new inode, as writeCassette does): read again",
      async () => {
        const before = await Deno.stat(path);
        const temp = join(dir, "c.tmp");
        await Deno.writeTextFile(temp, '{"a":44}');
        await Deno.utime(temp, before.mtime!, before.mtime!);
        await Deno.rename(temp, path);
        assert.equal(await keptText(path, await Deno.stat(path)), '{"a":44}');
      },
    );
    await t.step("forget(): read again even when the stat is the same", async () => {
      const before = await Deno.stat(path);
      await rewriteInPlace(path, '{"a":55}', before.mtime!);
      forget(path);
      assert.equal(await keptText(path, await Deno.stat(path)), '{"a":55}');
    });
  } finally {
    forget(join(dir, "c.json"));
    await Deno.remove(dir, { recursive: true });
  }
});
