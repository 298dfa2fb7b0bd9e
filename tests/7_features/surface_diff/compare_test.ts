/** @module compareSurfaces(): item-level rules (removed, added, prompts, resources, output schemas, skipped). */

import assert from "node:assert/strict";
import { breakingCount, compareSurfaces } from "../../../src/7_features/surface_diff/compare.ts";
import { surfaceOf } from "../../../src/7_features/surface_diff/surface.ts";
import type {
  Category,
  Item,
  Listing,
  Surface,
} from "../../../src/7_features/surface_diff/types.ts";

function surface(items: Partial<Record<Category, Item[]>>, unknown: Category[] = []): Surface {
  const key = (c: Category) =>
    c === "resource" ? "uri" : c === "resource_template" ? "uriTemplate" : "name";
  const listing = (c: Category): Listing =>
    unknown.includes(c)
      ? { known: false, reason: "not listed" }
      : { known: true, items: new Map((items[c] ?? []).map((i) => [i[key(c)] as string, i])) };
  return {
    label: "s",
    listings: {
      tool: listing("tool"),
      resource: listing("resource"),
      resource_template: listing("resource_template"),
      prompt: listing("prompt"),
    },
  };
}

const rules = (a: Surface, b: Surface) =>
  compareSurfaces(a, b).changes.map((c) => `${c.category}:${c.item}:${c.rule}:${c.breaking}`);

const tool = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  inputSchema: { type: "object" },
  ...extra,
});

Deno.test("compareSurfaces() judges each item rule", async (t) => {
  await t.step("same surface: no change, nothing breaking", () => {
    const s = surface({ tool: [tool("a")], prompt: [{ name: "p" }] });
    const result = compareSurfaces(s, s);
    assert.deepEqual(result.changes, []);
    assert.equal(breakingCount(result), 0);
  });
  await t.step("removed items are breaking in every category", () => {
    const before = surface({
      tool: [tool("a")],
      resource: [{ uri: "x://1" }],
      resource_template: [{ uriTemplate: "x://{id}" }],
      prompt: [{ name: "p" }],
    });
    assert.deepEqual(rules(before, surface({})), [
      "tool:a:removed:true",
      "resource:x://1:removed:true",
      "resource_template:x://{id}:removed:true",
      "prompt:p:removed:true",
    ]);
  });
  await t.step("added items are not breaking", () => {
    assert.deepEqual(
      rules(surface({}), surface({ tool: [tool("a")], resource: [{ uri: "x://1" }] })),
      [
        "tool:a:added:false",
        "resource:x://1:added:false",
      ],
    );
  });
  await t.step("description and title changes are not breaking", () => {
    assert.deepEqual(
      rules(
        surface({ tool: [tool("a", { description: "x" })] }),
        surface({ tool: [tool("a", { description: "y", title: "A" })] }),
      ),
      ["tool:a:title_changed:false", "tool:a:description_changed:false"],
    );
  });
  await t.step("tool input schema narrowing is breaking", () => {
    const a = tool("a", { inputSchema: { type: "object", properties: { n: { type: "number" } } } });
    const b = tool("a", {
      inputSchema: { type: "object", properties: { n: { type: "integer" } } },
    });
    assert.deepEqual(rules(surface({ tool: [a] }), surface({ tool: [b] })), [
      "tool:a:type_narrowed:true",
    ]);
    assert.deepEqual(rules(surface({ tool: [b] }), surface({ tool: [a] })), [
      "tool:a:type_widened:false",
    ]);
  });
  await t.step(
    "outputSchema removed: breaking; added: not; widened: breaking; narrowed: not",
    () => {
      const out = (type: string) =>
        tool("a", { outputSchema: { type: "object", properties: { v: { type } } } });
      assert.deepEqual(rules(surface({ tool: [out("number")] }), surface({ tool: [tool("a")] })), [
        "tool:a:output_schema_removed:true",
      ]);
      assert.deepEqual(rules(surface({ tool: [tool("a")] }), surface({ tool: [out("number")] })), [
        "tool:a:output_schema_added:false",
      ]);
      assert.deepEqual(
        rules(surface({ tool: [out("integer")] }), surface({ tool: [out("number")] })),
        [
          "tool:a:type_widened:true",
        ],
      );
      assert.deepEqual(
        rules(surface({ tool: [out("number")] }), surface({ tool: [out("integer")] })),
        [
          "tool:a:type_narrowed:false",
        ],
      );
    },
  );
  await t.step("prompt arguments: removed or newly required breaking; optional added not", () => {
    const p = (...args: Record<string, unknown>[]) =>
      surface({ prompt: [{ name: "p", arguments: args }] });
    assert.deepEqual(rules(p({ name: "x" }), p()), ["prompt:p:argument_removed:true"]);
    assert.deepEqual(rules(p(), p({ name: "x", required: true })), [
      "prompt:p:required_added:true",
    ]);
    assert.deepEqual(rules(p({ name: "x" }), p({ name: "x", required: true })), [
      "prompt:p:required_added:true",
    ]);
    assert.deepEqual(rules(p(), p({ name: "x" })), ["prompt:p:argument_added:false"]);
    assert.deepEqual(rules(p({ name: "x", required: true }), p({ name: "x" })), [
      "prompt:p:required_removed:false",
    ]);
  });
  await t.step("resource mimeType change is breaking; name change is not", () => {
    const r = (mimeType: string, name = "n") =>
      surface({ resource: [{ uri: "x://1", name, mimeType }] });
    assert.deepEqual(rules(r("application/json"), r("text/plain")), [
      "resource:x://1:mime_type_changed:true",
    ]);
    assert.deepEqual(rules(r("text/plain"), r("text/plain", "m")), [
      "resource:x://1:name_changed:false",
    ]);
  });
  await t.step("a category one side does not list is skipped, not reported as removed", () => {
    const result = compareSurfaces(surface({ tool: [tool("a")] }), surface({}, ["tool"]));
    assert.deepEqual(result.changes, []);
    assert.deepEqual(result.skipped, [{ category: "tool", reason: "NEW: not listed" }]);
  });
});

