import sharp, { type Sharp } from 'sharp';
import { IMAGE_MAX_SIDE, IMAGE_VARIANT_WIDTHS } from '../../../shared/images';
import { HttpError } from '../../lib/http-errors';

export type ImageKind = 'jpeg' | 'png' | 'webp';

/** Recognises the three accepted formats by their first bytes, whatever the name or declared type says. */
export function sniffImageKind(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP') return 'webp';
  return null;
}

export interface EncodedImage {
  /** The capped original first, then one per IMAGE_VARIANT_WIDTHS entry. */
  files: { suffix: string; data: Buffer }[];
}

const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Re-encodes an upload to WebP: long side capped, orientation applied, metadata (EXIF, GPS) dropped
 * because sharp writes none unless asked. Narrower copies feed srcset.
 */
export async function encodeProductImage(input: Buffer): Promise<EncodedImage> {
  if (!sniffImageKind(input)) throw new HttpError(415, 'Only JPEG, PNG or WebP images are accepted');
  let base: Sharp;
  try {
    base = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    await base.metadata();
  } catch {
    throw new HttpError(415, 'The file is not a readable image');
  }
  try {
    const main = await base
      .clone()
      .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    const variants = await Promise.all(
      IMAGE_VARIANT_WIDTHS.map(async (width) => ({
        suffix: `-${width}`,
        data: await base.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 75 }).toBuffer(),
      })),
    );
    return { files: [{ suffix: '', data: main }, ...variants] };
  } catch {
    throw new HttpError(415, 'The file is not a readable image');
  }
}
