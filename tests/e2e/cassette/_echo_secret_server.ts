/** @module Fixture: a minimal Streamable HTTP MCP server on 127.0.0.1 that echoes the request's Authorization header back in a response header, a Set-Cookie and the result body. */

// Prints `listening on port N` on stderr; exits when its stdin closes.

const json = (body: unknown, headers: Record<string, string>) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { "content-type": "application/json", ...headers },
  });

const server = Deno.serve({
  hostname: "127.0.0.1",
  port: 0,
  onListen: ({ port }) => console.error(`listening on port ${port}`),
}, async (req) => {
  if (req.method !== "POST") return new Response(null, { status: 405 });
  const auth = req.headers.get("authorization") ?? "";
  const message = await req.json();
  const echo = {
    "x-echo-auth": auth,
    "set-cookie": `sid=${auth.replace(/\s/g, "")}`,
    "mcp-session-id": crypto.randomUUID(),
    "date": new Date().toUTCString(),
  };
  if (!("id" in message)) return new Response(null, { status: 202 });
  const reply = (result: unknown) => json({ jsonrpc: "2.0", id: message.id, result }, echo);
  switch (message.method) {
    case "initialize":
      return reply({
        protocolVersion: message.params?.protocolVersion ?? "2025-06-18",
        capabilities: { tools: {} },
        serverInfo: { name: "echo-secret", version: "1.0.0" },
      });
    case "tools/list":
      return reply({ tools: [{ name: "whoami", inputSchema: { type: "object" } }] });
    case "tools/call":
      return reply({
        content: [{ type: "text", text: `you sent ${auth} at ${new Date().toISOString()}` }],
      });
    default:
      return json({
        jsonrpc: "2.0",
        id: message.id,
        error: { code: -32601, message: `Method not found: ${message.method}` },
      }, echo);
  }
});

(async () => {
  for await (const _ of Deno.stdin.readable) { /* EOF: the test is gone */ }
  await server.shutdown();
  Deno.exit(0);
})();
