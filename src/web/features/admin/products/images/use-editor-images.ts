import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../../../lib/toast';
import { deleteUploadedImage, serverReason, uploadProductImage } from '../api';
import {
  addImages,
  imagesChanged,
  initialImages,
  isBusy,
  removeImage,
  sessionUploads,
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
 * or the editor left without saving, the tab closed included) are deleted again, so no orphan stays in storage.
 * While a save is on its way (`saving`) they are the product's, and stay whatever happens.
 */
export function useEditorImages(images: readonly string[], mainImage: string, saving: boolean) {
  const [initial] = useState(() => initialImages(images, mainImage));
  const [state, setState] = useState<ImageListState>(initial);
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
  const deletedAsPageWent = useRef<string[]>([]);
  const savingNow = useRef(saving);
  savingNow.current = saving;

  const change = useCallback(
    (key: string, update: Partial<EditorImage>) => setState((s) => updateImage(s, key, update)),
    [],
  );

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
        return {
          key: `new-${(nextKey += 1)}`,
          url: null,
          preview,
          status: 'preparing',
          progress: 0,
          fromSession: true,
        };
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
    sessionUploads(current.current).forEach((item) => deleteUploadedImage(item.url!));
  }, []);

  /**
   * The page goes away (tab closed or reloaded): keepalive requests delete what this session sent. A page
   * kept in the browser's back-forward cache may come back, so those pictures wait there to go up again.
   */
  const pageHidden = useCallback(
    (persisted: boolean) => {
      if (finished.current || savingNow.current) return;
      const sent = sessionUploads(current.current);
      sent.forEach((item) => deleteUploadedImage(item.url!, { asPageGoes: true }));
      if (!persisted) return;
      deletedAsPageWent.current = sent.map((item) => item.key);
      sent.forEach((item) => change(item.key, { status: 'failed', url: null, progress: 0 }));
    },
    [change],
  );

  /** Back from the back-forward cache: what was deleted as the page went goes up again. */
  const pageShown = useCallback(() => {
    deletedAsPageWent.current.forEach((key) => retry(key));
    deletedAsPageWent.current = [];
  }, [retry]);

  /** The product was saved with these images: they stay. */
  const commit = useCallback(() => {
    finished.current = true;
  }, []);

  // Gone without Save, Cancel or Leave (a step back the browser would not let the page stop, the session
  // ending): what this session sent goes too.
  useEffect(
    () => () => {
      if (!finished.current && !savingNow.current) discard();
    },
    [discard],
  );

  useEffect(() => {
    const previews = localPreviews.current;
    return () => {
      previews.forEach((url) => URL.revokeObjectURL(url));
      previews.clear();
    };
  }, []);

  return {
    state,
    limitError,
    busy: isBusy(state),
    changed: imagesChanged(state, initial),
    add,
    retry,
    remove,
    setMain,
    discard,
    commit,
    pageHidden,
    pageShown,
  };
}

export type EditorImages = ReturnType<typeof useEditorImages>;
