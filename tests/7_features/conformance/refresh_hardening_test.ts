/** @module conformance refresh against hostile upstreams: gzip bombs, hanging and dripping servers, wrong-shape answers, ambiguous tar names, where GITHUB_TOKEN may go. */

import assert from "node:assert/strict";
import {
  RefreshError,
  RefreshNetworkError,
} from "../../../src/7_features/conformance/refresh/errors.ts";
import { extractCorpus } from "../../../src/7_features/conformance/refresh/extract.ts";
import { mayCarryToken } from "../../../src/7_features/conformance/refresh/github.ts";
import {
  refreshCorpus,
  type RefreshOptions,
} from "../../../src/7_features/conformance/refresh/refresh.ts";
import { sepYaml } from "./_upstream.ts";

const TOP = "conformance-abc123";
const enc = new TextEncoder();

/** One raw 512-byte tar header (ustar unless `magic` says otherwise), checksum filled in. */
function header(
  name: string,
  size: number,
  type = "0",
  extra: { prefix?: string; magic?: "ustar" | "gnu" | "v7" } = {},
): Uint8Array {
  const h = new Uint8Array(512);
  const put = (at: number, text: string) => h.set(enc.encode(text), at);
  put(0, name);
  put(100, "0000644\0");
  put(108, "0000000\0");
  put(116, "0000000\0");
  put(124, size.toString(8).padStart(11, "0") + "\0");
  put(136, "00000000000\0");
  put(156, type);
  const magic = extra.magic ?? "ustar";
  if (magic === "ustar") put(257, "ustar\u000000");
  if (magic === "gnu") put(257, "ustar  \u0000");
  if (extra.prefix !== undefined) put(345, extra.prefix);
  put(148, "        ");
  const sum = h.reduce((a, b) => a + b, 0);
  put(148, sum.toString(8).padStart(6, "0") + "\0 ");
  return h;
}

/** A tar member: header plus data padded to 512 bytes. */
function member(
  name: string,
  data: string | Uint8Array,
  type = "0",
  extra: Parameters<typeof header>[3] = {},
): Uint8Array {
  const bytes = typeof data === "string" ? enc.encode(data) : data;
  const out = new Uint8Array(512 + Math.ceil(bytes.length / 512) * 512);
  out.set(header(name, bytes.length, type, extra));
  out.set(bytes, 512);
  return out;
}

/** A pax extended header with these records (`key=value`), each length-prefixed. */
function pax(records: string[], type = "x"): Uint8Array {
  const body = records.map((r) => {
    const rest = ` ${r}\n`;
    let len = enc.encode(rest).length + 1;
    while (`${len}${rest}`.length !== len) len = enc.encode(`${len}${rest}`).length;
    return `${len}${rest}`;
  }).join("");
  return member("PaxHeader", body, type);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 1024));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out; // ends with two zero blocks
}

async function gzip(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data as Uint8Array<ArrayBuffer>]).stream().pipeThrough(
    new CompressionStream("gzip"),
  );
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

const extract = async (parts: Uint8Array[]) =>
  await extractCorpus(once(await gzip(concat(parts))), "src/seps");

Deno.test("extractCorpus() reads names the one way it checks them", async (t) => {
  const sep = sepYaml(7);
  await t.step("a pax path (long name) is honoured", async () => {
    const long = `${TOP}/src/seps/${"d".repeat(120)}/sep-7.yaml`;
    const out = await extract([pax([`path=${long}`]), member("short-name", sep)]);
    assert.deepEqual([...out.files.keys()], [`${"d".repeat(120)}/sep-7.yaml`]);
  });
  await t.step("a ustar prefix is honoured", async () => {
    const out = await extract([member("sep-7.yaml", sep, "0", { prefix: `${TOP}/src/seps` })]);
    assert.deepEqual([...out.files.keys()], ["sep-7.yaml"]);
  });
  const refused: Array<[string, Uint8Array[], RegExp]> = [
    [
      "pax path records that disagree",
      [pax([`path=${TOP}/src/seps/a.yaml`, `path=${TOP}/src/seps/../../b.yaml`]), member("x", sep)],
      /pax path records disagree/,
    ],
    [
      "a pax path and a GNU long name that disagree",
      [
        member("././@LongLink", `${TOP}/src/seps/a.yaml\0`, "L"),
        pax([`path=${TOP}/README.md`]),
        member("x", sep),
      ],
      /pax path .* and GNU long name .* disagree/,
    ],
    [
      "a pax path beside a ustar prefix",
      [pax([`path=${TOP}/docs/a.yaml`]), member("a.yaml", sep, "0", { prefix: `${TOP}/src/seps` })],
      /both a pax path and a ustar prefix/,
    ],
    [
      "a prefix field in a non-ustar header",
      [member("a.yaml", sep, "0", { magic: "v7", prefix: `${TOP}/src/seps` })],
      /non-ustar tar header with data in the prefix field/,
    ],
    [
      "a .. hidden in the ustar prefix",
      [member("sep-1.yaml", sep, "0", { prefix: `${TOP}/src/seps/../../..` })],
      /"\.\." segment/,
    ],
    [
      "a global pax header that sets a path",
      [pax(["path=conformance/src/seps"], "g"), member("x", sep)],
      /global pax header/,
    ],
    [
      "a malformed pax record",
      [member("PaxHeader", "99 path=x\n", "x"), member("x", sep)],
      /malformed pax/,
    ],
  ];
  for (const [name, parts, message] of refused) {
    await t.step(`refuses ${name}`, async () => {
      await assert.rejects(
        extract(parts),
        (e: unknown) => e instanceof RefreshError && e.exitCode === 1 && message.test(e.message),
      );
    });
  }
});

