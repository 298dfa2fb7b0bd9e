/** @module fill_from_schema: an elicitation accept whose content is built from the request's requestedSchema (required and defaulted properties), given content winning; declaresAny(). */

import assert from "node:assert/strict";
import { ClientResponder } from "../../../src/2_connect/session/client_responder.ts";
import { declaresAny } from "../../../src/2_connect/session/client_spec.ts";

const REQUESTED = {
  message: "Please provide inputs",
  requestedSchema: {
    type: "object",
    properties: {
      name: { type: "string", description: "Your name" },
      email: { type: "string", format: "email" },
      integer: { type: "integer", minimum: 1, maximum: 100, default: 42 },
      hero: { type: "string", oneOf: [{ const: "hero-1", title: "Superman" }] },
      fish: {
        type: "array",
        minItems: 1,
        items: { anyOf: [{ const: "fish-1", title: "Tuna" }] },
      },
      optional: { type: "boolean" },
    },
    required: ["name", "email", "hero", "fish"],
  },
};

function responder(reply: Record<string, unknown>, fill = true) {
  return new ClientResponder({
    capabilities: { elicitation: {} },
    elicitation: [{ result: reply, ...(fill ? { fillFromSchema: true } : {}) }],
  });
}

Deno.test("fill_from_schema accepts with every required and defaulted property filled", async () => {
  const record = await responder({ action: "accept" }).answer("elicitation/create", REQUESTED);
  assert.equal(record.kind, "scripted");
  assert.deepEqual(record.reply, {
    result: {
      action: "accept",
      content: {
        name: "example",
        email: "user@example.com",
        integer: 42,
        hero: "hero-1",
        fish: ["fish-1"],
      },
    },
  });
});

Deno.test("fill_from_schema: the given content wins over a filled value", async () => {
  const record = await responder({ action: "accept", content: { name: "Ada" } })
    .answer("elicitation/create", REQUESTED);
  const content = (record.reply as { result: { content: Record<string, unknown> } }).result
    .content;
  assert.equal(content.name, "Ada");
  assert.equal(content.email, "user@example.com");
});

Deno.test("without fill_from_schema, or with decline, or no schema: nothing is filled", async () => {
  const plain = await responder({ action: "accept" }, false).answer(
    "elicitation/create",
    REQUESTED,
  );
  assert.deepEqual(plain.reply, { result: { action: "accept" } });
  const declined = await responder({ action: "decline" }).answer("elicitation/create", REQUESTED);
  assert.deepEqual(declined.reply, { result: { action: "decline" } });
  // A request without a (usable) schema gets empty content, not a crash.
  for (const params of [{ message: "x" }, { message: "x", requestedSchema: "nope" }, undefined]) {
    const record = await responder({ action: "accept" }).answer("elicitation/create", params);
    assert.deepEqual(record.reply, { result: { action: "accept", content: {} } });
  }
});

Deno.test("fill_from_schema never changes the script it fills from (each request fresh)", async () => {
  const given = { name: "Ada" };
  const r = responder({ action: "accept", content: given });
  await r.answer("elicitation/create", REQUESTED);
  await r.answer("elicitation/create", {
    requestedSchema: { properties: { other: { type: "number" } }, required: ["other"] },
  });
  assert.deepEqual(given, { name: "Ada" });
  const again = await r.answer("elicitation/create", {
    requestedSchema: { properties: { other: { type: "number" } }, required: ["other"] },
  });
  assert.deepEqual(again.reply, {
    result: { action: "accept", content: { other: 0, name: "Ada" } },
  });
});

Deno.test("declaresAny(): a client that declares a capability the server may ask about", () => {
  assert.equal(declaresAny(undefined), false);
  assert.equal(declaresAny({ capabilities: {} }), false);
  assert.equal(declaresAny({ capabilities: { roots: {} } }), true);
  assert.equal(declaresAny({ capabilities: { sampling: {} } }), true);
  assert.equal(declaresAny({ capabilities: { elicitation: { form: true } } }), true);
});
