import sharp, { type OutputInfo } from 'sharp';
import { IMAGE_MAX_SIDE, IMAGE_VARIANT_WIDTHS } from '../../../shared/images';
import { HttpError } from '../../lib/http-errors';

export type ImageKind = 'jpeg' | 'png' | 'webp';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Recognises the three accepted formats by their first bytes, whatever the name or declared type says. */
export function sniffImageKind(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 12 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP')
    return 'webp';
  return null;
}

export const notAnImage = () => new HttpError(415, 'Only JPEG, PNG or WebP images are accepted');
const unreadable = () => new HttpError(415, 'The file is not a readable JPEG, PNG or WebP image');

export interface EncodedImage {
  /** The capped original first (suffix ''), then one per IMAGE_VARIANT_WIDTHS entry (suffix '-400'...). */
  files: { suffix: string; data: Buffer }[];
}

/** Guards memory: a small file can still declare a huge canvas (decompression bomb). */
export const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Re-encodes an upload to WebP: orientation applied, long side capped, narrower copies for srcset.
 * Metadata (EXIF, GPS, XMP, ICC) is dropped because sharp writes none unless asked to keep it.
 * The image is decoded and downscaled once to raw pixels; every WebP is encoded from those.
 */
export async function encodeProductImage(input: Buffer): Promise<EncodedImage> {
  if (!sniffImageKind(input)) throw notAnImage();
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(input, { limitInputPixels: false }).metadata());
  } catch {
    throw unreadable();
  }
  if (!width || !height) throw unreadable();
  if (width * height > MAX_INPUT_PIXELS) {
    throw new HttpError(413, `Image dimensions too large (at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels)`);
  }

  let pixels: { data: Buffer; info: OutputInfo };
  try {
    // failOn 'error' also rejects truncated data, so a cut-off JPEG is refused instead of stored half grey.
    pixels = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .autoOrient()
      .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw unreadable();
  }

  const { data, info } = pixels;
  const fromPixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const main = await fromPixels().webp({ quality: 80 }).toBuffer();
  const variants = await Promise.all(
    IMAGE_VARIANT_WIDTHS.map(async (w) => ({
      suffix: `-${w}`,
      // Never wider than the capped original (a tall narrow photo), so a variant is never bigger than the main file.
      data: await fromPixels()
        .resize({ width: Math.min(w, info.width) })
        .webp({ quality: 75 })
        .toBuffer(),
    })),
  );
  return { files: [{ suffix: '', data: main }, ...variants] };
}
