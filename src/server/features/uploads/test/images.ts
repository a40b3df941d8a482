import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/** Test-only helpers: real images made by sharp, and hand-built multipart bodies for app.inject(). */

export interface FilePart {
  field: string;
  filename: string;
  type: string;
  data: Buffer;
}

export function multipart(parts: (FilePart | { field: string; value: string })[]) {
  const boundary = `----coop${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('value' in p) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"\r\n\r\n${p.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`,
        ),
        p.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const canvas = (width: number, height: number, alpha = false) =>
  sharp({
    create: {
      width,
      height,
      channels: alpha ? 4 : 3,
      background: alpha ? { r: 200, g: 120, b: 40, alpha: 0.5 } : { r: 200, g: 120, b: 40 },
    },
  }).composite([
    // Some detail, so the encoders have real work and the output is not trivially tiny.
    {
      input: Buffer.from(
        `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#2a6"/></svg>`,
      ),
    },
  ]);

export const jpegWithExif = (width = 1200, height = 900) =>
  canvas(width, height)
    .jpeg()
    .withExif({
      IFD0: { Artist: 'Secret Person', Copyright: 'Private Farm', Make: 'TestCam' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '15/1 25/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '28/1 17/1 0/1' },
    })
    .toBuffer();

export const png = (width = 300, height = 200) => canvas(width, height, true).png().toBuffer();
export const webp = (width = 500, height = 500) => canvas(width, height).webp().toBuffer();
export const jpeg = (width: number, height: number) => canvas(width, height).jpeg({ quality: 90 }).toBuffer();

export const jpg = (data: Buffer, field = 'image', filename = 'photo.jpg'): FilePart => ({
  field,
  filename,
  type: 'image/jpeg',
  data,
});
