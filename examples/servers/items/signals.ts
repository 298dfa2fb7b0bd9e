/** @module Wait for SIGTERM or SIGINT (the entry point's clean-shutdown trigger). */

/** Resolves with the first of SIGTERM / SIGINT; the listeners are removed by `dispose`. */
export function waitForSignal(): { readonly received: Promise<Deno.Signal>; dispose(): void } {
  const { promise, resolve } = Promise.withResolvers<Deno.Signal>();
  const signals: Deno.Signal[] = Deno.build.os === "windows" ? ["SIGINT"] : ["SIGTERM", "SIGINT"];
  const listeners = signals.map((signal) => {
    const listener = () => resolve(signal);
    Deno.addSignalListener(signal, listener);
    return { signal, listener };
  });
  return {
    received: promise,
    dispose: () => {
      for (const { signal, listener } of listeners) Deno.removeSignalListener(signal, listener);
    },
  };
}
