/** @module The probe registry: check id -> probe, merged from one probe file per SEP. */

import type { Probe, ProbeSet } from "./probe_types.ts";
import { authProbes } from "./auth.ts";
import { sep1036 } from "./sep_1036.ts";
import { sep1303 } from "./sep_1303.ts";
import { sep1613 } from "./sep_1613.ts";
import { sep1932 } from "./sep_1932.ts";
import { sep2106 } from "./sep_2106.ts";
import { sep2106Network } from "./sep_2106_network.ts";
import { sep2164 } from "./sep_2164.ts";
import { sep2243 } from "./sep_2243.ts";
import { sep2243Params } from "./sep_2243_params.ts";
import { sep2322 } from "./sep_2322.ts";
import { sep2322Caps } from "./sep_2322_caps.ts";
import { sep2322Mrtr } from "./sep_2322_mrtr.ts";
import { sep2322State } from "./sep_2322_state.ts";
import { sep2549 } from "./sep_2549.ts";
import { sep2567 } from "./sep_2567.ts";
import { sep2567Methods } from "./sep_2567_methods.ts";
import { sep2575 } from "./sep_2575.ts";
import { sep2575Disconnect } from "./sep_2575_disconnect.ts";
import { sep2575Fresh } from "./sep_2575_fresh.ts";
import { sep2575ListChanged } from "./sep_2575_list_changed.ts";
import { sep2575Listen } from "./sep_2575_listen.ts";
import { sep2575Meta } from "./sep_2575_meta.ts";
import { sep2577 } from "./sep_2577.ts";
import { sep2663 } from "./sep_2663.ts";
import { sep2663Gating } from "./sep_2663_gating.ts";
import { sep2663Keys } from "./sep_2663_keys.ts";
import { sep2663Lifecycle } from "./sep_2663_lifecycle.ts";
import { sep973 } from "./sep_973.ts";
import { sep986 } from "./sep_986.ts";

const SETS: readonly ProbeSet[] = [
  sep973,
  sep986,
  sep1036,
  sep1303,
  sep1613,
  authProbes,
  sep1932,
  sep2106,
  sep2106Network,
  sep2164,
  sep2243,
  sep2243Params,
  sep2322,
  sep2322Mrtr,
  sep2322State,
  sep2322Caps,
  sep2549,
  sep2567,
  sep2567Methods,
  sep2575,
  sep2575Meta,
  sep2575Listen,
  sep2575ListChanged,
  sep2575Fresh,
  sep2575Disconnect,
  sep2577,
  sep2663,
  sep2663Gating,
  sep2663Lifecycle,
  sep2663Keys,
];

/** Every implemented probe, by check id. */
export const PROBES: Readonly<Record<string, Probe>> = Object.freeze(
  Object.assign({}, ...SETS.map((set) => set.probes)) as Record<string, Probe>,
);

/** Check ids whose probes read the whole run's traffic, so they run after every other probe. */
export const LATE_PROBES: ReadonlySet<string> = new Set(SETS.flatMap((set) => set.late ?? []));

/** Whether mcptest implements a probe for `check`. */
export function hasProbe(check: string): boolean {
  return Object.hasOwn(PROBES, check);
}