Deno.test("surfaceOf() reads the last complete listing of a capture", async (t) => {
  const page = (id: number, cursor: string | undefined, names: string[], next?: string) => ({
    request: {
      jsonrpc: "2.0",
      id,
      method: "tools/list",
      ...(cursor ? { params: { cursor } } : {}),
    },
    response: {
      jsonrpc: "2.0",
      id,
      result: {
        tools: names.map((name) => ({ name, inputSchema: {} })),
        ...(next ? { nextCursor: next } : {}),
      },
    },
  });
  const names = (s: Surface) => {
    const l = s.listings.tool;
    return l.known ? [...l.items.keys()] : l.reason;
  };
  await t.step("pages are joined", () => {
    const s = surfaceOf({
      server_label: "x",
      server_capabilities: { tools: {} },
      exchanges: [page(1, undefined, ["a"], "c1"), page(2, "c1", ["b"])],
    });
    assert.deepEqual(names(s), ["a", "b"]);
  });
  await t.step("a later listing replaces an earlier one", () => {
    const s = surfaceOf({
      server_label: "x",
      server_capabilities: { tools: {} },
      exchanges: [page(1, undefined, ["a"]), page(2, undefined, ["b"])],
    });
    assert.deepEqual(names(s), ["b"]);
  });
  await t.step("a listing cut at a nextCursor is unknown", () => {
    const s = surfaceOf({
      server_label: "x",
      server_capabilities: {},
      exchanges: [page(1, undefined, ["a"], "c")],
    });
    assert.match(String(names(s)), /nextCursor/);
  });
  await t.step(
    "no capability and no listing: known empty; capability without listing: unknown",
    () => {
      assert.deepEqual(
        names(surfaceOf({ server_label: "x", server_capabilities: {}, exchanges: [] })),
        [],
      );
      assert.match(
        String(
          names(
            surfaceOf({ server_label: "x", server_capabilities: { tools: {} }, exchanges: [] }),
          ),
        ),
        /no tools\/list response in x/,
      );
    },
  );
  await t.step("an error answer is unknown", () => {
    const s = surfaceOf({
      server_label: "x",
      server_capabilities: { tools: {} },
      exchanges: [{
        request: { method: "tools/list" },
        response: { error: { code: -1, message: "boom" } },
      }],
    });
    assert.match(String(names(s)), /boom/);
  });
});
