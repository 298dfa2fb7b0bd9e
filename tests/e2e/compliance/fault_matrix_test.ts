/** @module Every rule of every revision passes on the conformant fixture and fails when the fixture breaks exactly that rule. */

import assert from "node:assert/strict";
import { COMPLIANCE_CORPUS } from "../../../src/3_load/compliance_corpus/embedded.ts";
import { runCompliance } from "../../../src/5_execute/compliance/run_compliance.ts";
import { severityIn } from "../../../src/3_load/compliance_corpus/severity.ts";
import { specUrlIn } from "../../../src/3_load/compliance_corpus/citations.ts";
import { CORPUS_VERSIONS } from "../../../src/3_load/compliance_corpus/versions.ts";
import { connect } from "../../../src/2_connect/session/connect.ts";
import { serveHttp } from "../../fixtures/compliance/faulty/http.ts";
import { FIXTURE_CREDENTIALS, httpSpec, stdioSpec } from "./_servers.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };

/**
 * The token-validation probes need a real token (a signed JWT for AUTH-008/009) and servers careless
 * in ways the compliance fixture is not: tests/compliance/auth_rules_test.ts shows each failing on
 * the careless protected server (tests/fixtures/auth/) and passing on the validating one, against a
 * real authorization server. Here the fixture's token is opaque, so AUTH-008/009 skip with that
 * reason (AUTH-010 has a fault: the fixture then accepts `?access_token=`). AUTH-011 needs an OAuth
 * client-credentials configuration (an authorization server to ask for a token for another
 * resource); the fixture's static header is not OAuth, so it skips with that reason.
 */
const TOKEN_PROBES = new Set(["AUTH-008", "AUTH-009", "AUTH-011"]);
const JWT_PROBES = new Set(["AUTH-008", "AUTH-009"]);
const OAUTH_PROBES = new Set(["AUTH-011"]);
/**
 * The MCP Apps rules judge the UI resources a server's tools name; the fixture has no MCP App, so on
 * it they are not verified (nothing to check). tests/e2e/compliance/apps_rules_test.ts shows each
 * passing on the conformant SDK app and failing on its own fault (tests/fixtures/compliance/apps/).
 */
const isAppsRule = (id: string) => id.startsWith("APPS-");

/**
 * The verdict a rule gets on the conformant fixture: pass, or, for a rule whose probe cannot draw
 * what it forbids (`verified_when` unmet), not verified (a skip saying so), never a vacuous pass.
 */
function assertConformant(
  result: { id: string; status: string; skipReason?: string },
  rule: { verified_when?: unknown },
): void {
  const detail = `${result.id} on the conformant fixture: ${JSON.stringify(result)}`;
  if (rule.verified_when === undefined) return assert.equal(result.status, "pass", detail);
  assert.equal(result.status, "skip", detail);
  assert.match(result.skipReason ?? "", /^not verified: /, detail);
}

async function pool<T>(items: readonly T[], size: number, run: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(Array.from({ length: size }, async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await run(item);
  }));
}

