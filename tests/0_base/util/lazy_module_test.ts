/** @module lazyModule() / withLazyModules(): a module not loaded stops synchronous work with ModuleNotLoaded; the boundary loads it once and runs the work again. */

import assert from "node:assert/strict";
import {
  lazyModule,
  ModuleNotLoaded,
  withLazyModules,
} from "../../../src/0_base/util/lazy_module.ts";

Deno.test("get() before load() throws ModuleNotLoaded, after it the module", async () => {
  let imports = 0;
  const lazy = lazyModule("the test module", () => {
    imports++;
    return Promise.resolve({ answer: 42 });
  });
  assert.equal(lazy.loaded, false);
  assert.throws(
    () => lazy.get(),
    (e) => e instanceof ModuleNotLoaded && /the test module/.test(e.message),
  );
  await Promise.all([lazy.load(), lazy.load()]);
  assert.deepEqual([lazy.get(), lazy.loaded, imports], [{ answer: 42 }, true, 1]);
});

Deno.test("withLazyModules() loads what the work misses and runs it again, once per module", async () => {
  const a = lazyModule("a", () => Promise.resolve("A"));
  const b = lazyModule("b", () => Promise.resolve("B"));
  let runs = 0;
  const value = await withLazyModules(() => {
    runs++;
    return Promise.resolve(a.get() + b.get());
  });
  assert.deepEqual([value, runs], ["AB", 3]);
});

Deno.test("withLazyModules() passes other errors through and gives up on a module that never loads", async () => {
  await assert.rejects(withLazyModules(() => Promise.reject(new Error("bad"))), /bad/);
  const never = new ModuleNotLoaded("never", () => Promise.resolve());
  let runs = 0;
  await assert.rejects(
    withLazyModules(() => {
      runs++;
      throw never;
    }),
    ModuleNotLoaded,
  );
  assert.ok(runs > 1 && runs < 20, `ran ${runs} times`);
});
