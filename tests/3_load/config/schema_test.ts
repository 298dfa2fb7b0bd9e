/** @module schemas/v1.json: a valid 2020-12 schema that accepts every documented shape. */

import assert from "node:assert/strict";
import { Ajv2020 } from "ajv/dist/2020.js";
import { TEST_FILE_SCHEMA, validateDocument } from "../../../src/3_load/config/schema_validate.ts";
import { parseYaml } from "../../../src/0_base/yaml/yaml_source.ts";

Deno.test("schemas/v1.json is a valid JSON Schema 2020-12 document", () => {
  const ajv = new Ajv2020({ strict: false });
  assert.equal(ajv.validateSchema(TEST_FILE_SCHEMA), true);
  assert.equal(TEST_FILE_SCHEMA.$schema, "https://json-schema.org/draft/2020-12/schema");
});

Deno.test("validateDocument() accepts every documented shape", async (t) => {
  const valid: Record<string, string> = {
    "seed 004 test anatomy": `servers:
  local:
    command: ["./target/debug/my-mcp-server"]
variables:
  workspace_root:
    value: "/tmp/sandbox"
tools:
  - name: "list_directory returns at least one entry"
    server: local
    tool: list_directory
    args:
      path: "\${workspace_root}"
    expect:
      assertions:
        - target: result.content
          matcher:
            schema: { type: array, minItems: 1 }
      max_duration_ms: 250
`,
    "seed 001 migration suite": `servers:
  legacy:
    url: "https://test.mcptest.sh/mcp?scenario=legacy"
resources:
  - name: "missing resource returns standard -32602 (legacy)"
    server: legacy
    uri: "items://999"
    expect:
      - target: "result.error.code"
        matcher:
          exact: -32602
`,
    "seed 000 compliance object form": `server:
  command: ./my-mcp-server
compliance:
  spec_version: v2024-11-05
  spec_version_check:
    against: v2025-06-18
    expect:
      - target: spec_clean
        matcher: { exact: true }
      - target: spec_breaking_changes
        matcher: { schema: { maxItems: 0 } }
  tests:
    - name: PROTO-002
`,
    "compliance bare array, agents, providers, budget, cassette": `compliance:
  - name: PROTO-001
agents:
  - name: weather query
    model: claude-sonnet-4-5
    servers: [weather]
    prompt: What is the weather in Paris?
providers:
  openrouter: { type: openai, base_url: "https://openrouter.ai/api/v1", api_key_env: OPENROUTER_API_KEY }
budget:
  per_test_usd_cents: 50
  per_suite_usd_cents: 500
cassette:
  normalize: []
evals: []
`,
    "prompts with args, budgets in one list item": `prompts:
  - name: greet
    prompt: greeting
    args: { name: Ada }
    expect:
      - max_duration_ms: 100.5
        max_response_tokens: 10
      - response_headers_absent: [server]
`,
  };
  for (const [name, text] of Object.entries(valid)) {
    await t.step(
      name,
      () => assert.deepEqual(validateDocument(parseYaml(text, "f.yml")).map((e) => e.message), []),
    );
  }
});
