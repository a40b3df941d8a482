import type { Readable } from 'node:stream';
import { IMAGE_VARIANT_WIDTHS } from '../../../shared/images';

export interface StoredImage {
  /** Public URL of the largest WebP, e.g. /uploads/<32 hex>.webp; variants follow src/shared/images.ts. */
  url: string;
  name: string;
}

/** Where image files live: DATA_DIR/uploads (local-image-store.ts) or an S3-compatible bucket (s3-image-store.ts). */
export interface ImageStore {
  /** Checks the bytes are JPEG, PNG or WebP, re-encodes to WebP variants without metadata, stores them. */
  saveImage(input: Buffer): Promise<StoredImage>;
  /** Removes the image and its variants; false when no such stored image. Only store-made names are accepted. */
  deleteImage(name: string): Promise<boolean>;
  /** How /uploads/* is answered (storage-plugin.ts). */
  readonly serving: FolderServing | StreamServing;
  /** Lets go of connections; the store is not used after. */
  close(): Promise<void>;
}

/** A folder that @fastify/static serves as it is. */
export interface FolderServing {
  kind: 'folder';
  directory: string;
}

/** Files read one by one from the store and streamed by the shop's own route. */
export interface StreamServing {
  kind: 'stream';
  /** Size and ETag of a stored file without its bytes; null when there is no such file. */
  statImage(file: string): Promise<ImageFileInfo | null>;
  /** The file's bytes; null when there is no such file. */
  readImage(file: string): Promise<(ImageFileInfo & { body: Readable }) | null>;
}

export interface ImageFileInfo {
  length?: number;
  etag?: string;
}

const variantPattern = IMAGE_VARIANT_WIDTHS.join('|');
/** A file the stores write: an image's main WebP or one of its narrower variants. */
export const STORED_IMAGE_FILE = new RegExp(`^[a-f0-9]{32}(-(${variantPattern}))?\\.webp$`);

/** The files of a stored image (main name as in STORED_IMAGE_NAME): the main file first, then each variant. */
export function imageFilesOf(name: string): string[] {
  const stem = name.replace(/\.webp$/, '');
  return [name, ...IMAGE_VARIANT_WIDTHS.map((w) => `${stem}-${w}.webp`)];
}

/** Cache-Control of every stored file: a stored name never gets new content (each upload gets a new random name). */
export const STORED_IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
