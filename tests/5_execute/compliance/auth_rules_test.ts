/** @module The token-validation probes (AUTH-002, 003, 008-011) against a real authorization server: each fails on the careless protected server it targets and passes on the validating one. */

import assert from "node:assert/strict";
import type { AuthConfig } from "../../../src/2_connect/transport/auth_config.ts";
import type { ServerSpec } from "../../../src/3_load/config/types.ts";
import { runCompliance } from "../../../src/5_execute/compliance/run_compliance.ts";
import { tokenVariants } from "../../../src/5_execute/compliance/engine/probe_credentials.ts";
import { connect } from "../../../src/2_connect/session/connect.ts";
import { startAuthorizationServer } from "../../fixtures/auth/authorization_server.ts";
import {
  type Carelessness,
  type ProtectedServer,
  startProtectedServer,
} from "../../fixtures/auth/protected_server.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };
const PROBES = ["AUTH-002", "AUTH-003", "AUTH-008", "AUTH-009", "AUTH-010", "AUTH-011"];
/** AUTH-011 rests on a sentence 2025-03-26 does not have. */
const probesOf = (version: string) =>
  version === "v2025-03-26" ? PROBES.filter((id) => id !== "AUTH-011") : PROBES;

const CC = { kind: "oauth", grant: "client_credentials", scope: "mcp" } as const;

function spec(url: string, auth: AuthConfig): ServerSpec {
  return {
    key: "protected",
    name: "protected",
    target: { kind: "http", url, headers: {}, transport: "streamable-http", auth },
    parallel: false,
    timeoutMs: 5000,
    source: "cli flag",
  };
}

async function verdicts(
  server: ProtectedServer,
  auth: AuthConfig,
  version: string,
  only: readonly string[] = probesOf(version),
) {
  const run = await runCompliance({
    server: spec(server.url, auth),
    version,
    only: [...only],
    connect: (s) => connect(s),
  });
  assert.equal(run.connectFailure, undefined);
  const byId = Object.fromEntries(run.results.map((r) => [r.id.split("::")[2]!, r]));
  // No token the server saw (the real one, nor its variants) is in any result.
  const text = JSON.stringify(run.results);
  for (const header of server.seen) {
    const token = /^Bearer (.+)$/.exec(header)?.[1];
    if (token === undefined || token === "mcptest-invalid-token") continue;
    for (const value of Object.values(tokenVariants(token))) {
      assert.ok(!text.includes(value), "a token reached a result");
    }
  }
  return byId;
}

Deno.test(
  "token-validation probes fail the careless server they target and pass the validating one",
  opts,
  async (t) => {
    const as = await startAuthorizationServer({ accessTokenTtl: 300 });
    const oauth: AuthConfig = {
      kind: "oauth",
      grant: "client_credentials",
      clientId: as.client.id,
      clientSecret: as.client.secret,
      scope: "mcp",
    };
    const cases: Array<[string, Carelessness | undefined, string[]]> = [
      ["validating", undefined, []],
      ["token in the query string accepted", { queryToken: true }, ["AUTH-010"]],
      ["no signature check (alg none too)", { noSignature: true }, ["AUTH-008", "AUTH-009"]],
      ["any token accepted", { anyToken: true }, [
        "AUTH-003",
        "AUTH-008",
        "AUTH-009",
        "AUTH-011",
      ]],
      ["audience not checked", { noAudience: true }, ["AUTH-011"]],
      ["no token needed", { noToken: true }, ["AUTH-002", "AUTH-010"]],
    ];
    try {
      // The fixture speaks up to 2025-11-25; the 2026-07-28 and draft copies of these rules are the
      // same probes (fault_matrix_test.ts runs them on the compliance fixture).
      for (const version of ["v2025-03-26", "v2025-06-18", "v2025-11-25"]) {
        for (const [label, careless, failing] of cases) {
          await t.step(`${version}: ${label}`, async () => {
            const server = startProtectedServer({
              issuer: as.issuer,
              ...(careless ? { careless } : {}),
            });
            try {
              const byId = await verdicts(server, oauth, version);
              for (const id of probesOf(version)) {
                const result = byId[id];
                assert.ok(result, `${id} ran`);
                const want = failing.includes(id) ? "fail" : "pass";
                assert.equal(result.status, want, `${id} on ${label}: ${JSON.stringify(result)}`);
                assert.equal(result.rule?.severity, "MUST");
              }
            } finally {
              await server.close();
            }
          });
        }
      }
    } finally {
      await as.close();
    }
  },
);

