/** @module The streaming pretty writer: prints each suite test as it finishes, in file order, then the rest of the report. */

import type { RunRecord, TestResult } from "../4_record/run_record.ts";
import type { Styler } from "../0_base/util/ansi.ts";
import {
  isSuiteTest,
  layoutOf,
  type PrettyLayout,
  prettyLayout,
  prettyTail,
  prettyTestText,
} from "./pretty.ts";

/** What the writer needs to know about a selected test before it runs. */
export interface SelectedTest {
  readonly id: string;
  readonly name: string;
  readonly kind: string;
}

/** Options of {@link createPrettyStream}. */
export interface PrettyStreamOptions {
  /** The suite's loaded files (`record.files`): more than one shows file headers. */
  readonly files: readonly string[];
  readonly style: Styler;
  /** Receives the text as it becomes printable (whole lines). */
  readonly write: (text: string) => void;
  /**
   * Turns a finished result into its final form before it is printed (redaction with the run's
   * secrets, replay marks), so the printed text is what the finished record renders to.
   */
  readonly prepare?: (result: TestResult) => TestResult;
}

/** A pretty report printed while the run goes on. */
export interface PrettyStream {
  /** The selected tests, in run record order (call once, before any result). */
  selected(tests: readonly SelectedTest[]): void;
  /** A test finished (any order). */
  result(result: TestResult): void;
  /** The run finished: print every test not printed yet, then the tail. */
  finish(record: RunRecord): void;
}

/**
 * A pretty writer fed test by test. A suite test is printed once every test before it in the
 * record order (its file's earlier tests, and the earlier files) is printed, so the output is
 * grouped by file and in file order; compliance, gate and agent rows and the tail come with
 * {@link PrettyStream.finish}. The bytes written equal `renderPretty(record)` of the finished
 * record (the run record order and layout are known from the selection).
 */
export function createPrettyStream(options: PrettyStreamOptions): PrettyStream {
  const prepare = options.prepare ?? ((r: TestResult) => r);
  let order: string[] = [];
  let known = new Set<string>();
  const waiting = new Map<string, TestResult>();
  let layout: PrettyLayout | undefined;
  let cursor = 0;
  let printed = 0;
  let previousFile: string | undefined;
  const print = (test: TestResult, at: PrettyLayout) => {
    options.write(prettyTestText(test, previousFile, at, options.style));
    previousFile = test.file;
    printed++;
  };
  return {
    selected(tests) {
      const suiteTests = tests.filter(isSuiteTest);
      order = suiteTests.map((t) => t.id);
      known = new Set(order);
      layout = suiteTests.length > 0
        ? layoutOf(suiteTests.map((t) => t.name), options.files)
        : undefined;
    },
    result(result) {
      if (layout === undefined || !known.has(result.id)) return;
      waiting.set(result.id, prepare(result));
      while (cursor < order.length) {
        const next = waiting.get(order[cursor]!);
        if (next === undefined) break;
        waiting.delete(order[cursor]!);
        print(next, layout);
        cursor++;
      }
    },
    finish(record) {
      const final = prettyLayout(record);
      for (const test of record.tests.slice(printed)) print(test, final);
      options.write(prettyTail(record, options.style));
    },
  };
}
