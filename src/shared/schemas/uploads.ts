import { z } from 'zod';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGES_PER_UPLOAD = 4;

export const uploadedImageSchema = z.object({
  message: z.string(),
  /** Site-relative URL of the largest WebP, e.g. /uploads/<32 hex>.webp; -400/-800 variants sit beside it. */
  imageUrl: z.string(),
});

export const uploadedImagesSchema = z.object({
  message: z.string(),
  imageUrls: z.array(z.string()),
});

export const imageFileParams = z.object({ filename: z.string() });