Deno.test(
  "token-validation probes: an opaque token skips the JWT probes with a reason; the query probe still runs",
  opts,
  async (t) => {
    const token = "opaque-token-xyz123";
    const bearer: AuthConfig = { kind: "bearer", token };
    for (
      const [label, queryToken, status] of [["validating", false, "pass"], [
        "careless",
        true,
        "fail",
      ]] as const
    ) {
      await t.step(label, async () => {
        const server = startProtectedServer({
          accept: new Map([["authorization", new Set([`Bearer ${token}`])]]),
          careless: { queryToken },
        });
        try {
          const run = await runCompliance({
            server: spec(server.url, bearer),
            version: "v2025-11-25",
            only: ["AUTH-008", "AUTH-009", "AUTH-010", "AUTH-011"],
            connect: (s) => connect(s),
          });
          const byId = Object.fromEntries(run.results.map((r) => [r.id.split("::")[2]!, r]));
          assert.equal(byId["AUTH-011"]?.status, "skip");
          assert.match(byId["AUTH-011"]?.skipReason ?? "", /not OAuth/);
          for (const id of ["AUTH-008", "AUTH-009"]) {
            assert.equal(byId[id]?.status, "skip");
            assert.match(byId[id]?.skipReason ?? "", /not a signed JWT/);
          }
          assert.equal(byId["AUTH-010"]?.status, status);
          assert.ok(!JSON.stringify(run.results).includes(token));
        } finally {
          await server.close();
        }
      });
    }
  },
);

Deno.test(
  "token-validation probes: custom headers without Authorization are not an authorization configuration",
  opts,
  async () => {
    const server = startProtectedServer({
      accept: new Map([["x-api-key", new Set(["k-123456"])]]),
    });
    try {
      const run = await runCompliance({
        server: spec(server.url, {
          kind: "headers",
          headers: [{ name: "X-Api-Key", value: "k-123456" }],
        }),
        version: "v2025-11-25",
        only: ["AUTH-003", "AUTH-010"],
        connect: (s) => connect(s),
      });
      for (const result of run.results) {
        assert.equal(result.status, "skip");
        assert.match(result.skipReason ?? "", /not configured with credentials/);
      }
    } finally {
      await server.close();
    }
  },
);

Deno.test(
  "AUTH-011 is skipped with the reason when no token for another audience can be had",
  opts,
  async (t) => {
    const server = { url: "" };
    const cases: Array<{
      label: string;
      as: Parameters<typeof startAuthorizationServer>[0];
      auth: (as: { id: string; secret: string }) => AuthConfig;
      reason: RegExp;
    }> = [
      {
        label: "the authorization server refuses the other resource (invalid_target)",
        as: { acceptsResource: (r) => r === server.url },
        auth: (c) => ({ ...CC, clientId: c.id, clientSecret: c.secret }),
        reason:
          /did not issue a token for another resource \(http:\/\/127\.0\.0\.1:\d+\/mcptest-other-audience\): .*invalid_target/,
      },
      {
        label: "the authorization server ignores the resource indicator",
        as: { audienceFor: () => server.url },
        auth: (c) => ({ ...CC, clientId: c.id, clientSecret: c.secret }),
        reason: /ignored the resource indicator/,
      },
      {
        label: "a refresh token grant",
        as: {},
        auth: (c) => ({
          kind: "oauth",
          grant: "refresh_token",
          clientId: c.id,
          clientSecret: c.secret,
          refreshToken: "set below",
        }),
        reason: /grant is refresh_token: only the client credentials grant/,
      },
      {
        label: "a dynamically registered client",
        as: {},
        auth: () => ({ kind: "oauth", grant: "client_credentials", scope: "mcp" }),
        reason: /registered dynamically/,
      },
    ];
    for (const c of cases) {
      await t.step(c.label, async () => {
        const as = await startAuthorizationServer({ accessTokenTtl: 300, ...c.as });
        const protectedServer = startProtectedServer({ issuer: as.issuer });
        server.url = protectedServer.url;
        try {
          let auth = c.auth(as.client);
          if (auth.kind === "oauth" && auth.grant === "refresh_token") {
            auth = { ...auth, refreshToken: await as.mintRefreshToken(protectedServer.url) };
          }
          const byId = await verdicts(protectedServer, auth, "v2025-11-25", [
            "AUTH-003",
            "AUTH-011",
          ]);
          assert.equal(byId["AUTH-003"]?.status, "pass", "the run's own token works");
          assert.equal(byId["AUTH-011"]?.status, "skip", JSON.stringify(byId["AUTH-011"]));
          assert.match(byId["AUTH-011"]?.skipReason ?? "", c.reason);
        } finally {
          await protectedServer.close();
          await as.close();
        }
      });
    }
  },
);
