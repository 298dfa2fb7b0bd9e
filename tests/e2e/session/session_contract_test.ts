/** @module Runs the session contract over stdio, Streamable HTTP (SSE and JSON), HTTP+SSE and auto fallback. */

import {
  denoFixture,
  httpServer,
  startHttpFixture,
  stdioServer,
} from "../../fixtures/transport/helpers.ts";
import { sessionContract } from "./session_contract.ts";

Deno.test("connect() over stdio passes the session contract", async (t) => {
  const command = denoFixture("stdio_server.ts");
  await sessionContract(t, {
    spec: (extra) => stdioServer(command, extra),
    label: `stdio://${command.join(" ")}`,
    serverMessages: true,
  });
});

Deno.test("connect() over HTTP passes the session contract", async (t) => {
  const fixture = await startHttpFixture();
  try {
    const cases = [
      {
        name: "Streamable HTTP with SSE responses",
        path: "/mcp",
        transport: "streamable-http",
        messages: true,
      },
      {
        name: "Streamable HTTP with JSON responses",
        path: "/mcp-json",
        transport: "streamable-http",
        messages: false,
      },
      { name: "HTTP+SSE", path: "/sse", transport: "sse", messages: true },
      {
        name: "auto on a Streamable HTTP endpoint",
        path: "/mcp",
        transport: "auto",
        messages: true,
      },
      { name: "auto falling back to HTTP+SSE", path: "/sse", transport: "auto", messages: true },
    ] as const;
    for (const c of cases) {
      await t.step(c.name, async (t) => {
        const url = fixture.url(c.path);
        await sessionContract(t, {
          spec: (extra) => httpServer(url, c.transport, extra),
          label: url,
          serverMessages: c.messages,
        });
      });
    }
  } finally {
    await fixture.close();
  }
});
