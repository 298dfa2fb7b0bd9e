/** @module Serve the items server over stdio until stdin closes or close() is called. */

import process from "node:process";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { connectItemsServer, type ItemsContext } from "./create_server.ts";

/** A running stdio server. */
export interface StdioHandle {
  /** Resolves once the server has closed (stdin ended or close() was called). */
  readonly closed: Promise<void>;
  close(): Promise<void>;
}

/**
 * Connect one server to stdin/stdout. Requests without `_meta` before `initialize` are refused
 * (the gate is strict): a stdio connection is a session.
 */
export async function serveStdio(context: ItemsContext): Promise<StdioHandle> {
  const done = Promise.withResolvers<void>();
  const transport = new StdioServerTransport();
  const server = await connectItemsServer(context, transport, false);
  server.server.onclose = () => done.resolve();
  server.server.onerror = (error: Error) => console.error(`items server: ${error.message}`);
  const close = async () => {
    await server.close();
    done.resolve();
  };
  process.stdin.once("end", () => void close());
  process.stdin.once("close", () => void close());
  return { closed: done.promise, close };
}
