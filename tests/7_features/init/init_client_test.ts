/** @module The client init declares and writes: every capability mcptest scripts, replies that fit any request, the project folder as the root; what it declares while reading equals what the written block declares. */

import assert from "node:assert/strict";
import { parse } from "yaml";
import { declaredCapabilities } from "../../../src/2_connect/session/client_spec.ts";
import { ClientResponder } from "../../../src/2_connect/session/client_responder.ts";
import {
  clientSpecOf,
  INIT_SAMPLING_TEXT,
  initClientBlock,
} from "../../../src/7_features/init/init_client.ts";
import { renderConfig, serverEntry } from "../../../src/7_features/init/render_suite.ts";

Deno.test("initClientBlock() declares sampling, form elicitation and roots, the folder as root", () => {
  const block = initClientBlock("/work/my project");
  const spec = clientSpecOf(block);
  assert.deepEqual(declaredCapabilities(spec), {
    sampling: {},
    elicitation: { form: {} },
    roots: {},
  });
  assert.deepEqual(spec.roots, [{ uri: "file:///work/my%20project", name: "project" }]);
});

Deno.test("init's scripted replies answer any sampling and elicitation request", async () => {
  const responder = new ClientResponder(clientSpecOf(initClientBlock("/p")));
  const sampled = await responder.answer("sampling/createMessage", {
    messages: [{ role: "user", content: { type: "text", text: "anything at all" } }],
    maxTokens: 5,
  });
  assert.equal(sampled.kind, "scripted");
  assert.equal(
    (sampled.reply as { result: { content: { text: string } } }).result.content.text,
    INIT_SAMPLING_TEXT,
  );
  const elicited = await responder.answer("elicitation/create", {
    message: "who?",
    requestedSchema: {
      type: "object",
      properties: { name: { type: "string" }, age: { type: "integer", minimum: 18 } },
      required: ["name", "age"],
    },
  });
  assert.deepEqual(elicited.reply, {
    result: { action: "accept", content: { name: "example", age: 18 } },
  });
  const roots = await responder.answer("roots/list", {});
  assert.deepEqual(roots.reply, { result: { roots: [{ uri: "file:///p", name: "project" }] } });
  // URL-mode elicitation is not declared: init cannot complete a browser flow.
  const url = await responder.answer("elicitation/create", { mode: "url", url: "https://x" });
  assert.equal(url.kind, "undeclared");
});

Deno.test("the server entry init writes carries the client: block, as data", () => {
  const entry = serverEntry(
    { kind: "stdio", command: ["srv", "--x"], env: {} },
    initClientBlock("/p"),
  );
  const config = parse(renderConfig("items", entry, "tests"));
  assert.deepEqual(config.servers.items.command, ["srv", "--x"]);
  assert.deepEqual(config.servers.items.client, {
    capabilities: ["sampling", "elicitation", "roots"],
    roots: [{ uri: "file:///p", name: "project" }],
    sampling: [{ text: INIT_SAMPLING_TEXT }],
    elicitation: [{ action: "accept", fill_from_schema: true }],
  });
  // A folder holding `${` is a URL with its braces encoded: never read as a variable.
  const odd = renderConfig(
    "s",
    serverEntry({ kind: "stdio", command: ["x"], env: {} }, initClientBlock("/a${b}")),
    "tests",
  );
  assert.match(odd, /uri: file:\/\/\/a\$%7Bb%7D\n/);
  assert.deepEqual(serverEntry({ kind: "stdio", command: ["x"], env: {} }), { command: ["x"] });
});
