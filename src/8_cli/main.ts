/** @module What cli.ts loads once past its fast paths: the program, the error handler and the transport registry it closes on exit. */

export { runCli } from "./program.ts";
export { handleError } from "./handle_error.ts";
export { closeAllTransports } from "../2_connect/transport/registry.ts";
