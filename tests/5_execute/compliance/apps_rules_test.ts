/** @module The APPS rules (MCP Apps) on a scripted app server: each passes on the conformant app, fails on exactly its own fault, and has nothing to judge without a UI tool. */

import assert from "node:assert/strict";
import type { ServerSpec } from "../../../src/3_load/config/types.ts";
import { runRule } from "../../../src/5_execute/compliance/engine/run_rules.ts";
import { COMPLIANCE_CORPUS } from "../../../src/3_load/compliance_corpus/embedded.ts";
import { findRevision } from "../../../src/0_base/protocol/revisions.ts";
import type { Exchange, Session } from "../../../src/2_connect/session/types.ts";

const MIME = "text/html;profile=mcp-app";
const PAGE = "<!DOCTYPE html><html><body>app</body></html>";
type Rec = Record<string, unknown>;

/** An app server as plain data: what tools/list lists and what each uri reads as (or its error). */
interface AppModel {
  tools: Rec[];
  listed: Rec[];
  reads: Record<string, Rec>;
}

const UI = {
  csp: {
    connectDomains: ["https://api.example.com", "wss://live.example.com:8443"],
    resourceDomains: ["https://*.cdn.example.com", "http://[::1]:5173"],
    baseUriDomains: ["https://cdn.example.com"],
  },
  permissions: { camera: {}, clipboardWrite: {} },
  domain: "a904794854a047f6.apps.example.com",
  prefersBorder: false,
};

function conformant(): AppModel {
  const view = "ui://weather/view.html";
  return {
    tools: [
      { name: "weather", inputSchema: { type: "object" }, _meta: { ui: { resourceUri: view } } },
      {
        name: "refresh",
        inputSchema: { type: "object" },
        _meta: { ui: { resourceUri: view, visibility: ["app"] }, "ui/resourceUri": view },
      },
      {
        name: "chart",
        inputSchema: { type: "object" },
        _meta: { ui: { resourceUri: "ui://chart" } },
      },
      { name: "plain", inputSchema: { type: "object" } },
    ],
    listed: [{ uri: view, name: "weather view", mimeType: MIME, _meta: { ui: UI } }],
    reads: {
      [view]: {
        contents: [{
          uri: view,
          mimeType: MIME,
          text: `\uFEFF <!-- x -->${PAGE}`,
          _meta: { ui: UI },
        }],
      },
      // Not listed (servers MAY omit UI-only resources), sent as a base64 blob.
      "ui://chart": { contents: [{ uri: "ui://chart", mimeType: MIME, blob: btoa(PAGE) }] },
    },
  };
}

/** One fault per rule, each breaking only that rule (an extra tool, or a changed read). */
const FAULTS: Record<string, (m: AppModel) => void> = {
  "APPS-001": (m) => {
    m.tools.push({ name: "web", _meta: { ui: { resourceUri: "https://x.example.com/v" } } });
    m.reads["https://x.example.com/v"] = {
      contents: [{ uri: "https://x.example.com/v", mimeType: MIME, text: PAGE }],
    };
  },
  "APPS-002": (m) => {
    m.tools.push({ name: "gone", _meta: { ui: { resourceUri: "ui://gone" } } });
    m.reads["ui://gone"] = { error: { code: -32002, message: "Resource not found" } };
  },
  "APPS-003": (m) => {
    (m.reads["ui://chart"]!.contents as Rec[])[0]!.mimeType = "text/html";
  },
  "APPS-004": (m) => {
    m.reads["ui://chart"] = { contents: [{ uri: "ui://chart", mimeType: MIME, blob: "%%%" }] };
  },
  "APPS-005": (m) => {
    m.reads["ui://chart"] = {
      contents: [{ uri: "ui://chart", mimeType: MIME, text: "<p>hi</p>" }],
    };
  },
  "APPS-006": (m) => {
    m.listed[0]!._meta = { ui: { csp: { frameDomains: ["*", "https://example.com/"] } } };
  },
  "APPS-007": (m) => {
    const item = (m.reads["ui://weather/view.html"]!.contents as Rec[])[0]!;
    item._meta = { ui: { ...UI, permissions: { geolocation: true }, domain: 7 } };
  },
  "APPS-008": (m) => {
    (m.tools[0]!._meta as { ui: Rec }).ui.visibility = ["model", "model"];
  },
  "APPS-009": (m) => {
    m.tools.push({ name: "old", _meta: { "ui/resourceUri": "ui://chart" } });
  },
};

