/**
 * What the server asks of the storefront's render module (built from src/web/entry-server.tsx into
 * dist/web-ssr and loaded at start by src/server/features/ssr): which API answers a page opens with, and
 * the page drawn with them. The server fetches the answers through its own API (and catalogue cache), so a
 * page and the API never disagree, and writes the same data into the page for the browser to adopt.
 */
export interface PageDataNeed {
  /** The key under which the answer is written into the page (src/web/lib/initial-data.ts). */
  key: string;
  /** The API address, with its query: '/api/products?category=oil&page=2&limit=12'. */
  path: string;
}

export interface PageRenderer {
  /** The answers the page at this address (path and query, or in full) is drawn from, besides the shop's settings. */
  dataNeeds(url: string): PageDataNeed[];
  /**
   * The page at `url` (in full: the shop's public address, path and query) as HTML; null when it could not
   * be drawn (an error, also given to `onError`, or a render over the time limit): the caller then sends
   * the empty shell that the browser draws itself.
   */
  render(url: string, data: Record<string, unknown>, onError: (error: unknown) => void): Promise<string | null>;
  /**
   * Called once before the first page: loads the code of every screen. `keptBytes`: the memory the text of
   * the parts of pages kept drawn may take (PAGE_FRAGMENTS_MB).
   */
  prepare(limits?: { keptBytes?: number }): Promise<void>;
}
