import assert from "node:assert/strict";
import { Deadlines } from "../../../src/2_connect/session/deadlines.ts";

/** A promise and the function that resolves it. */
function signal(): { promise: Promise<void>; fire: () => void } {
  let fire = () => {};
  const promise = new Promise<void>((resolve) => fire = resolve);
  return { promise, fire };
}

/** Keep the event loop busy until `ms` have passed: every limit up to then has passed too. */
function blockFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) { /* busy: no timer can fire meanwhile */ }
}

/**
 * The order two limits expire in: `lateMs` added first, 1 ms second; the event loop is kept busy
 * for `busyMs` right after (0: not at all).
 */
async function expiryOrder(lateMs: number, busyMs: number): Promise<string[]> {
  const deadlines = new Deadlines();
  const order: string[] = [];
  const last = signal();
  deadlines.add({}, lateMs, () => {
    order.push("late");
    last.fire();
  });
  deadlines.add({}, 1, () => order.push("early"));
  if (busyMs > 0) blockFor(busyMs);
  await last.promise;
  deadlines.close();
  return order;
}

Deno.test("Deadlines expire in the order of their limits, whatever the order they were added in", async () => {
  assert.deepEqual(await expiryOrder(40, 0), ["early", "late"]);
});

Deno.test("Deadlines: limits that have all passed when the timer fires late expire earliest first", async () => {
  // A busy machine: the timer set for the 1 ms limit fires after both have passed.
  assert.deepEqual(await expiryOrder(20, 30), ["early", "late"]);
});

Deno.test("Deadlines: a passed limit forgotten by an earlier expiry does not expire", async () => {
  const deadlines = new Deadlines();
  const fired: string[] = [];
  const second = {};
  deadlines.add({}, 1, () => {
    fired.push("first");
    deadlines.forget(second); // its request settled as a result of the first one's expiry
  });
  deadlines.add(second, 2, () => fired.push("second"));
  const witness = signal();
  deadlines.add({}, 3, () => witness.fire());
  blockFor(10);
  await witness.promise;
  assert.deepEqual(fired, ["first"]);
  deadlines.close();
});

Deno.test("Deadlines: a forgotten limit never expires; one added after it still does", async () => {
  const deadlines = new Deadlines();
  const fired: string[] = [];
  const forgotten = {};
  deadlines.add(forgotten, 1, () => fired.push("forgotten"));
  deadlines.forget(forgotten);
  const later = signal();
  // Its limit is later than the forgotten one's: by the time it expires, that one would have.
  deadlines.add({}, 10, () => {
    fired.push("kept");
    later.fire();
  });
  await later.promise;
  assert.deepEqual(fired, ["kept"]);
  deadlines.close();
});

Deno.test("Deadlines: a limit added while another expires is kept and expires too", async () => {
  const deadlines = new Deadlines();
  const done = signal();
  const fired: string[] = [];
  deadlines.add({}, 1, () => {
    fired.push("first");
    deadlines.add({}, 1, () => {
      fired.push("second");
      done.fire();
    });
  });
  await done.promise;
  assert.deepEqual(fired, ["first", "second"]);
  deadlines.close();
});

Deno.test("Deadlines.close() drops every limit, and later ones are ignored", async () => {
  const deadlines = new Deadlines();
  const fired: string[] = [];
  deadlines.add({}, 1, () => fired.push("before close"));
  deadlines.close();
  deadlines.add({}, 1, () => fired.push("after close"));
  // Another timer, with a later limit: by the time it fires, the closed ones would have.
  const witness = new Deadlines();
  const done = signal();
  witness.add({}, 10, done.fire);
  await done.promise;
  witness.close();
  assert.deepEqual(fired, []);
});