/** A session whose server is `model` (tools, resources) and answers every request from it. */
function appSession(model: AppModel, capabilities: Rec = { tools: {}, resources: {} }): Session {
  const server: ServerSpec = {
    key: "app",
    name: "app",
    target: { kind: "stdio", command: ["app"], env: {} },
    parallel: false,
    timeoutMs: 1000,
    source: "cli flag",
  };
  let id = 0;
  const answer = (method: string, params?: Rec): Rec => {
    if (method === "tools/list") return { tools: model.tools };
    if (method === "resources/list") return { resources: model.listed };
    if (method === "resources/read") {
      return model.reads[String(params?.uri)] ??
        { error: { code: -32002, message: "Resource not found" } };
    }
    return { error: { code: -32601, message: "Method not found" } };
  };
  return {
    server,
    protocolVersion: "2025-11-25",
    serverCapabilities: capabilities,
    serverInfo: { name: "app", version: "1" },
    request(method, params) {
      id++;
      const value = answer(method, params);
      const response = "error" in value
        ? { jsonrpc: "2.0" as const, id, error: value.error }
        : { jsonrpc: "2.0" as const, id, result: structuredClone(value) };
      return Promise.resolve({
        request: { jsonrpc: "2.0", id, method, params },
        response,
        durationMs: 0,
        notifications: [],
      } as unknown as Exchange);
    },
    notify: () => Promise.resolve(),
    sendRaw: () => Promise.reject(new Error("not scripted")),
    capture: () => ({ server_label: "app", exchanges: [], server_messages: [] }) as never,
    close: () => Promise.resolve(),
  };
}

const VERSION = "v2025-11-25";
const RULES = COMPLIANCE_CORPUS.revisions[VERSION]!.rules.filter((r) => r.id.startsWith("APPS-"));
const options = {
  version: VERSION,
  revision: findRevision("2025-11-25")!,
  registry: COMPLIANCE_CORPUS.registry,
  file: `compliance/${VERSION}`,
  timeoutMs: 1000,
};

/** Every APPS rule's status on `model`, by rule id. */
async function statuses(model: AppModel, capabilities?: Rec): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const rule of RULES) {
    out[rule.id] = (await runRule(appSession(model, capabilities), rule, options)).status;
  }
  return out;
}

Deno.test("APPS rules: the corpus has one rule per fault, in every revision from 2025-06-18 on", () => {
  assert.deepEqual(RULES.map((r) => r.id), Object.keys(FAULTS));
  for (const version of ["v2025-06-18", "v2025-11-25", "v2026-07-28", "draft"]) {
    const ids = COMPLIANCE_CORPUS.revisions[version]!.rules.map((r) => r.id);
    assert.ok(Object.keys(FAULTS).every((id) => ids.includes(id)), version);
  }
  for (const version of ["v2024-11-05", "v2025-03-26"]) {
    const ids = COMPLIANCE_CORPUS.revisions[version]!.rules.map((r) => r.id);
    assert.ok(!ids.some((id) => id.startsWith("APPS-")), `${version}: Tool has no _meta there`);
  }
});

Deno.test("APPS rules: every rule passes on the conformant app (text and blob HTML, listed or not)", async () => {
  const all = await statuses(conformant());
  assert.deepEqual(all, Object.fromEntries(RULES.map((r) => [r.id, "pass"])));
});

Deno.test("APPS rules: each fault fails exactly its own rule", async (t) => {
  for (const [id, fault] of Object.entries(FAULTS)) {
    await t.step(id, async () => {
      const model = conformant();
      fault(model);
      const failed = Object.entries(await statuses(model)).filter(([, s]) => s !== "pass");
      assert.deepEqual(failed, [[id, "fail"]]);
    });
  }
});

Deno.test("APPS rules: the failure names the tool and where its resource is wrong", async () => {
  const model = conformant();
  FAULTS["APPS-006"]!(model);
  const rule = RULES.find((r) => r.id === "APPS-006")!;
  const result = await runRule(appSession(model), rule, options);
  assert.equal(result.status, "fail");
  assert.match(
    result.assertions[0]!.message ?? "",
    /\/weather\/listed\/_meta\/ui\/csp\/frameDomains\/0 must match pattern/,
  );
  assert.equal(
    result.rule?.specUrl,
    "https://github.com/modelcontextprotocol/ext-apps/blob/main/specification/2026-01-26/apps.mdx#ui-resource-format",
  );
});

Deno.test("APPS rules: no UI tool (or no tools/list) is nothing to check, never a pass", async () => {
  const plain: AppModel = {
    tools: [{ name: "plain", inputSchema: { type: "object" } }],
    listed: [],
    reads: {},
  };
  for (const rule of RULES) {
    const result = await runRule(appSession(plain), rule, options);
    assert.equal(result.status, "skip", rule.id);
    assert.match(result.skipReason ?? "", /^not verified: no tool declares a UI resource/);
  }
  const noTools = await runRule(appSession(conformant(), { resources: {} }), RULES[0]!, options);
  assert.equal(noTools.status, "skip");
  assert.match(noTools.skipReason ?? "", /does not advertise the tools capability/);
});
