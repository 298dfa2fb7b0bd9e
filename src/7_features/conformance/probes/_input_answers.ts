/** @module Answers mcptest gives to a server's input requests (MRTR and task input): a decline, a canned message, no roots. */

import { asRecord } from "./_helpers.ts";

/** The answer a well-behaved client could give to each kind of input request. */
const ANSWERS: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  "elicitation/create": { action: "decline" },
  "sampling/createMessage": {
    role: "assistant",
    content: { type: "text", text: "mcptest" },
    model: "mcptest",
    stopReason: "endTurn",
  },
  "roots/list": { roots: [] },
};

/**
 * A well-formed answer to one input request (an ElicitResult that declines, a CreateMessageResult
 * with a fixed text, a ListRootsResult with no roots), or undefined for any other method.
 */
export function answerTo(request: unknown): Record<string, unknown> | undefined {
  const answer = ANSWERS[String(asRecord(request)?.method)];
  return answer === undefined ? undefined : structuredClone(answer);
}

/** `inputResponses` answering every request of an `inputRequests` map mcptest can answer. */
export function answersFor(inputRequests: unknown): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const [key, request] of Object.entries(asRecord(inputRequests) ?? {})) {
    const answer = answerTo(request);
    if (answer !== undefined) answers[key] = answer;
  }
  return answers;
}
