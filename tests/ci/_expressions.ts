/** @module A small evaluator of GitHub Actions `${{ }}` expressions (the subset action.yml and examples/ci use), so tests can run the action's steps as a runner would. */

/** A value an expression yields. */
export type ExprValue = string | number | boolean | null | ExprObject | ExprValue[];
/** An object context (`inputs`, `steps`, `matrix`, ...). */
export interface ExprObject {
  [key: string]: ExprValue;
}

/** The contexts and the job status an expression sees. */
export interface ExprScope {
  readonly contexts: Readonly<Record<string, ExprValue>>;
  /** Whether a step before this one failed (`success()`, `failure()`). */
  readonly failed?: boolean;
}

type Token = { kind: "str" | "num" | "id" | "op"; text: string };

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  const pattern =
    /\s*(?:('(?:[^']|'')*')|(\d+(?:\.\d+)?)|([A-Za-z_][\w-]*)|(==|!=|<=|>=|&&|\|\||[!<>().,[\]*]))/y;
  let at = 0;
  while (at < source.length) {
    if (/^\s*$/.test(source.slice(at))) break;
    pattern.lastIndex = at;
    const m = pattern.exec(source);
    if (!m) throw new SyntaxError(`cannot parse expression "${source}" at ${at}`);
    at = pattern.lastIndex;
    if (m[1] !== undefined) {
      tokens.push({ kind: "str", text: m[1].slice(1, -1).replaceAll("''", "'") });
    } else if (m[2] !== undefined) tokens.push({ kind: "num", text: m[2] });
    else if (m[3] !== undefined) tokens.push({ kind: "id", text: m[3] });
    else tokens.push({ kind: "op", text: m[4]! });
  }
  return tokens;
}

/** GitHub's coercion to a number for loose comparison. */
function toNumber(v: ExprValue): number {
  if (v === null) return 0;
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "number") return v;
  if (typeof v === "string") return v.trim() === "" ? 0 : Number(v);
  return NaN;
}

function looseEquals(a: ExprValue, b: ExprValue): boolean {
  if (typeof a === "string" && typeof b === "string") return a.toLowerCase() === b.toLowerCase();
  if (typeof a === typeof b && typeof a !== "object") return a === b;
  if (a === null && b === null) return true;
  if (typeof a === "object" && a !== null || typeof b === "object" && b !== null) return a === b;
  return toNumber(a) === toNumber(b);
}

/** Whether a value is truthy in GitHub's sense. */
export function truthy(v: ExprValue): boolean {
  if (v === null || v === false || v === 0 || v === "") return false;
  return !(typeof v === "number" && Number.isNaN(v));
}

/** A value as the text `${{ }}` puts in a string. */
export function asText(v: ExprValue): string {
  if (v === null) return "";
  if (typeof v === "object") return JSON.stringify(v);
  return String(v);
}

class Parser {
  private at = 0;
  constructor(private readonly tokens: Token[], private readonly scope: ExprScope) {}

  parse(): ExprValue {
    const value = this.or();
    if (this.at < this.tokens.length) {
      throw new SyntaxError(`unexpected "${this.tokens[this.at]!.text}"`);
    }
    return value;
  }

  private peek(text: string): boolean {
    const t = this.tokens[this.at];
    return t?.kind === "op" && t.text === text;
  }

  private expect(text: string): void {
    if (!this.peek(text)) throw new SyntaxError(`expected "${text}"`);
    this.at++;
  }

  private or(): ExprValue {
    let left = this.and();
    while (this.peek("||")) {
      this.at++;
      const right = this.and();
      left = truthy(left) ? left : right;
    }
    return left;
  }

  private and(): ExprValue {
    let left = this.comparison();
    while (this.peek("&&")) {
      this.at++;
      const right = this.comparison();
      left = truthy(left) ? right : left;
    }
    return left;
  }

  private comparison(): ExprValue {
    const left = this.unary();
    for (const op of ["==", "!=", "<", ">", "<=", ">="]) {
      if (!this.peek(op)) continue;
      this.at++;
      const right = this.unary();
      if (op === "==") return looseEquals(left, right);
      if (op === "!=") return !looseEquals(left, right);
      const [a, b] = [toNumber(left), toNumber(right)];
      return op === "<" ? a < b : op === ">" ? a > b : op === "<=" ? a <= b : a >= b;
    }
    return left;
  }

