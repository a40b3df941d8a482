import { readFileSync } from 'node:fs';

/** A process's resident memory by what holds it, in MB (issue 43 item 4), read from /proc/PID/smaps. */
export interface RssParts {
  /** The WebAssembly memories: V8 reserves each as one region of several GB; PGlite's PostgreSQL lives there. */
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
  const kb = { wasmMemory: 0, compiledCode: 0, heapsAndBuffers: 0, files: 0 };
  let part: keyof typeof kb = 'heapsAndBuffers';
  for (const line of text.split('\n')) {
    const region = /^([0-9a-f]+)-([0-9a-f]+) (\S{4}) \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (region) {
      const sizeKb = (parseInt(region[2], 16) - parseInt(region[1], 16)) / 1024;
      const [perms, inode, name] = [region[3], region[4], region[5]];
      if (inode !== '0' && name.startsWith('/')) part = 'files';
      else if (sizeKb >= WASM_RESERVATION_KB) part = 'wasmMemory';
      else if (perms.includes('x')) part = 'compiledCode';
      else part = 'heapsAndBuffers';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) kb[part] += Number(rss[1]);
  }
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
