/** @module The Dockerfile lints clean with dockerfile-utils, is multi-stage (deno compile with the compile task's flags, then a slim non-root runtime with the binary as entrypoint and OCI labels), its context (.dockerignore) holds what it copies, and one Deno version runs everywhere; broken copies are rejected. */

import assert from "node:assert/strict";
import { validate } from "dockerfile-utils";
import { actionSpec } from "./_checks.ts";
import { denoJson, includeFlags, permissionFlags, readText, taskCommand } from "./_files.ts";

const DOCKERFILE = readText("Dockerfile");
const DOCKERIGNORE = readText(".dockerignore");

/** dockerfile-utils' diagnostics, one line each (every rule it has set to error). */
function lintProblems(text: string): string[] {
  const settings = {
    deprecatedMaintainer: "error",
    directiveCasing: "error",
    emptyContinuationLine: "error",
    instructionCasing: "error",
    instructionCmdMultiple: "error",
    instructionEntrypointMultiple: "error",
    instructionHealthcheckMultiple: "error",
    instructionJSONInSingleQuotes: "error",
    instructionWorkdirRelative: "error",
  } as const;
  // deno-lint-ignore no-explicit-any
  return validate(text, settings as any).map((d) =>
    `Dockerfile:${d.range.start.line + 1}: ${d.message}`
  );
}

/** The instructions of a Dockerfile: continuation lines joined, comments left out. */
function instructions(text: string): { keyword: string; args: string }[] {
  const joined = text.replace(/\\\n/g, " ").split("\n").map((l) => l.trim());
  return joined.filter((l) => l !== "" && !l.startsWith("#")).map((l) => {
    const [keyword, ...rest] = l.split(/\s+/);
    return { keyword: keyword!.toUpperCase(), args: rest.join(" ") };
  });
}

