import { API_FALLBACK_MESSAGE, ApiError, currentToken, errorMessage, type RequestBody } from './api-client';

export interface UploadRequest {
  /** Under /api, e.g. '/upload'. */
  path: string;
  /** Multipart field name of every file ('image' or 'images'). */
  field: string;
  files: readonly Blob[];
  /** Fraction of the body sent, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function fileName(file: Blob, index: number): string {
  if (file instanceof File && file.name) return file.name;
  const extension = file.type.split('/')[1] ?? 'bin';
  return `image-${index + 1}.${extension}`;
}

/**
 * A multipart POST through XMLHttpRequest, because fetch cannot report how much of a request body has
 * gone out, and on a slow line an upload without progress looks hung. Failures are ApiErrors like
 * apiRequest's; an abort rejects with an AbortError DOMException.
 */
export function uploadWithProgress<T>({ path, field, files, onProgress, signal }: UploadRequest): Promise<T> {
  const body = new FormData();
  files.forEach((file, index) => body.append(field, file, fileName(file, index)));
  return postWithProgress<T>(path, body, onProgress, signal);
}

/** A JSON POST whose sending is reported like an upload's (a CSV file's text for the product import). */
export function postJsonWithProgress<T, TBody extends RequestBody>(
  path: string,
  body: NoInfer<TBody>,
  { onProgress, signal }: Pick<UploadRequest, 'onProgress' | 'signal'> = {},
): Promise<T> {
  return postWithProgress<T>(path, JSON.stringify(body), onProgress, signal, 'application/json');
}

function postWithProgress<T>(
  path: string,
  body: FormData | string,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
  contentType?: string,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Upload aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api${path}`);
    xhr.setRequestHeader('accept', 'application/json');
    if (contentType) xhr.setRequestHeader('content-type', contentType);
    const token = currentToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);

    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      settle();
      let data: unknown = null;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON: handled below like apiRequest does.
      }
      if (xhr.status >= 200 && xhr.status < 300 && data !== null) {
        onProgress?.(1);
        resolve(data as T);
        return;
      }
      reject(
        new ApiError(errorMessage(xhr, data, Boolean(token)), xhr.status, data === null ? 'non-json' : 'http', data),
      );
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError(API_FALLBACK_MESSAGE, 0, 'network'));
    };
    xhr.onabort = () => {
      settle();
      reject(new DOMException('Upload aborted', 'AbortError'));
    };
    xhr.send(body);
  });
}
