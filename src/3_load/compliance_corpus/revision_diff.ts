/** @module The cross-version diff: which rules' expected behaviour moved between two corpus revisions. */

import { UsageError } from "../../0_base/errors/errors.ts";
import { styler } from "../../0_base/util/ansi.ts";
import { canonicalJson } from "../../0_base/util/canonical_json.ts";
import { severityIn } from "./severity.ts";
import type {
  ComplianceCorpus,
  RegistryEntry,
  RevisionCorpus,
  RuleExpectation,
  RuleSeverity,
} from "./types.ts";

/** The bucket a rule lands in. */
export type DiffBucket = "changed" | "added" | "removed" | "unchanged";

/** One rule of the diff. */
export interface DiffEntry {
  /** The rule id. */
  readonly rule: string;
  /** Where the rule landed. */
  readonly bucket: DiffBucket;
  /** The rule's expect block in the `from` revision (absent when added). */
  readonly from?: readonly RuleExpectation[];
  /** The rule's expect block in the `to` revision (absent when removed). */
  readonly to?: readonly RuleExpectation[];
  /**
   * A shared rule whose registry severity differs between the two revisions. Informational only:
   * a severity move never puts a rule in the changed bucket.
   */
  readonly severity?: { readonly from: RuleSeverity; readonly to: RuleSeverity };
}

/** Counts per bucket. */
export interface DiffSummary {
  /** Shared rules whose expect block differs. */
  readonly changed: number;
  /** Rules only in `to`. */
  readonly added: number;
  /** Rules only in `from`. */
  readonly removed: number;
  /** Shared rules with the same expect block. */
  readonly unchanged: number;
}

/** An expect block's identity: its assertions are a conjunction, so neither their order nor their keys' order counts. */
function expectKey(expect: readonly RuleExpectation[]): string {
  return JSON.stringify(expect.map(canonicalJson).sort());
}

/** The diff of two revisions: a flat entry list ordered by rule id and a precomputed summary. */
export class VersionDiff {
  /** The `from` revision's directory name. */
  readonly from: string;
  /** The `to` revision's directory name. */
  readonly to: string;
  /** Every rule of either revision, ordered by rule id. */
  readonly entries: readonly DiffEntry[];
  /** Counts per bucket. */
  readonly summary: DiffSummary;

  /** Build the diff from its entries (ordered by rule id); the summary is counted here. */
  constructor(from: string, to: string, entries: readonly DiffEntry[]) {
    this.from = from;
    this.to = to;
    this.entries = entries;
    const count = (bucket: DiffBucket) => entries.filter((e) => e.bucket === bucket).length;
    this.summary = {
      changed: count("changed"),
      added: count("added"),
      removed: count("removed"),
      unchanged: count("unchanged"),
    };
  }

  /** True when no shared rule changed its expected behaviour (added and removed rules are fine). */
  isClean(): boolean {
    return this.summary.changed === 0;
  }

  /** The breakage entries only. */
  changedRules(): DiffEntry[] {
    return this.entries.filter((e) => e.bucket === "changed");
  }

  /** Rule ids of a bucket, in rule-id order. */
  rulesIn(bucket: DiffBucket): string[] {
    return this.entries.filter((e) => e.bucket === bucket).map((e) => e.rule);
  }

  /** A human-readable summary: counts, then the changed, added and removed rules. */
  renderPretty(color: boolean): string {
    const s = styler(color);
    const { changed, added, removed, unchanged } = this.summary;
    const lines = [
      `compliance diff ${this.from} -> ${this.to}: ${changed} changed, ${added} added, ${removed} removed, ${unchanged} unchanged`,
    ];
    const section = (title: string, bucket: DiffBucket, paint: (t: string) => string) => {
      const rules = this.rulesIn(bucket);
      if (rules.length > 0) {
        lines.push(
          "",
          `${paint(title)} (${rules.length})`,
          ...rules.map((r) => `  ${r}`),
        );
      }
    };
    section("changed", "changed", s.red);
    section("added", "added", s.green);
    section("removed", "removed", s.yellow);
    const moved = this.entries.filter((e) => e.severity !== undefined);
    if (moved.length > 0) {
      lines.push(
        "",
        `severity moved, expectation not compared as a change (${moved.length})`,
        ...moved.map((e) => `  ${e.rule} ${e.severity!.from} -> ${e.severity!.to}`),
      );
    }
    lines.push(
      "",
      this.isClean()
        ? s.green("clean: no shared rule changed its expectation")
        : s.red("breaking: the changed rules above assert different behaviour"),
    );
    return lines.join("\n") + "\n";
  }

  /** The JSON form (`--format json`). */
  toJSON(): Record<string, unknown> {
    return {
      from: this.from,
      to: this.to,
      clean: this.isClean(),
      summary: this.summary,
      entries: this.entries,
    };
  }
}

/**
 * Compare each shared rule's expect block structurally (key order never matters); rules only in
 * `to` are added, only in `from` removed. Registry metadata (severity, title) is never a change; with
 * `registry`, a shared rule whose severity moved between the two revisions says so in `severity`.
 */
export function diffVersions(
  from: RevisionCorpus,
  to: RevisionCorpus,
  registry?: Readonly<Record<string, RegistryEntry>>,
): VersionDiff {
  const before = new Map(from.rules.map((r) => [r.id, r]));
  const after = new Map(to.rules.map((r) => [r.id, r]));
  const ids = [...new Set([...before.keys(), ...after.keys()])].sort();
  const entries = ids.map((rule): DiffEntry => {
    const a = before.get(rule), b = after.get(rule);
    if (!a) return { rule, bucket: "added", to: b!.expect };
    if (!b) return { rule, bucket: "removed", from: a.expect };
    const same = expectKey(a.expect) === expectKey(b.expect);
    const entry = registry?.[rule];
    const moved = entry && severityIn(entry, from.version) !== severityIn(entry, to.version);
    return {
      rule,
      bucket: same ? "unchanged" : "changed",
      from: a.expect,
      to: b.expect,
      ...(moved
        ? { severity: { from: severityIn(entry, from.version), to: severityIn(entry, to.version) } }
        : {}),
    };
  });
  return new VersionDiff(from.version, to.version, entries);
}

/** The corpus's revisions, oldest first, `draft` last. */
function knownVersions(corpus: ComplianceCorpus): string[] {
  return Object.keys(corpus.revisions).sort((
    a,
    b,
  ) => (a === "draft" ? 1 : b === "draft" ? -1 : a.localeCompare(b)));
}

/**
 * Diff two revisions of a corpus by directory name.
 * @throws {UsageError} an unknown name, listing the known ones (exit 2)
 */
export function diffCorpusVersions(
  corpus: ComplianceCorpus,
  from: string,
  to: string,
): VersionDiff {
  const pick = (name: string) => {
    const revision = Object.hasOwn(corpus.revisions, name) ? corpus.revisions[name] : undefined;
    if (!revision) {
      throw new UsageError(
        `unknown compliance version "${name}", expected one of: ${
          knownVersions(corpus).join(", ")
        }`,
      );
    }
    return revision;
  };
  return diffVersions(pick(from), pick(to), corpus.registry);
}
