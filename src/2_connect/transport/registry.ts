/** @module The process-wide registry of open transports, so a signal handler can close them all. */

import type { Transport } from "./types.ts";

const open = new Set<Transport>();

/** Record a transport as open (called by transports when they start). */
export function registerTransport(transport: Transport): void {
  open.add(transport);
}

/** Forget a transport (called by transports when they close). */
export function unregisterTransport(transport: Transport): void {
  open.delete(transport);
}

/** How many transports are open right now. */
export function openTransportCount(): number {
  return open.size;
}

/**
 * Close every open transport (kill and reap children, abort streams). The CLI calls this on
 * SIGINT/SIGTERM and before exiting. Never throws.
 */
export async function closeAllTransports(): Promise<void> {
  await Promise.allSettled([...open].map((transport) => transport.close()));
  open.clear();
}
