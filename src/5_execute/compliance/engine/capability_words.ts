/** @module Whether a listed tool names a client capability (sampling, elicitation, roots) in its name, title or description: how the capability rules pick the tools they call by default. */

/** A client capability a probe exercises. */
export type ClientCapability = "sampling" | "elicitation" | "roots";

/**
 * The words that name each capability: a word of a tool's text names it when it starts with one
 * of these stems (`sample`, `samples`, `sampling`; `elicit`, `elicitation`) or, for roots, is
 * `root` or `roots` (a stem `root` would also take `rooted`, `rootkit`).
 */
const WORDS: Readonly<Record<ClientCapability, (word: string) => boolean>> = {
  sampling: (word) => word.startsWith("sampl"),
  elicitation: (word) => word.startsWith("elicit"),
  roots: (word) => word === "root" || word === "roots",
};

/** The words of a text, lower case: split at every non-letter-or-digit and at camelCase humps. */
export function wordsOf(text: unknown): string[] {
  if (typeof text !== "string") return [];
  return text.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase().split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
}

/** Whether `text` names `capability` (one of its words does). */
export function namesCapability(text: unknown, capability: ClientCapability): boolean {
  return wordsOf(text).some(WORDS[capability]);
}

/**
 * How strongly a listed tool names `capability`: 0 when its name does (`get-roots-list`), 1 when
 * only its title or description does, undefined when none of them does.
 */
export function capabilityMention(
  tool: Readonly<Record<string, unknown>>,
  capability: ClientCapability,
): 0 | 1 | undefined {
  if (namesCapability(tool.name, capability)) return 0;
  if (namesCapability(tool.title, capability) || namesCapability(tool.description, capability)) {
    return 1;
  }
  return undefined;
}
