/**
 * @module Discovery and the token requests (oauth4webapi), loaded when something first needs
 * OAuth: a run whose servers have no OAuth (every stdio run) and a conformance or compliance run
 * that sends no token request do not load them (docs/performance.md, start-up). Each function is
 * the one of discovery.ts or grants.ts, imported on its first call.
 */

import { importLater } from "../../0_base/util/import_later.ts";

type Discovery = typeof import("./discovery.ts");
type Grants = typeof import("./grants.ts");

const discovery = () =>
  importLater<typeof import("./discovery.ts")>(import.meta.url, "./discovery.ts");
const grants = () => importLater<typeof import("./grants.ts")>(import.meta.url, "./grants.ts");

/** discovery.ts's `discover`, loaded on first call. */
export const discover: Discovery["discover"] = async (...args) =>
  (await discovery()).discover(...args);
/** grants.ts's `clientCredentials`, loaded on first call. */
export const clientCredentials: Grants["clientCredentials"] = async (...args) =>
  (await grants()).clientCredentials(...args);
/** grants.ts's `clientCredentialsForResource`, loaded on first call. */
export const clientCredentialsForResource: Grants["clientCredentialsForResource"] = async (
  ...args
) => (await grants()).clientCredentialsForResource(...args);
/** grants.ts's `ensureClient`, loaded on first call. */
export const ensureClient: Grants["ensureClient"] = async (...args) =>
  (await grants()).ensureClient(...args);
/** grants.ts's `refreshGrant`, loaded on first call. */
export const refreshGrant: Grants["refreshGrant"] = async (...args) =>
  (await grants()).refreshGrant(...args);