  private unary(): ExprValue {
    if (this.peek("!")) {
      this.at++;
      return !truthy(this.unary());
    }
    return this.postfix();
  }

  private postfix(): ExprValue {
    let value = this.primary();
    for (;;) {
      if (this.peek(".")) {
        this.at++;
        const t = this.tokens[this.at++];
        if (t?.kind !== "id") throw new SyntaxError("expected a property name");
        value = member(value, t.text);
      } else if (this.peek("[")) {
        this.at++;
        const key = this.or();
        this.expect("]");
        value = member(value, asText(key));
      } else return value;
    }
  }

  private primary(): ExprValue {
    const t = this.tokens[this.at++];
    if (!t) throw new SyntaxError("unexpected end of expression");
    if (t.kind === "str") return t.text;
    if (t.kind === "num") return Number(t.text);
    if (t.kind === "op" && t.text === "(") {
      const value = this.or();
      this.expect(")");
      return value;
    }
    if (t.kind !== "id") throw new SyntaxError(`unexpected "${t.text}"`);
    if (t.text === "true" || t.text === "false") return t.text === "true";
    if (t.text === "null") return null;
    if (this.peek("(")) return this.call(t.text);
    if (!(t.text in this.scope.contexts)) throw new ReferenceError(`unknown context "${t.text}"`);
    return this.scope.contexts[t.text]!;
  }

  private call(name: string): ExprValue {
    this.expect("(");
    const args: ExprValue[] = [];
    while (!this.peek(")")) {
      args.push(this.or());
      if (this.peek(",")) this.at++;
    }
    this.expect(")");
    const failed = this.scope.failed ?? false;
    switch (name) {
      case "always":
        return true;
      case "cancelled":
        return false;
      case "success":
        return !failed;
      case "failure":
        return failed;
      case "format":
        return asText(args[0] ?? "").replace(
          /\{(\d+)\}/g,
          (_, i) => asText(args[Number(i) + 1] ?? ""),
        );
      case "startsWith":
        return asText(args[0] ?? "").toLowerCase().startsWith(asText(args[1] ?? "").toLowerCase());
      case "contains": {
        const [haystack, needle] = [args[0] ?? null, args[1] ?? null];
        if (Array.isArray(haystack)) return haystack.some((v) => looseEquals(v, needle));
        return asText(haystack).toLowerCase().includes(asText(needle).toLowerCase());
      }
      default:
        throw new ReferenceError(`function ${name}() is not supported by this evaluator`);
    }
  }
}

function member(value: ExprValue, key: string): ExprValue {
  if (value === null || typeof value !== "object") return null;
  if (Array.isArray(value)) return value[Number(key)] ?? null;
  return Object.hasOwn(value, key) ? value[key]! : null;
}

/** Evaluate one expression (the text inside `${{ }}`, or a bare `if:`). */
export function evaluate(expression: string, scope: ExprScope): ExprValue {
  return new Parser(tokenize(expression), scope).parse();
}

/** Replace every `${{ expr }}` of `text` with its value, as the runner does before a step runs. */
export function interpolate(text: string, scope: ExprScope): string {
  return text.replace(/\$\{\{([\s\S]*?)\}\}/g, (_, expr: string) => asText(evaluate(expr, scope)));
}

/** Evaluate an `if:` (a bare expression or one `${{ }}`); absent, or without a status function, it also needs `success()`. */
export function condition(value: unknown, scope: ExprScope): boolean {
  if (value === undefined || value === null) return !(scope.failed ?? false);
  if (typeof value === "boolean") return value;
  const text = String(value).trim();
  const whole = /^\$\{\{([\s\S]*)\}\}$/.exec(text);
  const expression = whole ? whole[1]! : text;
  // Without a status function, GitHub runs the step only when nothing failed before it.
  const statusChecked = /\b(always|cancelled|failure|success)\s*\(/.test(expression);
  if (!statusChecked && (scope.failed ?? false)) return false;
  return truthy(evaluate(expression, scope));
}

/** The `${{ }}` expressions of a text, each with its 1-based line. */
export function expressionsIn(text: string): { line: number; expression: string }[] {
  const found: { line: number; expression: string }[] = [];
  for (const m of text.matchAll(/\$\{\{([\s\S]*?)\}\}/g)) {
    found.push({
      line: text.slice(0, m.index).split("\n").length,
      expression: m[1]!.trim(),
    });
  }
  return found;
}
