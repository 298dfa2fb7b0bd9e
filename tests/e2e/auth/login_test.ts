/** @module `mcptest auth login` / `logout` (real CLI) against oidc-provider: PKCE, dynamic client registration, the loopback listener, a user-only token file that later runs use. */

import assert from "node:assert/strict";
import { mcptest, spawnMcptest } from "../../_helpers/cli.ts";
import { startAuthorizationServer } from "../../fixtures/auth/authorization_server.ts";
import { startProtectedServer } from "../../fixtures/auth/protected_server.ts";
import { echoSuite } from "../../2_connect/auth/_suite.ts";
import { HANG_MS } from "../../_helpers/wait.ts";

const CODE = "      oauth:\n        grant: authorization_code\n" +
  "        scope: openid offline_access mcp\n";

/** A scripted browser: follows redirects by hand, keeps cookies, logs in and consents. */
async function authorizeAs(account: string, start: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = start;
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    const response = await fetch(url, {
      method: body ? "POST" : "GET",
      redirect: "manual",
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
        ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      ...(body ? { body } : {}),
      signal: AbortSignal.timeout(HANG_MS),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    const text = await response.text();
    body = undefined;
    const location = response.headers.get("location");
    if (location) {
      url = new URL(location, url).href;
      if (new URL(url).pathname === "/callback") {
        const done = await fetch(url, { signal: AbortSignal.timeout(HANG_MS) });
        return await done.text();
      }
      continue;
    }
    const prompt = /name="prompt" value="(\w+)"/.exec(text)?.[1];
    if (response.status !== 200 || prompt === undefined) {
      throw new Error(`unexpected page ${response.status} at ${url}: ${text.slice(0, 300)}`);
    }
    body = new URLSearchParams(
      prompt === "login" ? { prompt, login: account, password: "test" } : { prompt },
    );
  }
  throw new Error("too many redirects");
}

Deno.test("mcptest auth login: authorization code + PKCE through a loopback listener; run uses the stored tokens; logout forgets them", async () => {
  const as = await startAuthorizationServer({ accessTokenTtl: 60, interactions: true });
  const server = startProtectedServer({ issuer: as.issuer });
  const dir = await Deno.makeTempDir({ prefix: "mcptest-auth-" });
  const env = { XDG_CONFIG_HOME: `${dir}/config` };
  try {
    await Deno.writeTextFile(`${dir}/suite.yml`, echoSuite(server.url, CODE, 2));
    const before = await mcptest(["run", "suite.yml"], { cwd: dir, env });
    assert.equal(before.code, 1);
    assert.match(before.stdout, /no stored tokens for \S+; run mcptest auth login first/);

    // The redirect comes when the scripted browser below is done: the timeout only bounds a hang.
    const child = spawnMcptest(["auth", "login", "api", "suite.yml", "--timeout", `${HANG_MS}`], {
      cwd: dir,
      env,
      stdout: "piped",
      stderr: "piped",
    });
    const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
    let out = "";
    while (!/waiting for the redirect/.test(out)) {
      const { value, done } = await lines.read();
      if (done) break;
      out += value;
    }
    const authorizeUrl = /https?:\/\/\S+\/auth\?\S+/.exec(out)?.[0];
    assert.ok(authorizeUrl, out);
    const params = new URL(authorizeUrl).searchParams;
    assert.equal(params.get("code_challenge_method"), "S256");
    assert.equal(params.get("resource"), server.url);
    assert.match(params.get("redirect_uri")!, /^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const page = await authorizeAs("dev-user", authorizeUrl);
    assert.match(page, /authorization received/);
    for (;;) {
      const { value, done } = await lines.read();
      if (done) break;
      out += value;
    }
    const status = await child.status;
    const stderr = await new Response(child.stderr).text();
    assert.equal(status.code, 0, out + stderr);
    assert.match(out, /logged in to \S+ through \S+ \(client \S+, registered dynamically/);

    const file = `${dir}/config/mcptest/tokens.json`;
    assert.equal((await Deno.stat(file)).mode! & 0o777, 0o600);
    const stored = JSON.parse(await Deno.readTextFile(file))[server.url];
    assert.ok(stored.accessToken && stored.refreshToken && stored.client.clientId);
    assert.equal(out.includes(stored.accessToken), false, "the token is never printed");

    const after = await mcptest(["run", "suite.yml"], { cwd: dir, env });
    assert.equal(after.code, 0, after.stdout + after.stderr);
    assert.equal(after.stdout.includes(stored.accessToken), false);

    const logout = await mcptest(["auth", "logout", "api", "suite.yml"], { cwd: dir, env });
    assert.equal(logout.code, 0, logout.stderr);
    assert.match(logout.stdout, /removed the stored tokens/);
    assert.deepEqual(JSON.parse(await Deno.readTextFile(file)), {});
    const again = await mcptest(["auth", "logout", "api", "suite.yml"], { cwd: dir, env });
    assert.match(again.stdout, /no stored tokens/);
  } finally {
    await Deno.remove(dir, { recursive: true });
    await server.close();
    await as.close();
  }
});

Deno.test("mcptest auth login refuses a server without an oauth block (exit 2)", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mcptest-auth-" });
  try {
    await Deno.writeTextFile(
      `${dir}/suite.yml`,
      echoSuite("http://127.0.0.1:9/mcp", "      bearer:\n        token_Env: T\n", 1),
    );
    const run = await mcptest(["auth", "login", "api", "suite.yml"], { cwd: dir, env: { T: "x" } });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /has no auth: oauth block \(bearer\)/);
    const unknown = await mcptest(["auth", "login", "nope", "suite.yml"], {
      cwd: dir,
      env: { T: "x" },
    });
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown server "nope"; expected one of: api/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
