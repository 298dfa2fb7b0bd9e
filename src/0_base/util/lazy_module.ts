/**
 * @module Modules loaded on first need. Their code runs only in the processes that use them
 * (the careful YAML parser, the JSON Schema engine: tens of milliseconds of start-up each). A
 * synchronous caller that finds one not loaded throws {@link ModuleNotLoaded}, and the
 * asynchronous boundary above it ({@link withLazyModules}) loads it and does its pure work again.
 */

/** Thrown by {@link LazyModule.get} before the module is loaded; `load()` loads it. */
export class ModuleNotLoaded extends Error {
  /** Loads the module (once; later calls share the first load). */
  readonly load: () => Promise<unknown>;
  /** @param what the module, for the message (an internal error if it ever escapes) */
  constructor(what: string, load: () => Promise<unknown>) {
    super(`${what} is not loaded: the caller must load it first (withLazyModules)`);
    this.name = "ModuleNotLoaded";
    this.load = load;
  }
}

/** A module imported on first need. */
export interface LazyModule<M> {
  /** Whether it is loaded. */
  readonly loaded: boolean;
  /** The module. @throws {ModuleNotLoaded} before {@link load} resolved */
  get(): M;
  /** Import it (once). */
  load(): Promise<M>;
}

/** A module `importer` imports when first loaded; `what` names it in messages. */
export function lazyModule<M>(what: string, importer: () => Promise<M>): LazyModule<M> {
  let module: M | undefined;
  let loading: Promise<M> | undefined;
  const load = () =>
    loading ??= importer().then((loaded) => {
      module = loaded;
      return loaded;
    });
  return {
    get loaded() {
      return module !== undefined;
    },
    get() {
      if (module === undefined) throw new ModuleNotLoaded(what, load);
      return module;
    },
    load,
  };
}

/** How many modules one piece of work may find missing before it gives up (a bug if reached). */
const MAX_LOADS = 8;

/**
 * Run `work`; each time it stops on a module not loaded yet, load it and run `work` again. `work`
 * must be a pure reading (files, parses, checks, compiles) that is safe to repeat.
 */
export async function withLazyModules<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1;; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof ModuleNotLoaded) || attempt > MAX_LOADS) throw error;
      await error.load();
    }
  }
}
