/** @module Tests of text and JSON-value redaction: every form of a secret, all lengths, keys untouched. */

import assert from "node:assert/strict";
import { createRedactor, REDACTED } from "../../src/0_base/redaction/redactor.ts";
import { redactionMark, redactText } from "../../src/0_base/redaction/redact.ts";
import { redactValue } from "../../src/4_record/redact_value.ts";
import { secretForms } from "../../src/0_base/redaction/secret_forms.ts";
import { redactUrl, redactUrlsInText } from "../../src/0_base/util/redact_url.ts";
import { StderrTail } from "../../src/2_connect/transport/stderr_tail.ts";

const PEM = '-----BEGIN PRIVATE KEY-----\nMIIEv"Q\\IBADAN\n-----END PRIVATE KEY-----';

Deno.test("redactValue() hides secrets in string values and never touches keys", () => {
  const value = {
    a: "key s3cr3t-value here",
    list: ["s3cr3t-value"],
    ["k-s3cr3t-value"]: 1,
    max_response_tokens: "tok",
    n: 5,
    ok: true,
    none: null,
  };
  const out = redactValue(value, ["s3cr3t-value", "tok"]);
  assert.deepEqual(out, {
    a: `key ${REDACTED} here`,
    list: [REDACTED],
    ["k-s3cr3t-value"]: 1,
    max_response_tokens: REDACTED,
    n: 5,
    ok: true,
    none: null,
  });
  assert.deepEqual(Object.keys(out), Object.keys(value));
});

Deno.test("redactValue() keeps a __proto__ key a plain key", () => {
  const value = JSON.parse('{"__proto__": {"x": "sec!"}}');
  const out = redactValue(value, ["sec!"]) as Record<string, unknown>;
  assert.ok(Object.hasOwn(out, "__proto__"));
  assert.equal(Object.getPrototypeOf(out), Object.prototype);
  assert.deepEqual(out["__proto__"], { x: REDACTED });
});

Deno.test("redactText() hides every form a secret takes in output", async (t) => {
  await t.step("raw, and overlapping or touching occurrences as one mark", () => {
    assert.equal(redactText("abcdef", ["abc", "abcdef"]), REDACTED);
    assert.equal(redactText("x ababa y", ["aba"]), `x ${REDACTED} y`);
    assert.equal(redactText("xabcy", ["ab", "bc"]), `x${REDACTED}y`);
  });
  await t.step("a PEM key JSON-escaped once, twice and three times", () => {
    const once = JSON.stringify({ key: PEM });
    const twice = JSON.stringify({ error: once });
    const thrice = JSON.stringify({ body: twice });
    for (const text of [PEM, once, twice, thrice]) {
      const out = redactText(text, [PEM]);
      assert.ok(out.includes(REDACTED), text);
      assert.ok(!out.includes("MIIEv"), out);
    }
    assert.equal(redactText(twice, [PEM]), `{"error":"{\\"key\\":\\"${REDACTED}\\"}"}`);
  });
  await t.step("JSON \\uXXXX escapes (ensure_ascii) and \\/ escapes", () => {
    assert.equal(
      redactText('{"p":"p\\u00e4ss w\\u00f6rd","q":"p\\u00C4SS"}', ["päss wörd", "pÄSS"]),
      `{"p":"${REDACTED}","q":"${REDACTED}"}`,
    );
    assert.equal(redactText('"a\\/b\\/c"', ["a/b/c"]), `"${REDACTED}"`);
  });
  await t.step("URL-encoded: encodeURIComponent, lower-case hex, form encoding with +", () => {
    const secret = "p@ss w/rd+&é";
    for (
      const form of [
        encodeURIComponent(secret),
        encodeURIComponent(secret).toLowerCase(),
        new URLSearchParams({ s: secret }).toString().slice(2),
      ]
    ) {
      assert.equal(redactText(`?q=${form}&x=1`, [secret]), `?q=${REDACTED}&x=1`, form);
    }
  });
  await t.step("standalone base64 for secrets of four characters or more", () => {
    assert.equal(redactText(`Basic ${btoa("hunter22")}`, ["hunter22"]), `Basic ${REDACTED}`);
    assert.equal(redactText("x=dGVzdA", ["test"]), `x=${REDACTED}`);
    assert.deepEqual(secretForms("ab").filter((f) => f === btoa("ab")), []);
  });
  await t.step("the parts of a secret URL: password and query values", () => {
    const secret = "https://user:hunter22@h.test/mcp?api_key=k-123456";
    const out = redactText("http 401 from https://h.test/mcp?api_key=k-123456 (hunter22)", [
      secret,
    ]);
    assert.ok(!out.includes("k-123456") && !out.includes("hunter22"), out);
  });
  await t.step("an empty secret list or empty secret changes nothing", () => {
    assert.equal(redactText("abc", []), "abc");
    assert.equal(redactText("abc", [""]), "abc");
  });
});

