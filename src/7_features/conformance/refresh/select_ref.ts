/** @module Version selection for refresh (seed 002): pick the upstream ref, and say why. */

import { redactUrl } from "../../../2_connect/transport/failure_layer.ts";
import { RefreshNetworkError } from "./errors.ts";
import { get, getJson, type Upstream } from "./github.ts";

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
 * `revision` first); if none qualifies, fall back to the default branch HEAD.
 */
export async function selectRef(
  upstream: Upstream,
  sourcePath: string,
  revision: string,
  pinned?: string,
): Promise<RefChoice> {
  if (pinned !== undefined) return { ref: pinned, why: [`ref ${pinned}: pinned by --ref`] };
  const why: string[] = [];
  const api = `${upstream.apiBase}/repos/${upstream.owner}/${upstream.repo}`;
  const tagsUrl = `${api}/tags?per_page=100`;
  const names = tagNames(await getJson(upstream, tagsUrl), tagsUrl);
  const ordered = [...names].sort(compareVersionsDesc);
  const preferred = revision === "latest" ? ordered : [
    ...ordered.filter((n) => versionFromRef(n) === revision),
    ...ordered.filter((n) => versionFromRef(n) !== revision),
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
  if (names.length === 0) why.push("no tag to choose from: the repository has none");
  const branch = defaultBranch(await getJson(upstream, api), api);
  why.push(`ref ${branch}: no tag contains ${sourcePath}, so the default branch HEAD is used`);
  return { ref: branch, why };
}

/** A git ref name as GitHub returns it: printable, no spaces, no control characters. */
const REF_NAME = /^[A-Za-z0-9][A-Za-z0-9._\/+-]{0,254}$/;

/**
 * The tag names of a GitHub tags answer: a JSON array of objects with a string `name`.
 * @throws {RefreshNetworkError} for any other shape (exit 3): upstream did not answer as GitHub does
 */
export function tagNames(answer: unknown, url: string): string[] {
  const names = Array.isArray(answer)
    ? answer.map((t) =>
      t !== null && typeof t === "object" && !Array.isArray(t) &&
        typeof (t as { name?: unknown }).name === "string"
        ? (t as { name: string }).name
        : undefined
    )
    : [];
  if (!Array.isArray(answer) || names.some((n) => n === undefined || !REF_NAME.test(n))) {
    throw new RefreshNetworkError(
      `unexpected answer from ${
        redactUrl(url)
      }: expected a JSON array of tags, each an object with a ref name in "name"`,
    );
  }
  return names as string[];
}

/** The `default_branch` of a GitHub repository answer. @throws {RefreshNetworkError} (exit 3) */
export function defaultBranch(answer: unknown, url: string): string {
  const branch = answer !== null && typeof answer === "object"
    ? (answer as { default_branch?: unknown }).default_branch
    : undefined;
  if (typeof branch !== "string" || !REF_NAME.test(branch)) {
    throw new RefreshNetworkError(
      `unexpected answer from ${
        redactUrl(url)
      }: expected a repository object with a ref name in "default_branch"`,
    );
  }
  return branch;
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
