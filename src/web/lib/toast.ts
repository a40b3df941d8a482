import type { ExternalToast } from 'sonner';

/**
 * Toasts through a lazily loaded sonner: about 10 KB gzip that most first visits never need, so it
 * is fetched on the first toast. Sonner replays toasts raised before its Toaster mounted.
 */
type Sonner = typeof import('sonner');

let sonner: Promise<Sonner> | undefined;
const requestListeners = new Set<() => void>();

export function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner');
    sonner.catch(() => {
      sonner = undefined;
    });
    requestListeners.forEach((listener) => listener());
  }
  return sonner;
}

/** The lazy Toaster mounts itself when the first toast is asked for. */
export function onToastRequested(listener: () => void): () => void {
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}

function show(kind: 'success' | 'error', message: string, data?: ExternalToast) {
  loadSonner()
    .then((module) => module.toast[kind](message, data))
    .catch(() => console.error(`Toast not shown (offline?): ${message}`));
}

export const toast = {
  success: (message: string, data?: ExternalToast) => show('success', message, data),
  error: (message: string, data?: ExternalToast) => show('error', message, data),
};
