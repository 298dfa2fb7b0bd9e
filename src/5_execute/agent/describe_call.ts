/** @module The question a judged call answers, when the test does not write one: the call, in words. */

import type { Call } from "../../3_load/config/types.ts";

/** `Call the tool get_weather with {"city":"Paris"}.`, `Read the resource file:///a.`, ... */
export function describeCall(call: Call): string {
  switch (call.kind) {
    case "tool":
      return `Call the tool ${call.tool} with ${JSON.stringify(call.args)}.`;
    case "resource":
      return `Read the resource ${call.uri}.`;
    case "prompt":
      return `Get the prompt ${call.prompt} with ${JSON.stringify(call.args)}.`;
    case "list":
      return `List the server's ${call.list}.`;
    case "request":
      return `Send the request ${call.method} with ${JSON.stringify(call.params ?? {})}.`;
    case "sequence":
      return `Run a sequence of ${call.steps.length} requests.`;
  }
}
