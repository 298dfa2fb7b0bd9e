import assert from "node:assert/strict";
import { Command } from "@commander-js/extra-typings";
import { REVISION_ALIAS_HELP, withRevisionFlag } from "../../src/8_cli/revision_flag.ts";

function parse(args: string[]) {
  const command = withRevisionFlag("the revision")(
    new Command("x").exitOverride().configureOutput({ writeErr: () => {} }),
  );
  command.parse(args, { from: "user" });
  return command.opts().targetVersion;
}

Deno.test("--target-version and its alias --spec-version land in the same value", () => {
  assert.equal(parse(["--target-version", "2025-06-18"]), "2025-06-18");
  assert.equal(parse(["--spec-version", "v2025-06-18"]), "v2025-06-18");
  assert.equal(parse([]), undefined);
  assert.equal(parse(["--spec-version", "draft", "--target-version", "draft"]), "draft");
});

Deno.test("two different revisions through the flag and its alias are a usage error", () => {
  assert.throws(
    () => parse(["--spec-version", "2025-06-18", "--target-version", "2025-11-25"]),
    /option '--target-version <version>' argument '2025-11-25' is invalid\. it contradicts --spec-version "2025-06-18": they name the same revision, expected one of them/,
  );
});

Deno.test("the help names the alias as one", () => {
  const help = withRevisionFlag("the revision")(new Command("x")).helpInformation();
  assert.match(help, new RegExp(`--spec-version <version> +${REVISION_ALIAS_HELP}`));
});
