/** @module The raw client baseline as its own process: `deno run bench/raw_client_main.ts COUNT -- SERVER ARGV...`. */

import { rawClientRun } from "./raw_client.ts";

const count = Number(Deno.args[0]);
const argv = Deno.args.slice(Deno.args.indexOf("--") + 1);
await rawClientRun(argv, Deno.cwd(), count);
