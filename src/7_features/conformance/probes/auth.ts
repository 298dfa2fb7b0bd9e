/** @module Probes of the authorization SEPs (835, 985, 2352): HTTP only, and only for servers that require auth. */

import {
  notApplicable,
  notVerified,
  type Probe,
  type ProbeContext,
  type ProbeSet,
} from "./probe_types.ts";
import { httpOnly } from "./_helpers.ts";

/**
 * mcptest connects without credentials unless the target carries an Authorization header. A
 * session that came up without one proves the server does not require authorization, so these
 * requirements do not apply; with credentials configured the probes cannot drive an OAuth flow.
 */
const authProbe: Probe = (ctx: ProbeContext) => {
  const stdio = httpOnly(ctx, "authorization is HTTP-only; the server runs over stdio");
  if (stdio) return Promise.resolve(stdio);
  const target = ctx.session.server.target;
  const headers = target.kind === "http" ? target.headers : {};
  const authorized = Object.keys(headers).some((h) => h.toLowerCase() === "authorization");
  if (!authorized) {
    return Promise.resolve(
      notApplicable("the server answered without credentials: it does not require authorization"),
    );
  }
  return Promise.resolve(
    notVerified("credentials were configured; mcptest does not drive OAuth challenges yet"),
  );
};

/** Check id -> probe. */
export const authProbes: ProbeSet = {
  probes: {
    "sep-835-insufficient-scope-403": authProbe,
    "sep-985-prm-discoverable": authProbe,
    "sep-985-www-authenticate-on-401": authProbe,
    "sep-2352-prm-authorization-servers": authProbe,
  },
};
