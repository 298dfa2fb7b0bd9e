/** @module The `mcptest doctor` action: flags in, runDoctor() (each server printed as it is diagnosed), exit code out. */

import { DOCTOR_FORMATS } from "../7_features/doctor/formats.ts";
import { doctorExitCode, runDoctor } from "../7_features/doctor/run_doctor.ts";
import { useColor } from "./color.ts";
import type { DoctorOptions } from "./doctor.ts";
import { suiteLoadOptions } from "./suite_flags.ts";

/** Run the doctor and return its exit code. */
export async function doctorAction(paths: string[], options: DoctorOptions): Promise<number> {
  const render = await DOCTOR_FORMATS[options.format]();
  const color = useColor(options.color);
  const report = await runDoctor({
    load: suiteLoadOptions(paths, options, Deno.cwd()),
    ...(options.url === undefined ? {} : { url: options.url }),
    ...(options.command === undefined ? {} : { command: options.command }),
    ...(options.targetVersion === undefined ? {} : { targetVersion: options.targetVersion }),
    ...(options.timeout === undefined ? {} : { timeoutMs: options.timeout }),
    onServer: (result) => {
      if (render.server) console.log(render.server(result, color));
    },
  });
  console.log(render.end(report, color));
  return doctorExitCode(report);
}
