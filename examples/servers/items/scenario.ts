/** @module Scenarios: "conformant" (2026-07-28 error codes) or "legacy" (pre-2026 -32002), chosen per process or per request. */

import { ErrorCodes, WireError } from "./wire_error.ts";

/** Which behaviour a request gets. */
export type Scenario = "conformant" | "legacy";

/** Every scenario name, for flag validation and messages. */
export const SCENARIOS: readonly Scenario[] = ["conformant", "legacy"];

/** Parse a scenario name; "default" is an alias of "conformant". Undefined for an unknown name. */
export function parseScenario(value: string): Scenario | undefined {
  if (value === "default") return "conformant";
  return SCENARIOS.find((scenario) => scenario === value);
}

/**
 * The scenario of one request: the `?scenario=` query parameter of its HTTP URL when it names a
 * scenario, else the process default (stdio requests have no URL).
 */
export function scenarioOf(url: URL | undefined, fallback: Scenario): Scenario {
  const asked = url?.searchParams.get("scenario");
  return (asked ? parseScenario(asked) : undefined) ?? fallback;
}

/** The error for a resources/read of a uri the server does not have, in the scenario's dialect. */
export function unknownResource(uri: string, scenario: Scenario): WireError {
  return scenario === "legacy"
    ? new WireError(ErrorCodes.resourceNotFound, `resource not found: ${uri}`)
    : new WireError(ErrorCodes.invalidParams, `invalid params: unknown resource ${uri}`, { uri });
}
