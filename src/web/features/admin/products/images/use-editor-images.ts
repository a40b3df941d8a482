import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../../../lib/toast';
import { deleteUploadedImage, serverReason, uploadProductImage } from '../api';
import {
  addImages,
  initialImages,
  isBusy,
  removeImage,
  toggleMain,
  TOO_MANY_IMAGES,
  updateImage,
  UPLOAD_FAILED,
  type EditorImage,
  type ImageListState,
} from './image-list';
import { shrinkImage } from './shrink-image';

let nextKey = 0;
const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * The editor's pictures: each added file is shrunk, then sent at once (while the admin fills in the rest),
 * with its own progress and retry. Files sent during this editing session that end up unused (removed,
 * or the editor closed without saving) are deleted again, so no orphan stays in storage.
 */
export function useEditorImages(images: readonly string[], mainImage: string) {
  const [state, setState] = useState<ImageListState>(() => initialImages(images, mainImage));
  const [limitError, setLimitError] = useState<string | null>(null);
  const current = useRef(state);
  current.current = state;

  const prepared = useRef(new Map<string, File>());
  const uploads = useRef(new Map<string, AbortController>());
  const removed = useRef(new Set<string>());
  const localPreviews = useRef(new Set<string>());
  // Decoding several camera photos at once can exhaust an old phone's memory: one at a time.
  const preparing = useRef<Promise<unknown>>(Promise.resolve());
  const finished = useRef(false);

  const change = useCallback((key: string, update: Partial<EditorImage>) => setState((s) => updateImage(s, key, update)), []);

  const send = useCallback(
    async (key: string, file: File) => {
      const controller = new AbortController();
      uploads.current.set(key, controller);
      change(key, { status: 'uploading', progress: 0 });
      try {
        const url = await uploadProductImage(file, (progress) => change(key, { progress }), controller.signal);
        if (finished.current || removed.current.has(key)) {
          deleteUploadedImage(url);
          return;
        }
        change(key, { status: 'ready', url, progress: 1 });
      } catch (error) {
        if (isAbort(error) || removed.current.has(key)) return;
        change(key, { status: 'failed' });
        toast.error(UPLOAD_FAILED, { description: serverReason(error) });
      } finally {
        uploads.current.delete(key);
      }
    },
    [change],
  );

  const add = useCallback(
    (files: readonly File[]) => {
      if (files.length === 0) return;
      const items: EditorImage[] = files.map((file) => {
        const preview = URL.createObjectURL(file);
        localPreviews.current.add(preview);
        return { key: `new-${(nextKey += 1)}`, url: null, preview, status: 'preparing', progress: 0, fromSession: true };
      });
      const next = addImages(current.current, items);
      if (next === TOO_MANY_IMAGES) {
        items.forEach((item) => URL.revokeObjectURL(item.preview));
        setLimitError(TOO_MANY_IMAGES);
        return;
      }
      setLimitError(null);
      current.current = next;
      setState(next);
      items.forEach((item, index) => {
        preparing.current = preparing.current.then(async () => {
          if (finished.current || removed.current.has(item.key)) return;
          const file = await shrinkImage(files[index]).catch(() => files[index]);
          prepared.current.set(item.key, file);
          if (!finished.current && !removed.current.has(item.key)) void send(item.key, file);
        });
      });
    },
    [send],
  );

  const retry = useCallback(
    (key: string) => {
      const file = prepared.current.get(key);
      if (file) void send(key, file);
    },
    [send],
  );

  const remove = useCallback((key: string) => {
    const item = current.current.items.find((i) => i.key === key);
    if (!item) return;
    removed.current.add(key);
    uploads.current.get(key)?.abort();
    if (item.fromSession && item.url) deleteUploadedImage(item.url);
    setLimitError(null);
    setState((s) => removeImage(s, key));
  }, []);

  const setMain = useCallback((key: string) => setState((s) => toggleMain(s, key)), []);

  /** The editor closes without saving: stop what is going up and delete what this session sent. */
  const discard = useCallback(() => {
    finished.current = true;
    uploads.current.forEach((controller) => controller.abort());
    current.current.items.filter((item) => item.fromSession && item.url).forEach((item) => deleteUploadedImage(item.url!));
  }, []);

  /** The product was saved with these images: they stay. */
  const commit = useCallback(() => {
    finished.current = true;
  }, []);

  useEffect(() => {
    const previews = localPreviews.current;
    return () => {
      previews.forEach((url) => URL.revokeObjectURL(url));
      previews.clear();
    };
  }, []);

  return { state, limitError, busy: isBusy(state), add, retry, remove, setMain, discard, commit };
}

export type EditorImages = ReturnType<typeof useEditorImages>;
