import { readFileSync } from 'node:fs';

/** A process's resident memory by what holds it, in MB (issue 43 item 4), read from /proc/PID/smaps. */
export interface RssParts {
  /** The WebAssembly memories (PGlite's PostgreSQL): the pages in use of a reservation of several GB. */
  wasmMemory: number;
  /** Code V8 compiled (JavaScript and WebAssembly), in executable anonymous regions. */
  compiledCode: number;
  /** Every other anonymous region: V8's JavaScript heaps (each thread has its own), buffers, malloc. */
  heapsAndBuffers: number;
  /** The node binary and the libraries it maps from files. */
  files: number;
  total: number;
}

/** A WebAssembly memory's reservation is many times larger than any other region of the process. */
const WASM_RESERVATION_KB = 4 * 1024 * 1024;

export function rssParts(pid: number): RssParts | undefined {
  try {
    return rssPartsOf(readFileSync(`/proc/${pid}/smaps`, 'utf8'));
  } catch {
    return undefined;
  }
}

/** The parts of one smaps text. */
export function rssPartsOf(text: string): RssParts {
  const regions: { from: number; to: number; perms: string; file: boolean; rssKb: number }[] = [];
  for (const line of text.split('\n')) {
    const region = /^([0-9a-f]+)-([0-9a-f]+) (\S{4}) \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (region)
      regions.push({
        from: parseInt(region[1], 16),
        to: parseInt(region[2], 16),
        perms: region[3],
        file: region[4] !== '0' && region[5].startsWith('/'),
        rssKb: 0,
      });
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && regions.length) regions[regions.length - 1].rssKb += Number(rss[1]);
  }
  const kb = { wasmMemory: 0, compiledCode: 0, heapsAndBuffers: 0, files: 0 };
  regions.forEach((region, i) => {
    // A WebAssembly memory: its pages in use, then the rest of its reservation, inaccessible, in one piece.
    const rest = regions[i + 1];
    const wasm =
      !region.file &&
      region.perms.startsWith('rw') &&
      rest?.from === region.to &&
      rest.perms === '---p' &&
      rest.to - region.from >= WASM_RESERVATION_KB * 1024;
    const part = region.file
      ? 'files'
      : wasm
        ? 'wasmMemory'
        : region.perms.includes('x')
          ? 'compiledCode'
          : 'heapsAndBuffers';
    kb[part] += region.rssKb;
  });
  const mb = (value: number) => Math.round(value / 1024);
  const parts = {
    wasmMemory: mb(kb.wasmMemory),
    compiledCode: mb(kb.compiledCode),
    heapsAndBuffers: mb(kb.heapsAndBuffers),
    files: mb(kb.files),
  };
  return { ...parts, total: mb(kb.wasmMemory + kb.compiledCode + kb.heapsAndBuffers + kb.files) };
}

export function describeRssParts(parts: RssParts | undefined): string {
  if (!parts) return 'unreadable';
  return (
    `${parts.total} MB: WebAssembly memory ${parts.wasmMemory}, compiled code ${parts.compiledCode}, ` +
    `heaps and buffers ${parts.heapsAndBuffers}, files ${parts.files}`
  );
}
