/** @module Secrets hide in every form they take on the way out (Python quote and repr, CRLF PEM, oauth4webapi's encoding) and as object keys of server data. */

import assert from "node:assert/strict";
import fc from "fast-check";
import * as oauth from "oauth4webapi";
import { redactJsonValue, redactText } from "../../../src/0_base/redaction/redact.ts";
import { secretForms } from "../../../src/0_base/redaction/secret_forms.ts";
import { KEY_VOCABULARY } from "../../../src/0_base/redaction/key_vocabulary.ts";
import { redactCapture } from "../../../src/4_record/redact_record.ts";

const SECRET = "s3cr/t+key-~!*'() é";

Deno.test("secretForms() covers the encodings other tools use", async (t) => {
  await t.step("Python urllib.parse.quote (safe '/') and quote_plus", () => {
    // quote("s3cr/t+key-~!*'() é") and quote_plus(...), as Python 3 prints them.
    const quote = "s3cr/t%2Bkey-~%21%2A%27%28%29%20%C3%A9";
    const quotePlus = "s3cr%2Ft%2Bkey-~%21%2A%27%28%29+%C3%A9";
    const forms = secretForms(SECRET);
    assert.ok(forms.includes(quote), quote);
    assert.ok(forms.includes(quotePlus), quotePlus);
    assert.equal(redactText(`GET /x?k=${quote}`, [SECRET]), "GET /x?k=[REDACTED]");
  });
  await t.step("Python repr(), either quote", () => {
    const secret = 'it\'s a "key"\\\n';
    assert.equal(redactText(`value='it\\'s a "key"\\\\\\n'`, [secret]), "value='[REDACTED]'");
    assert.equal(redactText(`value="it's a \\"key\\"\\\\\\n"`, [secret]), 'value="[REDACTED]"');
  });
  await t.step("a PEM key written with CRLF line ends, raw and JSON-escaped", () => {
    const pem = "-----BEGIN KEY-----\nMIIBx\n-----END KEY-----";
    const crlf = pem.replaceAll("\n", "\r\n");
    assert.equal(redactText(`key: ${crlf}.`, [pem]), "key: [REDACTED].");
    assert.equal(redactText(JSON.stringify({ k: crlf }), [pem]), '{"k":"[REDACTED]"}');
  });
});

Deno.test("a client secret echoed in oauth4webapi's own encoding is hidden", async () => {
  let authorization = "";
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (req) => {
    authorization = req.headers.get("authorization") ?? "";
    return Response.json({ error: "invalid_client" }, { status: 401 });
  });
  const origin = `http://127.0.0.1:${(server.addr as Deno.NetAddr).port}`;
  try {
    const as = { issuer: origin, token_endpoint: `${origin}/token` };
    const response = await oauth.clientCredentialsGrantRequest(
      as,
      { client_id: "cli" },
      oauth.ClientSecretBasic(SECRET),
      new URLSearchParams(),
      { [oauth.allowInsecureRequests]: true },
    );
    await response.body?.cancel();
    const [, encoded] = atob(authorization.replace(/^Basic /, "")).split(":");
    assert.ok(encoded !== undefined && encoded !== SECRET, "oauth4webapi encodes the secret");
    const echoed = `invalid_client: client_secret=${encoded} was not accepted`;
    assert.equal(
      redactText(echoed, [SECRET]),
      "invalid_client: client_secret=[REDACTED] was not accepted",
    );
  } finally {
    await server.shutdown();
  }
});

Deno.test("secrets are hidden in the keys of server data, never in a document's own keys", async (t) => {
  await t.step("a snapshot (plain JSON): keys redacted, two alike stay two", () => {
    const value = { [`${SECRET}`]: 1, [`x${SECRET}`]: 2, ok: { [`${SECRET}!`]: true } };
    const out = redactJsonValue(value, [SECRET], { keys: "data" });
    assert.deepEqual(out, { "[REDACTED]": 1, "x[REDACTED]": 2, ok: { "[REDACTED]!": true } });
    const twins = redactJsonValue(
      { [`a${SECRET}`]: 1, [`a${encodeURIComponent(SECRET)}`]: 2 },
      [SECRET],
      { keys: "data" },
    );
    assert.deepEqual(Object.keys(twins), ["a[REDACTED]", "a[REDACTED]~2"]);
  });
  await t.step("protocol vocabulary keys stay even when a secret equals one", () => {
    assert.deepEqual(redactJsonValue({ tools: ["tools"] }, ["tools"], { keys: "data" }), {
      tools: ["[REDACTED]"],
    });
  });
  await t.step("a capture: result keys redacted, envelope keys kept", () => {
    const capture = {
      server_label: "stdio://x",
      server_capabilities: { [SECRET]: {} },
      exchanges: [{
        request: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { [SECRET]: "v" } },
        response: { jsonrpc: "2.0", id: 1, result: { [SECRET]: SECRET } },
      }],
    };
    const text = JSON.stringify(redactCapture(capture, ["jsonrpc", SECRET]));
    assert.ok(!text.includes(SECRET), text);
    assert.match(
      text,
      /"exchanges":\[\{"request":\{"jsonrpc":"2\.0","id":1,"method":"tools\/call"/,
    );
    assert.match(text, /"result":\{"\[REDACTED\]":"\[REDACTED\]"\}/);
  });
});

Deno.test("redactJsonValue() leaves no form of a secret in keys or values (property)", () => {
  const secret = fc.string({ minLength: 4, maxLength: 12 }).filter((s) =>
    s.trim() === s && !KEY_VOCABULARY.has(s)
  );
  fc.assert(
    fc.property(
      secret,
      fc.array(fc.tuple(fc.string(), fc.string()), { maxLength: 5 }),
      (s, pairs) => {
        const forms = secretForms(s);
        const value: Record<string, unknown> = {};
        pairs.forEach(([k, v], i) => {
          const form = forms[i % forms.length]!;
          value[`${k}${form}`] = `${v}${form}`;
        });
        const text = JSON.stringify(redactJsonValue(value, [s], { keys: "data" }));
        for (const form of forms) {
          if (form.length >= 4) assert.ok(!text.includes(form), `${form} in ${text}`);
        }
      },
    ),
    { numRuns: 200 },
  );
});
