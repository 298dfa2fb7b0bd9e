/** @module Minimal ANSI styling, switched on only for a colour-capable TTY. */

/** A styler: identity when colour is off. */
export interface Styler {
  readonly enabled: boolean;
  green(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  dim(text: string): string;
  bold(text: string): string;
}

const wrap = (open: number, close: number) => (text: string) =>
  `\x1b[${open}m${text}\x1b[${close}m`;

/** A styler that colours when `enabled`. */
export function styler(enabled: boolean): Styler {
  if (!enabled) {
    const id = (text: string) => text;
    return { enabled, green: id, red: id, yellow: id, dim: id, bold: id };
  }
  return {
    enabled,
    green: wrap(32, 39),
    red: wrap(31, 39),
    yellow: wrap(33, 39),
    dim: wrap(2, 22),
    bold: wrap(1, 22),
  };
}
