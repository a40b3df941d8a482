import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';

/**
 * Test-only: writes a copy of a backup with some entries changed (edit answers new bytes) or left out
 * (edit answers null), re-compressed so gzip's own check passes and only our checks can catch it.
 */
export async function repackBackup(from: string, to: string, edit: (name: string, data: Buffer) => Buffer | null) {
  const extract = tar.extract();
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), createWriteStream(to));
  const read = pipeline(createReadStream(from), createGunzip(), extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
    const data = edit(entry.header.name, Buffer.concat(chunks));
    if (data)
      await new Promise<void>((resolve, reject) =>
        pack.entry({ name: entry.header.name, size: data.length }, data, (e) => (e ? reject(e) : resolve())),
      );
  }
  await read;
  pack.finalize();
  await written;
}

/** Every entry of a backup: name and bytes, in file order. */
export async function entriesOf(file: string) {
  const extract = tar.extract();
  const read = pipeline(createReadStream(file), createGunzip(), extract);
  const entries: { name: string; data: Buffer }[] = [];
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
    entries.push({ name: entry.header.name, data: Buffer.concat(chunks) });
  }
  await read;
  return entries;
}