Deno.test("redactText() hides one-letter secrets too, with a mark they cannot touch", async (t) => {
  await t.step("every occurrence of a one-letter secret is hidden", () => {
    assert.equal(redactText("a b a", ["a"]), `${REDACTED} b ${REDACTED}`);
    assert.equal(redactText("aaa", ["a"]), REDACTED);
  });
  await t.step("a secret inside [REDACTED] switches to another mark", () => {
    for (const secret of ["E", "R", "D", "[", "]"]) {
      const mark = redactionMark([secret]);
      assert.ok(!mark.includes(secret), `${secret} -> ${mark}`);
      const out = redactText(`x${secret}y ${secret}`, [secret]);
      assert.ok(!out.includes(secret), out);
      assert.equal(out, `x${mark}y ${mark}`);
    }
  });
  await t.step("when every mark is ruled out, secrets are deleted, and none reappears", () => {
    const secrets = ["[", "<", "*", "#", "•", "▮"];
    const redactor = createRedactor(secrets);
    assert.equal(redactor.mark, "");
    assert.equal(redactText("a[b<c*d#e•f▮g", secrets), "abcdefg");
    assert.equal(redactText("a[b!", [...secrets, "ab"]), "!");
  });
});

Deno.test("redactUrl() drops credentials, and query values when asked", async (t) => {
  await t.step("credentials only by default", () => {
    assert.equal(redactUrl("https://a:b@h.test/p?q=1"), "https://h.test/p?q=1");
    assert.equal(redactUrl("https://h.test/p"), "https://h.test/p");
    assert.equal(redactUrl("not a url"), "not a url");
  });
  await t.step("query values hidden, names and fragment kept", () => {
    assert.equal(
      redactUrl("https://u:p@h.test/p?api_key=abc&flag&x=1#f", { query: true }),
      "https://h.test/p?api_key=[REDACTED]&flag&x=[REDACTED]#f",
    );
    assert.equal(redactUrl("https://h.test/p", { query: true }), "https://h.test/p");
  });
  await t.step("URLs inside text; stdio labels untouched", () => {
    assert.equal(
      redactUrlsInText("see https://u:pw@h.test/m?k=v now", { query: true }),
      "see https://h.test/m?k=[REDACTED] now",
    );
    assert.equal(redactUrlsInText("stdio://node srv.js?x=1"), "stdio://node srv.js?x=1");
  });
});

Deno.test("StderrTail hides secrets, a multi-line PEM key included", () => {
  const tail = new StderrTail(3, [PEM, "tok"]);
  for (const line of ["tok=tok", ...PEM.split("\n")]) tail.add(line);
  const text = tail.lines().join("\n") + tail.summary();
  assert.ok(!text.includes("MIIEv") && !text.includes("tok"), text);
  assert.ok(text.includes(REDACTED));
  const plain = new StderrTail(2);
  plain.add("a");
  plain.add("b");
  assert.deepEqual(plain.lines(), ["a", "b"]);
});
