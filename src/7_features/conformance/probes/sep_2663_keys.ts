/** @module SEP-2663 probes on tasks that need input: a key is never reused once answered, and MRTR input before a task exists is asked for before the CreateTaskResult. */

import { fail, notVerified, pass, type ProbeSet } from "./probe_types.ts";
import { isOutcome, resultOf } from "./_helpers.ts";
import { callAnswering, inputTask } from "./_task_input.ts";

/** Check id -> probe. */
export const sep2663Keys: ProbeSet = {
  probes: {
    // Evidence: at least one input request answered (tasks/update acknowledged) and the task
    // followed to a terminal status; a task still running at the deadline could reuse a key later.
    "sep-2663-no-key-reuse-after-response": async (ctx) => {
      const run = await inputTask(ctx);
      if (isOutcome(run)) return run;
      if (run.reuse !== undefined) {
        return fail(
          `task ${run.taskId} used input request key "${run.reuse}" again after mcptest's ` +
            "answer to it was acknowledged, or for a different request",
        );
      }
      const last = resultOf(run.polls.at(-1)!);
      const status = String(last?.status ?? "unknown");
      if (run.answered.length === 0) {
        return notVerified(
          `task ${run.taskId} (tool "${run.creation.tool}") asked for no input mcptest could ` +
            `answer before it ended or the deadline (last status ${status})`,
        );
      }
      if (!["completed", "failed", "cancelled"].includes(status)) {
        return notVerified(
          `${run.answered.length} key(s) answered, but task ${run.taskId} was still ${status} ` +
            "at the deadline (--timeout): a later input request could still reuse one",
        );
      }
      return pass(
        `${run.answered.length} input request key(s) answered; task ${run.taskId} reached ` +
          `${status} without using any of them again`,
      );
    },
    // Pass: the tool asked for input with InputRequiredResult and made the task only after the
    // answers. Fail: a task whose first status is input_required, from a tool that, called the
    // same way without the tasks extension, asks for that input before doing anything.
    "sep-2663-mrtr-synchronous-before-task-creation": async (ctx) => {
      const run = await inputTask(ctx);
      if (isOutcome(run)) return run;
      const { creation } = run;
      if (creation.rounds > 0) {
        return pass(
          `tool "${creation.tool}" asked for input in ${creation.rounds} InputRequiredResult ` +
            "round(s), then answered with the CreateTaskResult",
        );
      }
      const first = resultOf(run.polls[0]!);
      if (first?.status !== "input_required") {
        return notVerified(
          `tool "${creation.tool}" created its task without asking for input first, and the ` +
            `task did not start by asking (first status ${String(first?.status ?? "unknown")})`,
        );
      }
      const sync = await callAnswering(ctx, creation.tool, false);
      return sync.rounds > 0
        ? fail(
          `tool "${creation.tool}" asks for input up front when called without tasks, but with ` +
            `tasks it answered a CreateTaskResult first and asked inside task ${run.taskId}`,
        )
        : notVerified(
          `task ${run.taskId} asked for input once created, and the tool called without tasks ` +
            "asks for none up front: the input belongs to the task's work",
        );
    },
  },
};