Deno.test("extractCorpus() aborts a 4 MB gzip bomb in bounded memory", async () => {
  // One tar entry claiming 8 GiB - 1, followed by zeros: 4 GiB of zeros gzip to about 4 MB.
  const zeros = new Uint8Array(4 << 20);
  let left = 1024;
  let first = true;
  const source = new ReadableStream<BufferSource>({
    pull(controller) {
      if (first) {
        first = false;
        controller.enqueue(header(`${TOP}/big.bin`, 8 * 1024 ** 3 - 1) as Uint8Array<ArrayBuffer>);
      } else if (left-- > 0) controller.enqueue(zeros);
      else controller.close();
    },
  });
  const bomb = new Uint8Array(
    await new Response(source.pipeThrough(new CompressionStream("gzip"))).arrayBuffer(),
  );
  assert.ok(bomb.length > 3_000_000 && bomb.length < 6_000_000, `a ~4 MB bomb: ${bomb.length}`);
  const before = Deno.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => peak = Math.max(peak, Deno.memoryUsage().rss), 5);
  try {
    await assert.rejects(
      extractCorpus(once(bomb), "src/seps"),
      (e: unknown) => e instanceof RefreshError && /expands past the \d+-byte cap/.test(e.message),
    );
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, Deno.memoryUsage().rss);
  const grewMb = (peak - before) / 1e6;
  assert.ok(grewMb < 300, `RSS grew ${grewMb.toFixed(0)} MB`);
});

/** A one-off 127.0.0.1 server for hostile answers. */
async function withServer(
  handler: (request: Request, url: URL) => Response | Promise<Response>,
  body: (base: string) => Promise<void>,
): Promise<void> {
  const aborts = new AbortController();
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {}, signal: aborts.signal },
    (request) => handler(request, new URL(request.url)),
  );
  try {
    await body(`http://127.0.0.1:${server.addr.port}`);
  } finally {
    aborts.abort();
    await server.finished;
  }
}

const base = (url: string): RefreshOptions => ({
  corpusDir: "/nonexistent-never-written",
  url: "https://github.com/o/r",
  apiUrl: `${url}/api`,
  codeloadUrl: `${url}/codeload`,
  env: () => undefined,
  log: () => {},
  timeoutMs: 400,
});

const exit3 = (message: RegExp) => (e: unknown) =>
  e instanceof RefreshNetworkError && e.exitCode === 3 && message.test(e.message);

Deno.test("refreshCorpus() times out every request, body included (exit 3)", async (t) => {
  const never = new Set<() => void>();
  await t.step("an upstream that never answers", async () => {
    await withServer(
      () => new Promise<Response>((resolve) => never.add(() => resolve(new Response("late")))),
      async (url) => {
        const started = performance.now();
        await assert.rejects(refreshCorpus(base(url)), exit3(/no answer within 400 ms/));
        assert.ok(performance.now() - started < 5000);
        for (const release of never) release();
      },
    );
  });
  await t.step("an upstream that drips the tarball a byte at a time", async () => {
    await withServer(() => {
      let timer: ReturnType<typeof setInterval> | undefined;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new Uint8Array([0x1f, 0x8b]));
          timer = setInterval(() => {
            try {
              controller.enqueue(new Uint8Array([0]));
            } catch {
              clearInterval(timer);
            }
          }, 50);
        },
        cancel() {
          clearInterval(timer);
        },
      });
      return new Response(body);
    }, async (url) => {
      const started = performance.now();
      await assert.rejects(
        refreshCorpus({ ...base(url), ref: "main" }),
        exit3(/tarball download failed/),
      );
      assert.ok(performance.now() - started < 5000);
    });
  });
  await t.step("an API answer that drips", async () => {
    await withServer(() => {
      let timer: ReturnType<typeof setInterval> | undefined;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(enc.encode("["));
          timer = setInterval(() => {
            try {
              controller.enqueue(enc.encode(" "));
            } catch {
              clearInterval(timer);
            }
          }, 50);
        },
        cancel() {
          clearInterval(timer);
        },
      });
      return new Response(body, { headers: { "content-type": "application/json" } });
    }, async (url) => {
      await assert.rejects(refreshCorpus(base(url)), exit3(/download failed|timed out/));
    });
  });
});

