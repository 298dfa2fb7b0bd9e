/** @module Multi round-trip requests (2026-07-28, SEP-2322): a result that asks for input is answered with the client's scripts and the request sent again with the responses and the request state, round after round. */

import type { ServerRequestRecord } from "./client_responder.ts";
import type { Exchange, RequestOptions, Session } from "./types.ts";

/** The most rounds of input one request may ask for before mcptest stops (a loop is a failure). */
export const MAX_INPUT_ROUNDS = 8;

/** One round: what the server asked for, and what mcptest answered. */
export interface InputRound {
  /** The result's `inputRequests`: key -> `{method, params}`. */
  readonly inputRequests: Readonly<Record<string, unknown>>;
  /** The `inputResponses` sent back: key -> the answer's result (or its error). */
  readonly inputResponses: Readonly<Record<string, unknown>>;
  /** How each request was answered (scripted, unscripted, undeclared). */
  readonly answers: readonly ServerRequestRecord[];
  /** Whether the result carried a `requestState` (sent back as is, never read). */
  readonly requestState: boolean;
}

/** The final exchange of a request and the input rounds on the way. */
export interface InputRequestResult {
  readonly exchange: Exchange;
  readonly rounds: readonly InputRound[];
  /** Set when the server still asked for input after {@link MAX_INPUT_ROUNDS} rounds. */
  readonly exhausted?: true;
}

/** A session that can answer a server request the way its client spec says. */
export type AnsweringSession = Session & {
  answerServerRequest(method: string, params: unknown): Promise<ServerRequestRecord>;
};

function inputRequired(exchange: Exchange): Record<string, unknown> | undefined {
  const result = exchange.response?.result as Record<string, unknown> | undefined;
  return result?.resultType === "input_required" ? result : undefined;
}

/**
 * Send `method` and, while the result is `input_required`, answer its `inputRequests` through the
 * session's client scripts and send the request again (a new id) with `inputResponses` and the
 * `requestState` it was given. At most {@link MAX_INPUT_ROUNDS} rounds.
 */
export async function requestWithInput(
  session: AnsweringSession,
  method: string,
  params: Record<string, unknown>,
  options: RequestOptions = {},
): Promise<InputRequestResult> {
  const rounds: InputRound[] = [];
  let exchange = await session.request(method, params, options);
  for (let result = inputRequired(exchange); result; result = inputRequired(exchange)) {
    if (rounds.length >= MAX_INPUT_ROUNDS) return { exchange, rounds, exhausted: true };
    const asked = (result.inputRequests ?? {}) as Record<string, unknown>;
    const inputResponses: Record<string, unknown> = {};
    const answers: ServerRequestRecord[] = [];
    for (const [key, request] of Object.entries(asked)) {
      const { method: asks, params: with_ } = (request ?? {}) as {
        method?: unknown;
        params?: unknown;
      };
      const record = await session.answerServerRequest(String(asks), with_);
      answers.push(record);
      inputResponses[key] = "result" in record.reply ? record.reply.result : record.reply;
    }
    const state = typeof result.requestState === "string" ? result.requestState : undefined;
    rounds.push({
      inputRequests: asked,
      inputResponses,
      answers,
      requestState: state !== undefined,
    });
    exchange = await session.request(
      method,
      { ...params, inputResponses, ...(state === undefined ? {} : { requestState: state }) },
      options,
    );
  }
  return { exchange, rounds };
}
