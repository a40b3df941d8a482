/**
 * Uploads' public entry (docs/decisions/010-module-boundaries.md): the app registers the image store and
 * routes; products and the seed keep images in the store; backups read the stored files and write
 * restored ones.
 */
export { default as storagePlugin, type ImageStore } from './storage-plugin';
export { default as uploadRoutes } from './routes';
// Returns take a shopper's photo through the same checks (multipart registered by the caller's routes).
export { readImages } from './read-images';
export { STORED_IMAGE_FILE } from './image-store';
export { openImageBucket } from './image-bucket';
export { storageLocation, type S3StorageSettings } from './storage-settings';
