/**
 * @module The runner a run loads once it has a test to run (./execute_stage.ts): matchers
 * compiled, sessions opened, tests run. A run the result cache serves whole never loads it.
 */

export { prepareTests } from "../runner/prepare.ts";
export { collectRecord } from "../runner/run.ts";
export { loadRunner } from "../load/load_hook.ts";
export { matcherJudgesFor } from "../agent/judge_hook.ts";
