/** @module SEP-973 probes: icons on the server info, tools, prompts and resources. */

import { fail, notApplicable, pass, type ProbeContext, type ProbeSet } from "./probe_types.ts";
import { asRecord, hasCapability, listAll } from "./_helpers.ts";

interface Icon {
  readonly where: string;
  readonly icon: Record<string, unknown>;
}

async function allIcons(ctx: ProbeContext): Promise<Icon[]> {
  const icons: Icon[] = [];
  const add = (where: string, value: unknown) => {
    if (!Array.isArray(value)) return;
    for (const icon of value) icons.push({ where, icon: asRecord(icon) ?? {} });
  };
  add("serverInfo", ctx.session.serverInfo?.icons);
  const lists = [
    ["tools", "tools/list", "tools"],
    ["prompts", "prompts/list", "prompts"],
    ["resources", "resources/list", "resources"],
  ] as const;
  const listed = lists.filter(([capability]) => hasCapability(ctx, capability));
  // Every first page is asked for at once (shared requests keep this order in the run's traffic,
  // whichever the server answers first); the walk below awaits them one list at a time.
  for (const [, method] of listed) void ctx.cached(method);
  for (const [capability, method, key] of listed) {
    const items = await listAll(ctx, capability, method, key);
    if (!Array.isArray(items)) continue;
    for (const item of items) {
      const record = asRecord(item);
      add(`${key.slice(0, -1)} "${String(record?.name ?? record?.uri ?? "?")}"`, record?.icons);
    }
  }
  return icons;
}

/** Check id -> probe. */
export const sep973: ProbeSet = {
  probes: {
    "sep-973-icon-src-uri": async (ctx) => {
      const icons = await allIcons(ctx);
      if (icons.length === 0) return notApplicable("the server publishes no icons");
      const bad = icons.filter(({ icon }) =>
        typeof icon.src !== "string" || !/^(https:|data:)/i.test(icon.src)
      );
      if (bad.length > 0) {
        return fail(
          bad.slice(0, 3).map((b) => `${b.where}: src ${JSON.stringify(b.icon.src)}`).join("; "),
        );
      }
      return pass(`${icons.length} icon(s) use https: or data: URIs`);
    },
    "sep-973-icon-mime-type": async (ctx) => {
      const icons = (await allIcons(ctx)).filter(({ icon }) => icon.mimeType !== undefined);
      if (icons.length === 0) return notApplicable("no icon declares a mimeType");
      const bad = icons.filter(({ icon }) =>
        typeof icon.mimeType !== "string" || !icon.mimeType.startsWith("image/")
      );
      if (bad.length > 0) {
        return fail(`${bad[0]?.where}: mimeType ${JSON.stringify(bad[0]?.icon.mimeType)}`);
      }
      return pass(`${icons.length} icon mimeType(s) are image types`);
    },
  },
};
