/**
 * @module File paths as `node:path` reads them, without loading Deno's Node layer: on Linux and
 * macOS the POSIX rules below (tests/0_base/path_test.ts holds them equal to `node:path`'s on
 * generated paths); on Windows `node:path` itself, whose drive and UNC rules this module does not
 * copy. Importing `node:path` costs every process Deno's Node layer (about 6 ms and 6 MB;
 * docs/performance.md), which `mcptest run` and `list` otherwise do not need.
 */

/** The subset of `node:path` mcptest uses. */
export interface PathApi {
  readonly sep: string;
  join(...parts: string[]): string;
  resolve(...parts: string[]): string;
  relative(from: string, to: string): string;
  dirname(path: string): string;
  basename(path: string, suffix?: string): string;
  extname(path: string): string;
  isAbsolute(path: string): boolean;
  normalize(path: string): string;
}

const SLASH = 47; // "/"
const DOT = 46; // "."

/**
 * Resolve `.` and `..` segments and collapse repeated slashes of a path without its leading slash;
 * `aboveRoot`: keep `..` segments that go above the start (a relative path).
 */
function normalizeSegments(path: string, aboveRoot: boolean): string {
  const out: string[] = [];
  for (const segment of path.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (out.length > 0 && out.at(-1) !== "..") out.pop();
      else if (aboveRoot) out.push("..");
      continue;
    }
    out.push(segment);
  }
  return out.join("/");
}

function posixNormalize(path: string): string {
  if (path === "") return ".";
  const absolute = path.charCodeAt(0) === SLASH;
  const trailing = path.charCodeAt(path.length - 1) === SLASH;
  let body = normalizeSegments(path, !absolute);
  if (body === "" && !absolute) body = ".";
  if (body !== "" && trailing) body += "/";
  return absolute ? `/${body}` : body;
}

function posixResolve(...parts: string[]): string {
  let resolved = "";
  let absolute = false;
  for (let i = parts.length - 1; i >= -1 && !absolute; i--) {
    const part = i >= 0 ? parts[i]! : Deno.cwd();
    if (part === "") continue;
    resolved = `${part}/${resolved}`;
    absolute = part.charCodeAt(0) === SLASH;
  }
  const body = normalizeSegments(resolved, !absolute);
  return absolute ? `/${body}` : body.length > 0 ? body : ".";
}

function posixJoin(...parts: string[]): string {
  const joined = parts.filter((p) => p !== "").join("/");
  return joined === "" ? "." : posixNormalize(joined);
}

function posixRelative(from: string, to: string): string {
  if (from === to) return "";
  const a = posixResolve(from), b = posixResolve(to);
  if (a === b) return "";
  const fromParts = a === "/" ? [] : a.slice(1).split("/");
  const toParts = b === "/" ? [] : b.slice(1).split("/");
  let same = 0;
  while (
    same < fromParts.length && same < toParts.length && fromParts[same] === toParts[same]
  ) same++;
  return [...fromParts.slice(same).map(() => ".."), ...toParts.slice(same)].join("/");
}

function posixDirname(path: string): string {
  if (path === "") return ".";
  const rooted = path.charCodeAt(0) === SLASH;
  // The slash before the last name (index 0 is the root, never a folder's end).
  let end = -1;
  let inName = false;
  for (let i = path.length - 1; i >= 1; i--) {
    if (path.charCodeAt(i) !== SLASH) inName = true;
    else if (inName) {
      end = i;
      break;
    }
  }
  if (end === -1) return rooted ? "/" : ".";
  return rooted && end === 1 ? "//" : path.slice(0, end);
}

function posixBasename(path: string, suffix?: string): string {
  let start = 0;
  let nameEnd = -1; // where the name ends, before trailing slashes
  let cut = -1; // where the suffix starts, once it matched whole
  let suffixAt = suffix !== undefined && suffix.length > 0 && suffix.length <= path.length
    ? suffix.length - 1
    : -2; // -2: no suffix to strip
  if (suffixAt !== -2 && suffix === path) return "";
  for (let i = path.length - 1; i >= 0; i--) {
    const code = path.charCodeAt(i);
    if (code === SLASH) {
      if (nameEnd !== -1) {
        start = i + 1;
        break;
      }
      continue;
    }
    if (nameEnd === -1) nameEnd = i + 1;
    if (suffixAt >= 0) {
      if (code === suffix!.charCodeAt(suffixAt)) {
        if (--suffixAt === -1) cut = i;
      } else {
        suffixAt = -1;
        cut = nameEnd;
      }
    }
  }
  if (suffixAt === -2) return nameEnd === -1 ? "" : path.slice(start, nameEnd);
  // A suffix that is the whole name is kept; one that never matched whole leaves the path's end.
  const end = start === cut ? nameEnd : cut === -1 ? path.length : cut;
  return path.slice(start, end);
}

function posixExtname(path: string): string {
  let dot = -1; // the last dot of the name
  let nameStart = 0;
  let nameEnd = -1;
  // 0: nothing before the last dot yet; 1: only dots before it; -1: a name character before it.
  let before = 0;
  for (let i = path.length - 1; i >= 0; i--) {
    const code = path.charCodeAt(i);
    if (code === SLASH) {
      if (nameEnd !== -1) {
        nameStart = i + 1;
        break;
      }
      continue;
    }
    if (nameEnd === -1) nameEnd = i + 1;
    if (code === DOT) {
      if (dot === -1) dot = i;
      else if (before !== 1) before = 1;
    } else if (dot !== -1) before = -1;
  }
  // No dot, a leading dot (`.env`), or the name `..`: no extension.
  if (dot === -1 || nameEnd === -1 || before === 0) return "";
  if (before === 1 && dot === nameEnd - 1 && dot === nameStart + 1) return "";
  return path.slice(dot, nameEnd);
}

/** `node:path.posix`'s rules, for the parts mcptest uses. */
export const posix: PathApi = {
  sep: "/",
  join: posixJoin,
  resolve: posixResolve,
  relative: posixRelative,
  dirname: posixDirname,
  basename: posixBasename,
  extname: posixExtname,
  isAbsolute: (path) => path.charCodeAt(0) === SLASH,
  normalize: posixNormalize,
};

const api: PathApi = Deno.build.os === "windows" ? await import("node:path") : posix;

/** The path separator: `/`, or `\\` on Windows. */
export const sep: string = api.sep;
/** Join path parts and normalise the result (`node:path.join`). */
export const join: PathApi["join"] = api.join;
/** The absolute path of the parts, from the working directory (`node:path.resolve`). */
export const resolve: PathApi["resolve"] = api.resolve;
/** The path from `from` to `to` (`node:path.relative`). */
export const relative: PathApi["relative"] = api.relative;
/** The folder of a path (`node:path.dirname`). */
export const dirname: PathApi["dirname"] = api.dirname;
/** The last part of a path, without `suffix` when it ends with it (`node:path.basename`). */
export const basename: PathApi["basename"] = api.basename;
/** The extension of a path's last part, dot included (`node:path.extname`). */
export const extname: PathApi["extname"] = api.extname;
/** Whether a path is absolute (`node:path.isAbsolute`). */
export const isAbsolute: PathApi["isAbsolute"] = api.isAbsolute;
