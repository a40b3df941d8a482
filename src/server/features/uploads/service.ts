/** What other features may use of uploads (decision 010): backups read the stored files and write restored ones. */
export { STORED_IMAGE_FILE } from './image-store';
export { openImageBucket } from './image-bucket';
export { storageLocation, type S3StorageSettings } from './storage-settings';
