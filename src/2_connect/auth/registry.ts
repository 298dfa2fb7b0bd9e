/** @module Per-run registry of server credentials: one ServerAuth per server key, shared by every connection. */

import type { HttpTarget } from "../transport/target.ts";
import { ServerAuth, type ServerAuthOptions } from "./server_auth.ts";
import type { VariableRereader } from "./types.ts";
import { RuntimeSecrets } from "./runtime_secrets.ts";
import { fileTokenStore } from "./token_store.ts";

/**
 * The auth state of one run. Create one per run (runSuite does); `forServer` hands every
 * connection to the same server the same {@link ServerAuth}.
 */
export class AuthRegistry {
  readonly #states = new Map<string, ServerAuth>();
  readonly #secrets: RuntimeSecrets;
  readonly #reread: VariableRereader | undefined;

  /**
   * @param options.secrets the run's secrets: every token learnt joins them (default: a new list)
   * @param options.reread re-reads a bearer/header variable on a 401 (default: the environment)
   */
  constructor(options: { secrets?: RuntimeSecrets; reread?: VariableRereader } = {}) {
    this.#secrets = options.secrets ?? new RuntimeSecrets();
    this.#reread = options.reread;
  }

  /** Every secret of the run so far, tokens learnt at run time included. */
  get secrets(): readonly string[] {
    return this.#secrets.list;
  }

  /** The credentials of the server `key` (undefined when its target has no `auth:`). */
  forServer(
    key: string,
    target: HttpTarget,
    options: ServerAuthOptions = {},
  ): ServerAuth | undefined {
    if (target.auth === undefined) return undefined;
    let state = this.#states.get(key);
    if (!state) {
      state = new ServerAuth(target.auth, target.url, {
        ...(target.auth.kind === "oauth" && target.auth.grant === "authorization_code"
          ? { store: fileTokenStore(target.url) }
          : {}),
        ...(this.#reread ? { reread: this.#reread } : {}),
        ...options,
        onSecret: (value) => this.#secrets.add(value),
      });
      this.#states.set(key, state);
    }
    return state;
  }
}
