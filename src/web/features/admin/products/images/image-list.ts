import { MAX_PRODUCT_IMAGES } from '../../../../../shared/schemas/products';

export const TOO_MANY_IMAGES = 'You can upload up to 4 images.';
export const IMAGES_REQUIRED = 'Please upload 1-4 images.';
export const MAIN_IMAGE_REQUIRED = 'Please select a main image.';
export const UPLOAD_FAILED = 'Failed to upload image. Please try again.';

export type ImageStatus = 'preparing' | 'uploading' | 'ready' | 'failed';

/** One picture in the editor: already stored, on its way up, or failed and waiting for a retry. */
export interface EditorImage {
  key: string;
  /** The stored URL once uploaded. */
  url: string | null;
  /** What the thumbnail shows: the stored URL, or the local file while it goes up. */
  preview: string;
  status: ImageStatus;
  /** Part of the upload sent, 0 to 1. */
  progress: number;
  /** Uploaded while this editor was open: its file goes again if the product is never saved. */
  fromSession: boolean;
}

export interface ImageListState {
  items: EditorImage[];
  mainKey: string | null;
}

export function initialImages(images: readonly string[], mainImage: string): ImageListState {
  const items = images.map((url) => ({
    key: url,
    url,
    preview: url,
    status: 'ready' as const,
    progress: 1,
    fromSession: false,
  }));
  const main = items.find((item) => item.url === mainImage) ?? items[0];
  return { items, mainKey: main?.key ?? null };
}

/** SPEC §4/§5: more than four in all is refused as a whole; the first image added becomes main if none is. */
export function addImages(
  state: ImageListState,
  added: readonly EditorImage[],
): ImageListState | typeof TOO_MANY_IMAGES {
  if (state.items.length + added.length > MAX_PRODUCT_IMAGES) return TOO_MANY_IMAGES;
  return { items: [...state.items, ...added], mainKey: state.mainKey ?? added[0]?.key ?? null };
}

/** Removing the main image makes the first remaining one main, or none. */
export function removeImage(state: ImageListState, key: string): ImageListState {
  const items = state.items.filter((item) => item.key !== key);
  const mainKey = state.mainKey === key ? (items[0]?.key ?? null) : state.mainKey;
  return { items, mainKey };
}

/** 'Set as main image' is a toggle: pressing the main one again leaves no main image. */
export function toggleMain(state: ImageListState, key: string): ImageListState {
  return { ...state, mainKey: state.mainKey === key ? null : key };
}

export function updateImage(state: ImageListState, key: string, change: Partial<EditorImage>): ImageListState {
  return { ...state, items: state.items.map((item) => (item.key === key ? { ...item, ...change } : item)) };
}

export const isBusy = (state: ImageListState) =>
  state.items.some((item) => item.status === 'preparing' || item.status === 'uploading');

/** What keeps the images from being saved, in the order the admin should fix it; null when they can be. */
export function imagesProblem(state: ImageListState): string | null {
  if (state.items.some((item) => item.status === 'failed')) return UPLOAD_FAILED;
  const ready = state.items.filter((item) => item.status === 'ready');
  if (ready.length < 1 || ready.length > MAX_PRODUCT_IMAGES) return IMAGES_REQUIRED;
  const main = ready.find((item) => item.key === state.mainKey);
  if (!main) return MAIN_IMAGE_REQUIRED;
  return null;
}

/** Whether the pictures differ from those the editor opened with: one added (even still going up), removed, or another main. */
export function imagesChanged(state: ImageListState, initial: ImageListState): boolean {
  return (
    state.mainKey !== initial.mainKey ||
    state.items.length !== initial.items.length ||
    state.items.some((item, index) => item.key !== initial.items[index]?.key)
  );
}

/** Files sent during this editing session and stored: the ones to delete when the product is not saved. */
export function sessionUploads(state: ImageListState): EditorImage[] {
  return state.items.filter((item) => item.fromSession && item.url !== null);
}

/** The stored URLs in the editor's order, and the main one: what the product is saved with. */
export function savedImages(state: ImageListState): { images: string[]; mainImage: string } {
  const ready = state.items.filter((item) => item.status === 'ready' && item.url);
  const main = ready.find((item) => item.key === state.mainKey);
  return { images: ready.map((item) => item.url!), mainImage: main?.url ?? '' };
}
