/** @module Test helper: a loopback stand-in for the GitHub API and codeload, serving tarballs built here. */

import { createTar } from "nanotar";

/** What the fake upstream serves. */
export interface UpstreamConfig {
  tags: string[];
  /** Tags whose tree contains the source path. */
  tagsWithSource: string[];
  defaultBranch: string;
  /** ref -> gzipped tarball. */
  tarballs: Record<string, Uint8Array>;
  /** Answer every request with a 403 rate-limit response. */
  rateLimited?: boolean;
}

/** A request the fake saw. */
export interface UpstreamRequest {
  readonly path: string;
  readonly authorization: string | null;
}

/** A running fake upstream; `close()` stops it. */
export interface FakeUpstream {
  readonly base: string;
  readonly requests: UpstreamRequest[];
  readonly config: UpstreamConfig;
  close(): Promise<void>;
}

/** Start the fake on 127.0.0.1 (API under /api, tarballs under /codeload). */
export function startUpstream(config: UpstreamConfig): FakeUpstream {
  const requests: UpstreamRequest[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (request) => {
    const url = new URL(request.url);
    requests.push({
      path: url.pathname + url.search,
      authorization: request.headers.get("authorization"),
    });
    if (config.rateLimited) {
      return new Response('{"message":"API rate limit exceeded"}', {
        status: 403,
        headers: { "x-ratelimit-remaining": "0", "x-ratelimit-reset": "1900000000" },
      });
    }
    const json = (value: unknown) => Response.json(value);
    const api = /^\/api\/repos\/[^/]+\/[^/]+(\/.*)?$/.exec(url.pathname);
    if (api) {
      const rest = api[1] ?? "";
      if (rest === "") return json({ default_branch: config.defaultBranch });
      if (rest === "/tags") {
        return json(config.tags.map((name) => ({ name, commit: { sha: "0" } })));
      }
      if (rest.startsWith("/contents/")) {
        const ref = url.searchParams.get("ref") ?? "";
        return config.tagsWithSource.includes(ref) ? json([]) : new Response("{}", { status: 404 });
      }
    }
    const tar = /^\/codeload\/[^/]+\/[^/]+\/tar\.gz\/(.+)$/.exec(url.pathname);
    const body = tar ? config.tarballs[decodeURIComponent(tar[1] ?? "")] : undefined;
    if (body) {
      return new Response(body as Uint8Array<ArrayBuffer>, {
        headers: { "content-type": "application/x-gzip" },
      });
    }
    return new Response("not found", { status: 404 });
  });
  return {
    base: `http://127.0.0.1:${server.addr.port}`,
    requests,
    config,
    close: () => server.shutdown(),
  };
}

/** A tar entry to build: a file, or a raw type flag for links and headers. */
export interface Entry {
  readonly name: string;
  readonly data?: string;
  /** Tar type flag to force ('2' symlink, '1' hard link, 'g' pax global header). */
  readonly type?: string;
}

/** Build a gzipped tarball like codeload's (entries under `<top>/`), patching type flags as asked. */
export async function tarball(entries: Entry[]): Promise<Uint8Array> {
  const tar = createTar(entries.map((e) => ({ name: e.name, data: e.data ?? "" })));
  let offset = 0;
  for (const entry of entries) {
    if (entry.type !== undefined) patchType(tar, offset, entry.type);
    const size = new TextEncoder().encode(entry.data ?? "").length;
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return await gzip(tar);
}

function patchType(tar: Uint8Array, offset: number, type: string): void {
  tar[offset + 156] = type.charCodeAt(0);
  for (let i = 148; i < 156; i++) tar[offset + i] = 32;
  let sum = 0;
  for (let i = 0; i < 512; i++) sum += tar[offset + i] ?? 0;
  const octal = sum.toString(8).padStart(6, "0");
  for (let i = 0; i < 6; i++) tar[offset + 148 + i] = octal.charCodeAt(i);
  tar[offset + 154] = 0;
  tar[offset + 155] = 32;
}

async function gzip(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data as Uint8Array<ArrayBuffer>]).stream().pipeThrough(
    new CompressionStream("gzip"),
  );
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A minimal SEP file. */
export function sepYaml(sep: number): string {
  return `sep: ${sep}\nspec_url: https://modelcontextprotocol.io/x\nrequirements:\n  - check: sep-${sep}-a\n    text: 'Servers MUST a.'\n`;
}
