/** @module Whether a tool names a client capability: its words (split at non-letters and camelCase), the stems of each capability, and name before title or description. */

import assert from "node:assert/strict";
import {
  capabilityMention,
  namesCapability,
  wordsOf,
} from "../../../src/5_execute/compliance/engine/capability_words.ts";

Deno.test("wordsOf(): lower-case words, split at every non-letter-or-digit and at camelCase humps", () => {
  assert.deepEqual(wordsOf("getRootsList"), ["get", "roots", "list"]);
  assert.deepEqual(wordsOf("trigger-sampling_request v2"), [
    "trigger",
    "sampling",
    "request",
    "v2",
  ]);
  assert.deepEqual(wordsOf(undefined), []);
  assert.deepEqual(wordsOf(42), []);
});

Deno.test("namesCapability(): sampl* for sampling, elicit* for elicitation, root or roots for roots", () => {
  for (const text of ["sample", "Samples a model", "LLM Sampling", "resample"]) {
    assert.equal(namesCapability(text, "sampling"), text !== "resample", text);
  }
  for (const text of ["trigger-elicitation-request", "elicit_preference", "solicit"]) {
    assert.equal(namesCapability(text, "elicitation"), text !== "solicit", text);
  }
  for (const text of ["get-roots-list", "the client's root", "rooted tree", "uproot"]) {
    assert.equal(namesCapability(text, "roots"), !/rooted|uproot/.test(text), text);
  }
  assert.equal(namesCapability("get-roots-list", "sampling"), false);
});

Deno.test("capabilityMention(): 0 for the name, 1 for the title or description only, else undefined", () => {
  assert.equal(capabilityMention({ name: "sample", description: "sampling" }, "sampling"), 0);
  assert.equal(capabilityMention({ name: "audit", title: "Sample audit" }, "sampling"), 1);
  assert.equal(
    capabilityMention({ name: "audit", description: "Asks for sampling" }, "sampling"),
    1,
  );
  assert.equal(
    capabilityMention({ name: "audit", description: "Audits logs" }, "sampling"),
    undefined,
  );
  assert.equal(capabilityMention({}, "roots"), undefined);
});
