import { describe, expect, it } from 'vitest';
import { rssPartsOf } from './rss-parts';

const region = (from: number, sizeKb: number, perms: string, name = '', inode = 0) =>
  `${from.toString(16)}-${(from + sizeKb * 1024).toString(16)} ${perms} 00000000 00:00 ${inode}  ${name}`;

describe("a process's resident memory by what holds it", () => {
  it('tells a WebAssembly memory (its pages in use before its reserved rest), compiled code, heaps and files apart', () => {
    const smaps = [
      region(0x10000, 2048, 'r-xp', '/usr/bin/node', 1234),
      'Rss:                1024 kB',
      region(0x800000, 256 * 1024, 'rw-p'),
      'Rss:              204800 kB',
      region(0x800000 + 256 * 1024 * 1024, 8 * 1024 * 1024 - 256 * 1024, '---p'),
      'Rss:                   0 kB',
      region(0x4_0000_0000, 256 * 1024, 'rw-p'),
      'Rss:               10240 kB',
      region(0x3_0000_0000, 4096, 'rwxp'),
      'Rss:               51200 kB',
      region(0x3_1000_0000, 8192, 'rw-p', '[heap]'),
      'Rss:               30720 kB',
    ].join('\n');
    expect(rssPartsOf(smaps)).toEqual({ wasmMemory: 200, compiledCode: 50, heapsAndBuffers: 40, files: 1, total: 291 });
  });
});
