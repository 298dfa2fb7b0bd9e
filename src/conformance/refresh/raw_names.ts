/** @module Reads raw tar entry names (ustar prefix, GNU long names, pax path) so refresh can refuse unsafe ones. */

// nanotar sanitises names as it parses; the names are checked here as written in the headers.

const decoder = new TextDecoder();

function field(block: Uint8Array, start: number, length: number): string {
  const bytes = block.subarray(start, start + length);
  const end = bytes.indexOf(0);
  return decoder.decode(end < 0 ? bytes : bytes.subarray(0, end));
}

/** Every entry name as written in the archive, with its type flag (pax and GNU name entries resolved). */
export function rawTarNames(tar: Uint8Array): Array<{ name: string; type: string }> {
  const names: Array<{ name: string; type: string }> = [];
  let offset = 0;
  let pending: string | undefined;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    const size = parseInt(field(header, 124, 12).trim() || "0", 8) || 0;
    const type = field(header, 156, 1) || "0";
    const data = tar.subarray(offset + 512, offset + 512 + size);
    offset += 512 + Math.ceil(size / 512) * 512;
    if (type === "L") {
      pending = field(data, 0, data.length);
      continue;
    }
    if (type === "x") {
      const path = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(decoder.decode(data))?.[1];
      if (path !== undefined) pending = path;
      continue;
    }
    if (type === "g") continue;
    const prefix = field(header, 257, 5) === "ustar" ? field(header, 345, 155) : "";
    const name = pending ?? (prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100));
    pending = undefined;
    names.push({ name, type });
  }
  return names;
}