Deno.test("refreshCorpus() rejects a tags answer of the wrong shape (exit 3)", async (t) => {
  const answers: Array<[string, string]> = [
    ["an object", '{"message":"Not Found"}'],
    ["names that are not strings", '[{"name": 5}]'],
    ["entries that are not objects", '["v1.0.0"]'],
    ["a name with control characters", '[{"name": "v1\\u001b[2J"}]'],
    ["not JSON", "<html>"],
  ];
  for (const [name, answer] of answers) {
    await t.step(name, async () => {
      await withServer(
        () => new Response(answer, { headers: { "content-type": "application/json" } }),
        async (url) => {
          await assert.rejects(refreshCorpus(base(url)), exit3(/unexpected answer from .*tags/));
        },
      );
    });
  }
  await t.step("a repository answer without default_branch", async () => {
    await withServer(
      (_req, url) => Response.json(url.pathname.endsWith("/tags") ? [] : { name: "r" }),
      async (url) => {
        await assert.rejects(refreshCorpus(base(url)), exit3(/default_branch/));
      },
    );
  });
});

Deno.test("GITHUB_TOKEN goes only over https to GitHub hosts, hop by hop", async (t) => {
  await t.step("mayCarryToken()", () => {
    for (
      const url of [
        "https://api.github.com/repos/o/r/tags",
        "https://codeload.github.com/o/r/tar.gz/main",
        "https://github.com/o/r",
        "https://objects.githubusercontent.com/x",
        "https://raw.githubusercontent.com/o/r/main/x",
        "https://API.GITHUB.COM:443/x",
      ]
    ) assert.equal(mayCarryToken(url), true, url);
    for (
      const url of [
        "http://api.github.com/x",
        "https://api.github.com.evil.test/x",
        "https://evilgithub.com/x",
        "https://api.github.com:8443/x",
        "http://127.0.0.1:8080/api",
        "not a url",
      ]
    ) assert.equal(mayCarryToken(url), false, url);
  });
  await t.step("sent to the GitHub hosts, not after a redirect elsewhere", async () => {
    const seen: Array<[string, string | null]> = [];
    const tar = await gzip(concat([member(`${TOP}/src/seps/sep-5.yaml`, sepYaml(5))]));
    const fakeFetch = (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input);
      seen.push([url, new Headers(init?.headers).get("authorization")]);
      if (url.startsWith("https://codeload.github.com/")) {
        return Promise.resolve(
          new Response(null, { status: 302, headers: { location: "https://mirror.example/t.gz" } }),
        );
      }
      if (url === "https://mirror.example/t.gz") {
        return Promise.resolve(new Response(tar as Uint8Array<ArrayBuffer>));
      }
      return Promise.resolve(
        Response.json(url.endsWith("/tags?per_page=100") ? [] : { default_branch: "main" }),
      );
    };
    const summary = await refreshCorpus({
      corpusDir: await Deno.makeTempDir(),
      revision: "2026-07-28",
      dryRun: true,
      env: (name) => name === "GITHUB_TOKEN" ? "tok-123" : undefined,
      log: () => {},
      fetch: fakeFetch as typeof fetch,
    });
    assert.deepEqual(summary.diff.added, ["sep-5.yaml"]);
    assert.deepEqual(seen, [
      [
        "https://api.github.com/repos/modelcontextprotocol/conformance/tags?per_page=100",
        "Bearer tok-123",
      ],
      ["https://api.github.com/repos/modelcontextprotocol/conformance", "Bearer tok-123"],
      [
        "https://codeload.github.com/modelcontextprotocol/conformance/tar.gz/main",
        "Bearer tok-123",
      ],
      ["https://mirror.example/t.gz", null],
    ]);
  });
});
