import { describe, expect, it } from 'vitest';
import {
  addImages,
  IMAGES_REQUIRED,
  imagesChanged,
  imagesProblem,
  initialImages,
  MAIN_IMAGE_REQUIRED,
  removeImage,
  savedImages,
  sessionUploads,
  toggleMain,
  TOO_MANY_IMAGES,
  updateImage,
  UPLOAD_FAILED,
  type EditorImage,
  type ImageListState,
} from './image-list';

const fresh = (key: string, status: EditorImage['status'] = 'ready'): EditorImage => ({
  key,
  url: status === 'ready' ? `/uploads/${key}.webp` : null,
  preview: `blob:${key}`,
  status,
  progress: status === 'ready' ? 1 : 0,
  fromSession: true,
});

const added = (state: ImageListState, ...items: EditorImage[]) => {
  const next = addImages(state, items);
  if (typeof next === 'string') throw new Error(next);
  return next;
};

describe('the product editor images', () => {
  it('starts from the stored images with the stored main image', () => {
    const state = initialImages(['/uploads/a.webp', '/uploads/b.webp'], '/uploads/b.webp');
    expect(state.items.map((i) => i.url)).toEqual(['/uploads/a.webp', '/uploads/b.webp']);
    expect(state.mainKey).toBe('/uploads/b.webp');
    expect(initialImages([], '').mainKey).toBeNull();
  });

  it('makes the first added image main when none is', () => {
    const state = added(initialImages([], ''), fresh('a', 'uploading'), fresh('b', 'uploading'));
    expect(state.mainKey).toBe('a');
    expect(added(state, fresh('c')).mainKey).toBe('a');
    expect(added(toggleMain(state, 'a'), fresh('c')).mainKey).toBe('c');
  });

  it('refuses a fifth image, and a selection that would pass four, as a whole', () => {
    const three = added(initialImages([], ''), fresh('a'), fresh('b'), fresh('c'));
    expect(addImages(three, [fresh('d'), fresh('e')])).toBe(TOO_MANY_IMAGES);
    const four = added(three, fresh('d'));
    expect(four.items).toHaveLength(4);
    expect(addImages(four, [fresh('e')])).toBe(TOO_MANY_IMAGES);
  });

  it('removing the main image makes the first remaining one main, or none', () => {
    const state = toggleMain(added(initialImages([], ''), fresh('a'), fresh('b'), fresh('c')), 'b');
    expect(removeImage(state, 'a').mainKey).toBe('b');
    const withoutMain = removeImage(state, 'b');
    expect(withoutMain.mainKey).toBe('a');
    expect(withoutMain.items.map((i) => i.key)).toEqual(['a', 'c']);
    expect(removeImage(added(initialImages([], ''), fresh('a')), 'a')).toEqual({ items: [], mainKey: null });
  });

  it('"Set as main image" on the main one leaves no main image', () => {
    const state = added(initialImages([], ''), fresh('a'), fresh('b'));
    expect(toggleMain(state, 'b').mainKey).toBe('b');
    expect(toggleMain(state, 'a').mainKey).toBeNull();
  });

  it('names what keeps the images from being saved', () => {
    const empty = initialImages([], '');
    expect(imagesProblem(empty)).toBe(IMAGES_REQUIRED);
    const uploading = added(empty, fresh('a', 'uploading'));
    expect(imagesProblem(uploading)).toBe(IMAGES_REQUIRED);
    const failed = updateImage(uploading, 'a', { status: 'failed' });
    expect(imagesProblem(failed)).toBe(UPLOAD_FAILED);
    const ready = updateImage(uploading, 'a', { status: 'ready', url: '/uploads/a.webp' });
    expect(imagesProblem(ready)).toBeNull();
    expect(imagesProblem(toggleMain(ready, 'a'))).toBe(MAIN_IMAGE_REQUIRED);
  });

  it('saves the stored URLs in order with the main one', () => {
    const state = toggleMain(
      added(initialImages(['/uploads/x.webp'], '/uploads/x.webp'), fresh('a'), fresh('b', 'uploading')),
      'a',
    );
    expect(savedImages(state)).toEqual({
      images: ['/uploads/x.webp', '/uploads/a.webp'],
      mainImage: '/uploads/a.webp',
    });
  });

  it('tells when the pictures differ from those the editor opened with', () => {
    const opened = initialImages(['/uploads/x.webp', '/uploads/y.webp'], '/uploads/y.webp');
    expect(imagesChanged(opened, opened)).toBe(false);
    expect(imagesChanged(toggleMain(opened, '/uploads/y.webp'), opened)).toBe(true);
    expect(imagesChanged(toggleMain(opened, '/uploads/x.webp'), opened)).toBe(true);
    expect(imagesChanged(removeImage(opened, '/uploads/x.webp'), opened)).toBe(true);
    expect(imagesChanged(added(opened, fresh('a', 'uploading')), opened)).toBe(true);
    expect(imagesChanged(removeImage(added(opened, fresh('a')), 'a'), opened)).toBe(false);
  });

  it("lists only this session's stored uploads, never the saved product's own files", () => {
    const state = added(
      initialImages(['/uploads/x.webp'], '/uploads/x.webp'),
      fresh('a'),
      fresh('b', 'uploading'),
      fresh('c', 'failed'),
    );
    expect(sessionUploads(state).map((i) => i.url)).toEqual(['/uploads/a.webp']);
  });
});
