/** @module Lint rules that keep src/ small (deno lint plugin, see deno.json): no function over 80 lines; in src/8_cli/ no file over 120 lines and no command action over 40. */

/** The longest a function under src/ may be, in lines (its whole text, signature to closing brace). */
export const MAX_FUNCTION_LINES = 80;
/** The longest a file of src/8_cli/ may be, in lines. */
export const MAX_CLI_FILE_LINES = 120;
/** The longest a command action of src/8_cli/ may be (a function named `*Action`, or passed to `.action()`). */
export const MAX_ACTION_LINES = 40;

type Ranged = Deno.lint.Node & { range: [number, number] };

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) line++;
  return line;
}

function linesOf(text: string, node: Ranged): number {
  return lineOf(text, node.range[1]) - lineOf(text, node.range[0]) + 1;
}

function inSrc(filename: string, sub = ""): boolean {
  return filename.replaceAll("\\", "/").includes(`/src/${sub}`);
}

/** The name a function goes by: its own, its variable's, or its property key. */
function nameOf(node: Deno.lint.Node): string {
  const own = (node as { id?: { name?: string } | null }).id?.name;
  if (own) return own;
  const parent = (node as { parent?: Deno.lint.Node }).parent as
    | { type: string; id?: { name?: string }; key?: { name?: string } }
    | undefined;
  return parent?.id?.name ?? parent?.key?.name ?? "";
}

/** Whether a function is passed to `.action(...)`. */
function isActionCallback(node: Deno.lint.Node): boolean {
  const parent = (node as { parent?: Deno.lint.Node }).parent as
    | { type: string; callee?: { type: string; property?: { name?: string } } }
    | undefined;
  return parent?.type === "CallExpression" && parent.callee?.type === "MemberExpression" &&
    parent.callee.property?.name === "action";
}

const plugin: Deno.lint.Plugin = {
  name: "mcptest",
  rules: {
    "max-function-lines": {
      create(context) {
        if (!inSrc(context.filename)) return {};
        const cli = inSrc(context.filename, "8_cli/");
        const check = (node: Ranged) => {
          const lines = linesOf(context.sourceCode.text, node);
          const action = cli && (nameOf(node).endsWith("Action") || isActionCallback(node));
          const limit = action ? MAX_ACTION_LINES : MAX_FUNCTION_LINES;
          if (lines > limit) {
            context.report({
              node,
              message: `${action ? "command action" : "function"} ${
                nameOf(node) || "(anonymous)"
              } is ${lines} lines, over ${limit}: split it into named steps`,
            });
          }
        };
        return {
          FunctionDeclaration: check,
          FunctionExpression: check,
          ArrowFunctionExpression: check,
        };
      },
    },
    "max-cli-file-lines": {
      create(context) {
        if (!inSrc(context.filename, "8_cli/")) return {};
        return {
          Program(node) {
            const lines = context.sourceCode.text.split("\n").length;
            if (lines > MAX_CLI_FILE_LINES) {
              context.report({
                node,
                message: `${lines} lines, over ${MAX_CLI_FILE_LINES} for a file of src/8_cli/: ` +
                  "move the logic into the library and keep flags in, one call, exit code out",
              });
            }
          },
        };
      },
    },
  },
};

export default plugin;
