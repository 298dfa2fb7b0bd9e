/** @module The two sides of `mcptest compliance diff`: a revision of the embedded corpus, or a corpus folder on disk. */

import { basename, dirname } from "../0_base/util/path.ts";
import type { ComplianceCorpus, RevisionCorpus } from "../3_load/compliance_corpus/types.ts";
import { COMPLIANCE_CORPUS } from "../3_load/compliance_corpus/embedded.ts";
import { loadCorpusDir } from "../3_load/compliance_corpus/load_dir.ts";

/**
 * The corpus `compliance diff FROM TO` compares: each side is a revision name of the embedded
 * corpus (`v2025-06-18`) or a folder `<root>/<version>` whose `<root>` holds a rule registry
 * (`registry.yml`), loaded and validated as the embedded corpus is. The result holds the two
 * sides under their arguments as given; its registry is the folders' (the later one wins).
 *
 * @throws {ConfigErrors} a folder's corpus does not validate
 */
export async function diffSides(from: string, to: string): Promise<ComplianceCorpus> {
  const sides = await Promise.all([from, to].map(loadSide));
  const registry = Object.assign({}, ...sides.map((s) => s.corpus.registry));
  const revisions: Record<string, RevisionCorpus> = {};
  for (const [arg, side] of [[from, sides[0]!], [to, sides[1]!]] as const) {
    const revision = Object.hasOwn(side.corpus.revisions, side.name)
      ? side.corpus.revisions[side.name]
      : undefined;
    if (revision) revisions[arg] = revision;
  }
  return sides.every((s) => s.corpus === COMPLIANCE_CORPUS)
    ? COMPLIANCE_CORPUS
    : { registry, revisions };
}

async function loadSide(arg: string): Promise<{ corpus: ComplianceCorpus; name: string }> {
  if (!(await isDirectory(arg))) return { corpus: COMPLIANCE_CORPUS, name: arg };
  const root = dirname(arg.replace(/[\\/]+$/, ""));
  return { corpus: await loadCorpusDir(root), name: basename(arg.replace(/[\\/]+$/, "")) };
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await Deno.stat(path)).isDirectory;
  } catch {
    return false;
  }
}
