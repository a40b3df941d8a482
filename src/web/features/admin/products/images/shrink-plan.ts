import { IMAGE_MAX_SIDE } from '../../../../../shared/images';

/** What the browser can send as is: the server takes these and re-encodes them anyway. */
export const UPLOADABLE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const UPLOAD_ACCEPT = UPLOADABLE_TYPES.join(',');

/** A photo at this size or under, already within the side limit, costs little to send: no re-encoding. */
export const KEEP_ORIGINAL_MAX_BYTES = 1024 * 1024;
/** JPEG/WebP quality of a shrunk photo: no visible loss at 1600 px, a fraction of a phone camera's bytes. */
export const SHRINK_QUALITY = 0.85;

export interface SourceImage {
  width: number;
  height: number;
  bytes: number;
  type: string;
}

export type ShrinkPlan = { action: 'keep' } | { action: 'encode'; width: number; height: number; resized: boolean };

/**
 * How to prepare a picture for upload: the server stores at most IMAGE_MAX_SIDE on the long side, so a
 * bigger one is scaled down here (keeping its proportions) rather than sent whole over a costly line.
 */
export function shrinkPlan(source: SourceImage, maxSide = IMAGE_MAX_SIDE): ShrinkPlan {
  const longSide = Math.max(source.width, source.height);
  const scale = longSide > maxSide ? maxSide / longSide : 1;
  const fits = scale === 1;
  const uploadable = (UPLOADABLE_TYPES as readonly string[]).includes(source.type);
  if (fits && uploadable && source.bytes <= KEEP_ORIGINAL_MAX_BYTES) return { action: 'keep' };
  return {
    action: 'encode',
    width: Math.max(1, Math.round(source.width * scale)),
    height: Math.max(1, Math.round(source.height * scale)),
    resized: !fits,
  };
}

/** A re-encoded copy at the same size is only worth sending when it is smaller than the original. */
export function shouldSendEncoded(plan: ShrinkPlan, source: SourceImage, encodedBytes: number): boolean {
  if (plan.action === 'keep') return false;
  if (plan.resized) return true;
  const uploadable = (UPLOADABLE_TYPES as readonly string[]).includes(source.type);
  return !uploadable || encodedBytes < source.bytes;
}
