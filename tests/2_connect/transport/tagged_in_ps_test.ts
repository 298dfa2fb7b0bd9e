import assert from "node:assert/strict";
import { taggedInPs } from "../../../src/2_connect/transport/process_tree.ts";

const PS = [
  "  100   100 Ss   deno run server.ts MCPTEST_TREE=abc HOME=/root",
  "  101   100 S    sh -c sleep MCPTEST_TREE=abc",
  "  102   102 Ss   sleep 1000 MCPTEST_TREE=abc PATH=/bin",
  "  103   103 Z    [sh] <defunct>",
  "  104   104 Z    sh MCPTEST_TREE=abc",
  "  105   105 S    sleep 5 MCPTEST_TREE=abcdef",
  "  106   106 S    echo MCPTEST_TREE=other",
  "  107   107 S    mcptest MCPTEST_TREE=abc",
  "garbage line",
].join("\n");

Deno.test("taggedInPs() finds the tagged processes outside the group: no zombie, no prefix match, not itself", () => {
  assert.deepEqual(taggedInPs(PS, "MCPTEST_TREE=abc", 100, 107), [102]);
});

Deno.test("taggedInPs() without a group keeps every tagged live process", () => {
  assert.deepEqual(taggedInPs(PS, "MCPTEST_TREE=abc", undefined, 1), [100, 101, 102, 107]);
});

Deno.test("taggedInPs() finds nothing in empty or foreign output", () => {
  assert.deepEqual(taggedInPs("", "MCPTEST_TREE=abc", 1, 1), []);
  assert.deepEqual(taggedInPs("PID PGID STAT ARGS\n", "MCPTEST_TREE=abc", 1, 1), []);
});
