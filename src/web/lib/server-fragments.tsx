import { createContext, createElement, Fragment, useContext, type ReactNode } from 'react';

/**
 * Parts of a server-drawn page drawn once and then written as the same HTML (src/web/entry-server.tsx
 * keeps them, within a bound, for the shop's settings of the moment): the footer and the header of a
 * section, alike on many pages, and a product's own part of its page or its card, alike until the product
 * changes. Undefined in the browser, which always draws them itself.
 */
export interface ServerFragments {
  /** The HTML drawn before from this id, or undefined: then it is drawn and kept. */
  drawn(id: string): string | undefined;
  /** A short name for `id` in this page, safe in an HTML comment, to mark what is drawn from it. */
  mark(id: string): string;
}

export const ServerFragmentsContext = createContext<ServerFragments | undefined>(undefined);

/** Marks the HTML drawn under a key, for entry-server.tsx to keep and take out (keptFragments). */
export const FRAGMENT_MARK = 'server-fragment:';

// preact-render-to-string writes a Fragment's `tpl` as it is and its `UNSTABLE_comment` as a comment.
const raw = (html: string) => createElement(Fragment as never, { tpl: [html] } as never);
const comment = (text: string) => createElement(Fragment as never, { UNSTABLE_comment: text } as never);

/**
 * Children drawn the same for every page with this id: `id` names everything they depend on besides
 * the shop's settings (which the server's cache of fragments is keyed by), in full (the data they are
 * drawn from, written out: a function, so the browser never spends the time); undefined draws them afresh.
 * One inside another is drawn as part of it. A useId inside is written as where it was first drawn, and one after it counts
 * on: so only parts at the same place of pages drawn alike up to them, with no useId after them.
 */
export function SameOnEveryPage({ id, children }: { id: string | (() => string) | undefined; children: ReactNode }) {
  const fragments = useContext(ServerFragmentsContext);
  if (!fragments || id === undefined) return children;
  const full = typeof id === 'function' ? id() : id;
  const drawn = fragments.drawn(full);
  if (drawn !== undefined) return raw(drawn);
  const key = fragments.mark(full);
  // One inside (a card in a product's part) is drawn afresh, as part of this one.
  return (
    <>
      {comment(`${FRAGMENT_MARK}${key}`)}
      <ServerFragmentsContext value={undefined}>{children}</ServerFragmentsContext>
      {comment(`/${FRAGMENT_MARK}${key}`)}
    </>
  );
}
