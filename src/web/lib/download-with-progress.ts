import { API_FALLBACK_MESSAGE, ApiError, buildQueryString, currentToken, errorMessage } from './api-client';

export interface DownloadProgress {
  bytes: number;
  /** Lines received after the header line. */
  rows: number;
  /** Rows the server said would come (X-Row-Count), when it said. */
  totalRows: number | null;
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
  rows: number;
}

export interface DownloadRequest {
  /** Under /api, e.g. '/reports/orders.csv'. */
  path: string;
  query?: Record<string, string | undefined>;
  /** Used when the answer names no file. */
  fallbackName: string;
  onProgress?: (progress: DownloadProgress) => void;
  signal?: AbortSignal;
}

export const DOWNLOAD_CUT_OFF_MESSAGE = 'The download was cut off. Check your connection and try again.';
/** Often enough to look alive, rarely enough that a fast line does not re-render the page for every chunk. */
const PROGRESS_EVERY_MS = 150;
const NEWLINE = 10;

function fileNameOf(response: Response): string | null {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match ? match[1] : null;
}

/**
 * A file of the API fetched with the admin's token (a plain link could not send it), read chunk by chunk
 * so a long export shows how far it has got. Failures are ApiErrors like apiRequest's; an abort rejects
 * with the AbortError of fetch.
 */
export async function downloadWithProgress({
  path,
  query,
  fallbackName,
  onProgress,
  signal,
}: DownloadRequest): Promise<DownloadedFile> {
  const token = currentToken();
  let response: Response;
  try {
    response = await fetch(`/api${path}${buildQueryString(query)}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(API_FALLBACK_MESSAGE, 0, 'network');
  }
  if (!response.ok || !response.body) {
    const data: unknown = await response.json().catch(() => null);
    throw new ApiError(
      errorMessage(response, data, Boolean(token)),
      response.status,
      data === null ? 'non-json' : 'http',
      data,
    );
  }

  const announced = Number(response.headers.get('x-row-count') ?? NaN);
  const totalRows = Number.isFinite(announced) ? announced : null;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  let lines = 0;
  let reportedAt = 0;
  const progress = () => ({ bytes, rows: Math.max(0, lines - 1), totalRows });
  onProgress?.(progress());
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytes += value.length;
      // A name with a line break in it counts one row too many; the bar only needs to be about right.
      for (let i = 0; i < value.length; i++) if (value[i] === NEWLINE) lines += 1;
      const now = performance.now();
      if (now - reportedAt >= PROGRESS_EVERY_MS) {
        reportedAt = now;
        onProgress?.(progress());
      }
    }
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(DOWNLOAD_CUT_OFF_MESSAGE, 0, 'network');
  }
  onProgress?.(progress());
  const blob = new Blob(chunks, { type: response.headers.get('content-type') ?? 'application/octet-stream' });
  return { blob, fileName: fileNameOf(response) ?? fallbackName, rows: progress().rows };
}

/** Hands a fetched file to the browser as a download (its own folder and "open with"). */
export function saveFile({ blob, fileName }: Pick<DownloadedFile, 'blob' | 'fileName'>) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