/** What the recipe must be, beyond syntax. */
function recipeProblems(text: string, ignore: string): string[] {
  const problems: string[] = [];
  const all = instructions(text);
  const froms = all.map((ins, i) => ({ ...ins, i })).filter((ins) => ins.keyword === "FROM");
  if (froms.length < 2) return ["not multi-stage: fewer than two FROM"];
  const build = froms[0]!;
  const stageName = /\bAS\s+(\S+)$/i.exec(build.args)?.[1];
  if (!stageName) problems.push("the first stage has no name (FROM ... AS build)");
  for (const from of froms) {
    const image = from.args.split(/\s+/)[0]!;
    if (!/:[\w.-]+$|@sha256:[0-9a-f]{64}$/.test(image) || /:latest$/.test(image)) {
      problems.push(`${image}: not pinned to a version tag or digest`);
    }
  }
  const runtime = all.slice(froms.at(-1)!.i);
  const buildStage = all.slice(build.i, froms[1]!.i);
  const compile = buildStage.find((ins) =>
    ins.keyword === "RUN" && /\bdeno compile\b/.test(ins.args)
  );
  if (!compile) problems.push("the build stage runs no deno compile");
  else {
    const [got, want] = [permissionFlags(compile.args), permissionFlags(taskCommand("compile"))];
    if (got.join(" ") !== want.join(" ")) {
      problems.push(
        `deno compile flags ${got.join(" ")} are not the compile task's ${want.join(" ")}`,
      );
    }
    const [embeds, wanted] = [includeFlags(compile.args), includeFlags(taskCommand("compile"))];
    if (embeds.join(" ") !== wanted.join(" ")) {
      problems.push(
        `deno compile includes ${embeds.join(" ") || "nothing"} instead of the compile task's ` +
          wanted.join(" "),
      );
    }
    if (!/\bcli\.ts\b/.test(compile.args)) problems.push("deno compile does not compile cli.ts");
  }
  if (runtime.some((ins) => ins.keyword === "RUN" && /\bdeno\b/.test(ins.args))) {
    problems.push("the runtime stage runs deno");
  }
  const users = runtime.filter((ins) => ins.keyword === "USER").map((ins) =>
    ins.args.split(":")[0]!
  );
  if (users.length === 0) problems.push("the runtime stage sets no USER");
  else if (["root", "0"].includes(users.at(-1)!)) problems.push("the runtime stage runs as root");
  const copied = runtime.find((ins) =>
    ins.keyword === "COPY" && ins.args.startsWith(`--from=${stageName}`)
  );
  const binary = copied?.args.split(/\s+/).at(-1);
  const entry = runtime.filter((ins) => ins.keyword === "ENTRYPOINT").at(-1);
  if (!binary) problems.push("the runtime stage copies nothing from the build stage");
  else if (!entry || JSON.stringify(JSON.parse(entry.args)) !== JSON.stringify([binary])) {
    problems.push(`the entrypoint is not the binary ${binary} in exec form`);
  }
  const labels = new Map(
    runtime.filter((ins) => ins.keyword === "LABEL").flatMap((ins) =>
      [...ins.args.matchAll(/([\w.-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!] as const)
    ),
  );
  const { version, license } = denoJson();
  for (const key of ["title", "description", "version", "licenses"]) {
    if (!labels.has(`org.opencontainers.image.${key}`)) {
      problems.push(`no org.opencontainers.image.${key} label`);
    }
  }
  if (
    labels.has("org.opencontainers.image.version") &&
    labels.get("org.opencontainers.image.version") !== version
  ) {
    problems.push(
      `image version ${
        labels.get("org.opencontainers.image.version")
      } is not deno.json's ${version}`,
    );
  }
  if (
    labels.has("org.opencontainers.image.licenses") &&
    labels.get("org.opencontainers.image.licenses") !== license
  ) {
    problems.push(`image licenses label is not deno.json's license ${license}`);
  }
  problems.push(...contextProblems(buildStage, ignore));
  return problems;
}

/** Every COPY of the build context is let through .dockerignore (which keeps everything else out). */
function contextProblems(
  buildStage: { keyword: string; args: string }[],
  ignore: string,
): string[] {
  const rules = ignore.split("\n").map((l) => l.trim()).filter((l) =>
    l !== "" && !l.startsWith("#")
  );
  if (rules[0] !== "*") return [".dockerignore does not start by leaving everything out (*)"];
  const allowed = rules.filter((r) => r.startsWith("!")).map((r) => r.slice(1).replace(/\/$/, ""));
  const problems: string[] = [];
  for (
    const ins of buildStage.filter((i) => i.keyword === "COPY" && !i.args.startsWith("--from"))
  ) {
    for (const source of ins.args.split(/\s+/).slice(0, -1)) {
      const path = source.replace(/\/$/, "");
      if (!allowed.includes(path)) {
        problems.push(
          `COPY ${path}: left out of the context by .dockerignore`,
        );
      }
    }
  }
  return problems;
}

Deno.test("dockerfile-utils finds nothing in the Dockerfile, and rejects a broken copy", async (t) => {
  await t.step("the Dockerfile", () => assert.deepEqual(lintProblems(DOCKERFILE), []));
  await t.step("a misspelt instruction", () => {
    const broken = DOCKERFILE.replace("ENTRYPOINT [", "ENTRYPONT [");
    assert.match(lintProblems(broken).join("\n"), /Unknown instruction: ENTRYPONT/);
  });
  await t.step("an unknown flag", () => {
    const broken = DOCKERFILE.replace("COPY --from=build", "COPY --form=build");
    assert.match(lintProblems(broken).join("\n"), /Unknown flag: form/);
  });
});

Deno.test("the Dockerfile is the recipe docs/install.md describes", async (t) => {
  await t.step("the Dockerfile and .dockerignore", () => {
    assert.deepEqual(recipeProblems(DOCKERFILE, DOCKERIGNORE), []);
  });
  const rejects = (broken: string, pattern: RegExp, ignore = DOCKERIGNORE) => {
    assert.notEqual(broken, DOCKERFILE);
    assert.match(recipeProblems(broken, ignore).join("\n"), pattern);
  };
  await t.step("compile flags out of step with deno.json's compile task", () => {
    rejects(DOCKERFILE.replace("--allow-sys --include", "--include"), /not the compile task's/);
    rejects(
      DOCKERFILE.replace("--allow-read", "--v8-flags=--max-semi-space-size=1 --allow-read"),
      /not the compile task's/,
    );
  });
  await t.step("an --include of the compile task left out", () => {
    rejects(DOCKERFILE.replace("--include src ", ""), /instead of the compile task's/);
  });
  await t.step("a runtime stage left as root", () => {
    rejects(DOCKERFILE.replace(/^USER .*$/m, "USER root"), /runs as root/);
    rejects(DOCKERFILE.replace(/^USER .*\n/m, ""), /sets no USER/);
  });
  await t.step("an entrypoint that is not the binary", () => {
    rejects(DOCKERFILE.replace(/^ENTRYPOINT .*$/m, 'ENTRYPOINT ["/bin/sh"]'), /entrypoint is not/);
  });
  await t.step("a single stage, or a moving base image", () => {
    rejects(DOCKERFILE.replace(/^FROM debian:\S+/m, "FROM denoland/deno:latest"), /not pinned/);
    const single = DOCKERFILE.slice(0, DOCKERFILE.indexOf("\n# Runtime stage"));
    rejects(single, /not multi-stage/);
  });
  await t.step("a missing or wrong OCI label", () => {
    rejects(
      DOCKERFILE.replace("org.opencontainers.image.licenses", "org.opencontainers.image.license"),
      /no org\.opencontainers\.image\.licenses/,
    );
    rejects(DOCKERFILE.replace(/(image\.version=")[^"]+/, "$10.0.9"), /image version 0\.0\.9/);
  });
  await t.step("a COPY that .dockerignore leaves out", () => {
    rejects(
      DOCKERFILE.replace("COPY cli.ts ./", "COPY cli.ts mod.ts ./"),
      /COPY mod\.ts: left out/,
    );
    assert.match(
      recipeProblems(DOCKERFILE, DOCKERIGNORE.replace("\n*\n", "\n")).join("\n"),
      /does not start/,
    );
  });
});

Deno.test("one Deno version: the action's default, the Dockerfile's build image and the GitLab image", () => {
  const action = actionSpec(readText("action.yml"));
  const want = action.inputs["deno-version"]?.default;
  assert.match(want ?? "", /^\d+\.\d+\.\d+$/, "action.yml pins an exact Deno version");
  const images = [
    ...readText("Dockerfile").matchAll(/denoland\/deno:([\w.-]+)/g),
    ...readText("examples/ci/gitlab-ci.yml").matchAll(/denoland\/deno:([\w.-]+)/g),
  ].map((m) => m[1]);
  assert.ok(images.length >= 2);
  assert.deepEqual(new Set(images), new Set([want]));
});
