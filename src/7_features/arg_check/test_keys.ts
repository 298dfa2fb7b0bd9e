/** @module Where a tool test's `tool:` and `args:` keys are written: the test found in its file by its position, then the key's own position. */

import { resolve } from "../../0_base/util/path.ts";
import type { SourcePos } from "../../0_base/errors/errors.ts";
import { ModuleNotLoaded, withLazyModules } from "../../0_base/util/lazy_module.ts";
import { parseYaml, type YamlSource } from "../../0_base/yaml/yaml_source.ts";
import type { TestCase } from "../../3_load/config/types.ts";

/** The positions of one tool test's keys. */
export interface TestKeys {
  /** The `tool:` key (the test's position when not found). */
  readonly tool: SourcePos;
  /** The `args:` key; the `tool:` key when the test has no `args:`. */
  readonly args: SourcePos;
}

/** Reads each test file once and finds the keys of its tool tests. */
export class TestKeyFinder {
  readonly #cwd: string;
  readonly #files = new Map<string, YamlSource | undefined>();

  /** @param cwd the working directory test files are relative to */
  constructor(cwd: string) {
    this.#cwd = cwd;
  }

  /** The key positions of a tool test (its own position for any key not found). */
  keysOf(test: TestCase): Promise<TestKeys> {
    return withLazyModules(() => this.#keysOf(test));
  }

  async #keysOf(test: TestCase): Promise<TestKeys> {
    const fallback = { tool: test.pos, args: test.pos };
    const source = await this.#source(test.file);
    const tests = source !== undefined && isRecord(source.value)
      ? source.value["tools"]
      : undefined;
    if (source === undefined || !Array.isArray(tests)) return fallback;
    const index = tests.findIndex((_, i) => samePlace(source.positionOf(["tools", i]), test.pos));
    if (index < 0) return fallback;
    const at = ["tools", index];
    const item = tests[index];
    const tool = isRecord(item) && "tool" in item
      ? source.positionOf([...at, "tool"], "key")
      : test.pos;
    const args = isRecord(item) && "args" in item
      ? source.positionOf([...at, "args"], "key")
      : tool;
    return { tool, args };
  }

  async #source(file: string): Promise<YamlSource | undefined> {
    if (this.#files.has(file)) return this.#files.get(file);
    let source: YamlSource | undefined;
    try {
      source = parseYaml(await Deno.readTextFile(resolve(this.#cwd, file)), file);
    } catch (error) {
      if (error instanceof ModuleNotLoaded) throw error;
      source = undefined; // The suite loaded from it, so this is a file changed since: no positions.
    }
    this.#files.set(file, source);
    return source;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

const samePlace = (a: SourcePos, b: SourcePos) => a.line === b.line && a.col === b.col;
