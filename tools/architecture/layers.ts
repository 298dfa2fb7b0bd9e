/** @module The layer order of src/: each top folder is a layer, and a layer imports only its own and lower ones (docs/architecture.md). */

import type { LayerOrder } from "./check_layers.ts";

/** The layers of src/, lowest first: the pipeline's order (Load -> Connect -> Execute -> Report). */
export const SRC_LAYERS: LayerOrder = {
  layers: [
    "0_base",
    "1_matchers",
    "2_connect",
    "3_load",
    "4_record",
    "5_execute",
    "6_report",
    "7_features",
    "8_cli",
  ],
};