Deno.test(
  "compliance: every rule passes conformant and fails broken (Streamable HTTP, with credentials)",
  opts,
  async (t) => {
    const fixture = serveHttp(0, new Set());
    try {
      for (const version of CORPUS_VERSIONS) {
        await t.step(version, async () => {
          const conformant = await runCompliance({
            server: httpSpec(fixture.protectedUrl, 2000, FIXTURE_CREDENTIALS),
            version,
            connect: (s) => connect(s),
          });
          const rules = COMPLIANCE_CORPUS.revisions[version]!.rules;
          assert.equal(conformant.results.length, rules.length);
          const stdioOnly = new Set(rules.filter((r) => r.transport === "stdio").map((r) => r.id));
          for (const result of conformant.results) {
            const id = result.id.split("::")[2]!;
            if (stdioOnly.has(id)) {
              assert.equal(result.status, "skip", `${result.id}: ${JSON.stringify(result)}`);
              assert.match(result.skipReason ?? "", /stdio-only rule; the server runs over HTTP/);
              continue;
            }
            if (JWT_PROBES.has(id)) {
              assert.equal(result.status, "skip", `${result.id}: ${JSON.stringify(result)}`);
              assert.match(result.skipReason ?? "", /not a signed JWT/);
              continue;
            }
            if (OAUTH_PROBES.has(id)) {
              assert.equal(result.status, "skip", `${result.id}: ${JSON.stringify(result)}`);
              assert.match(result.skipReason ?? "", /not OAuth/);
              continue;
            }
            assertConformant(result, rules.find((r) => r.id === id)!);
          }
          // A fixture of its own per broken rule: the break reaches every request of the run,
          // the well-known documents on the origin included (a `?break=` query would not).
          const problems: string[] = [];
          const breakable = rules.filter((r) =>
            !stdioOnly.has(r.id) && !TOKEN_PROBES.has(r.id) && !isAppsRule(r.id)
          );
          await pool(breakable, 8, async (rule) => {
            const broken = serveHttp(0, new Set([rule.id]));
            try {
              const run = await runCompliance({
                server: httpSpec(broken.protectedUrl, 1000, FIXTURE_CREDENTIALS),
                version,
                only: [rule.id],
                connect: (s) => connect(s),
              });
              const status = run.results[0]?.status;
              if (status !== "fail") problems.push(`${rule.id}: ${status} with the rule broken`);
            } finally {
              await broken.close();
            }
          });
          assert.deepEqual(problems, []);
        });
      }
    } finally {
      await fixture.close();
    }
  },
);

Deno.test(
  "compliance: without credentials the authorization rules skip with a reason, every other rule passes",
  opts,
  async () => {
    const fixture = serveHttp(0, new Set());
    try {
      let skipped = 0;
      for (const version of CORPUS_VERSIONS) {
        const run = await runCompliance({
          server: httpSpec(fixture.url),
          version,
          connect: (s) => connect(s),
        });
        for (const result of run.results) {
          const id = result.id.split("::")[2]!;
          const rule = COMPLIANCE_CORPUS.revisions[version]!.rules.find((r) => r.id === id)!;
          if (rule.transport === "stdio") {
            assert.equal(result.status, "skip", `${result.id}: ${JSON.stringify(result)}`);
          } else if (rule.requires === "authorization") {
            skipped++;
            assert.equal(result.status, "skip", `${result.id}: ${JSON.stringify(result)}`);
            assert.match(result.skipReason ?? "", /not configured with credentials/);
          } else {
            assertConformant(result, rule);
          }
        }
      }
      assert.ok(skipped > 0, "the corpus has authorization rules");
    } finally {
      await fixture.close();
    }
  },
);

Deno.test(
  "compliance: stdio runs every non-HTTP rule conformant and skips HTTP rules with a reason",
  opts,
  async () => {
    await Promise.all(CORPUS_VERSIONS.map(async (version) => {
      const run = await runCompliance({ server: stdioSpec(), version, connect: (s) => connect(s) });
      for (const result of run.results) {
        const rule = COMPLIANCE_CORPUS.revisions[version]!.rules.find((r) =>
          `compliance::${version}::${r.id}` === result.id
        )!;
        const entry = COMPLIANCE_CORPUS.registry[rule.id]!;
        assert.deepEqual(result.rule, {
          id: rule.id,
          revision: version,
          severity: severityIn(entry, version),
          // The page cited for the judged revision (never a newer revision's page).
          specUrl: specUrlIn(entry, version),
        });
        if (rule.transport === "http") {
          assert.equal(result.status, "skip");
          assert.match(result.skipReason ?? "", /stdio/);
        } else {
          assertConformant(result, rule);
        }
      }
    }));
  },
);

Deno.test("compliance: stdio faults via --break fail exactly the broken rules", opts, async () => {
  const broken = [
    "PROTO-008",
    "SEQ-001",
    "SCHEMA-006",
    "PROTO-002",
    "EDGE-002",
    "SCHEMA-008",
    "SCHEMA-012",
    "EDGE-010",
  ];
  const run = await runCompliance({
    server: stdioSpec(broken, 60_000),
    version: "v2025-06-18",
    connect: (s) => connect(s),
  });
  const failed = run.results.filter((r) => r.status === "fail").map((r) => r.id.split("::")[2])
    .sort();
  assert.deepEqual(failed, [...broken].sort());
});
