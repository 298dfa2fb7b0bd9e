/** @module Version selection for refresh (seed 002): pick the upstream ref, and say why. */

import { get, type Upstream } from "./github.ts";

/** The ref to fetch and the reasons, in order. */
export interface RefChoice {
  readonly ref: string;
  readonly why: readonly string[];
}

/** How many tags we look into (each costs one API request). */
const MAX_TAGS_PROBED = 5;

/**
 * `--ref` wins. Otherwise list the tags, keep those whose tree contains `sourcePath` (the
 * contents API answers 200), take the highest version (a tag whose derived spec version equals
 * `targetVersion` first); if none qualifies, fall back to the default branch HEAD.
 */
export async function selectRef(
  upstream: Upstream,
  sourcePath: string,
  targetVersion: string,
  pinned?: string,
): Promise<RefChoice> {
  if (pinned !== undefined) return { ref: pinned, why: [`ref ${pinned}: pinned by --ref`] };
  const why: string[] = [];
  const api = `${upstream.apiBase}/repos/${upstream.owner}/${upstream.repo}`;
  const tags = await (await get(upstream, `${api}/tags?per_page=100`)).json() as Array<
    { name?: unknown }
  >;
  const names = tags.map((t) => t.name).filter((n): n is string => typeof n === "string");
  const ordered = [...names].sort(compareVersionsDesc);
  const preferred = targetVersion === "latest" ? ordered : [
    ...ordered.filter((n) => versionFromRef(n) === targetVersion),
    ...ordered.filter((n) => versionFromRef(n) !== targetVersion),
  ];
  for (const tag of preferred.slice(0, MAX_TAGS_PROBED)) {
    const url = `${api}/contents/${sourcePath.split("/").map(encodeURIComponent).join("/")}?ref=${
      encodeURIComponent(tag)
    }`;
    const response = await get(upstream, url, true);
    await response.body?.cancel();
    if (response.status !== 404) {
      why.push(`ref ${tag}: the highest tag whose tree contains ${sourcePath}`);
      return { ref: tag, why };
    }
    why.push(`tag ${tag} skipped: its tree has no ${sourcePath}`);
  }
  if (names.length === 0) why.push("the repository has no tags");
  const repo = await (await get(upstream, api)).json() as { default_branch?: unknown };
  const branch = typeof repo.default_branch === "string" ? repo.default_branch : "main";
  why.push(`ref ${branch}: no tag contains ${sourcePath}, so the default branch HEAD is used`);
  return { ref: branch, why };
}

/** The spec version a ref name encodes (`spec-2026-07-28-RC` -> `2026-07-28-rc`), if any. */
export function versionFromRef(ref: string): string | undefined {
  const match = /(\d{4}-\d{2}-\d{2})(-[A-Za-z0-9]+)?(?![\d])/.exec(ref);
  if (!match) return undefined;
  return `${match[1]}${(match[2] ?? "").toLowerCase()}`;
}

/** Order tag names by their numbers, highest first (`v0.10.0` above `v0.9.1`). */
export function compareVersionsDesc(a: string, b: string): number {
  const na = (a.match(/\d+/g) ?? []).map(Number);
  const nb = (b.match(/\d+/g) ?? []).map(Number);
  for (let i = 0; i < Math.max(na.length, nb.length); i++) {
    const d = (nb[i] ?? -1) - (na[i] ?? -1);
    if (d !== 0) return d;
  }
  // A pre-release suffix (-alpha, -rc) sorts below the plain release.
  const pa = /-[a-z]/i.test(a) ? 1 : 0;
  const pb = /-[a-z]/i.test(b) ? 1 : 0;
  return pa - pb || a.localeCompare(b);
}
