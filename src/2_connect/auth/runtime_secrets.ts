/** @module The secrets of one run: the suite's (resolved at load) plus those learnt while running (tokens). */

/**
 * The secrets every output of one run redacts. It starts with the suite's secrets and grows as
 * the auth layer learns tokens; {@link RuntimeSecrets.list} is a live view, so a redactor or
 * transport handed it early still sees what is learnt later.
 */
export class RuntimeSecrets {
  readonly #list: string[];
  readonly #seen: Set<string>;

  /**
   * Start the list with the suite's secrets.
   * @param initial the secrets resolved at load (`suite.secrets`)
   */
  constructor(initial: readonly string[] = []) {
    this.#list = [...initial];
    this.#seen = new Set(initial);
  }

  /** Add a secret learnt at run time (empty strings and repeats are ignored). */
  add(value: string): void {
    if (value === "" || this.#seen.has(value)) return;
    this.#seen.add(value);
    this.#list.push(value);
  }

  /** Every secret so far (a live view: it grows as secrets are added). */
  get list(): readonly string[] {
    return this.#list;
  }
}
