/** @module resourceMetadataOf() and discover(): the RFC 9728 challenge parameter, and refusals. */

import assert from "node:assert/strict";
import { resourceMetadataOf } from "../../../src/2_connect/auth/challenges.ts";
import { discover } from "../../../src/2_connect/auth/discovery.ts";
import { startProtectedServer } from "../../fixtures/auth/protected_server.ts";

Deno.test("resourceMetadataOf() reads resource_metadata from a WWW-Authenticate challenge", async (t) => {
  await t.step("quoted and bare values", () => {
    assert.equal(
      resourceMetadataOf('Bearer error="invalid_token", resource_metadata="http://127.0.0.1:1/x"'),
      "http://127.0.0.1:1/x",
    );
    assert.equal(resourceMetadataOf("Bearer resource_metadata=http://a/b"), "http://a/b");
  });
  await t.step("absent", () => {
    assert.equal(resourceMetadataOf('Bearer realm="x"'), undefined);
    assert.equal(resourceMetadataOf(null), undefined);
  });
});

Deno.test("discover() refuses metadata without an authorization server, and a mismatched resource", async (t) => {
  const server = startProtectedServer({ accept: new Map() });
  try {
    await t.step("no authorization_servers", async () => {
      await assert.rejects(
        () => discover({ kind: "oauth", grant: "client_credentials" }, server.url, null),
        /names no authorization_servers/,
      );
    });
    await t.step("resource mismatch", async () => {
      await assert.rejects(
        () =>
          discover(
            { kind: "oauth", grant: "client_credentials", resource: `${server.url}/other` },
            server.url,
            `Bearer resource_metadata="${
              new URL(server.url).origin
            }/.well-known/oauth-protected-resource/mcp"`,
          ),
        /was refused/,
      );
    });
  } finally {
    await server.close();
  }
});
