import { createContext, createElement, Fragment, useContext, type ReactNode } from 'react';

/**
 * Parts of a server-drawn page that every page of a kind draws alike (the footer, the header of a
 * section), drawn once and then written as the same HTML (src/web/entry-server.tsx keeps them for the
 * shop's settings of the moment). Undefined in the browser, which always draws them itself.
 */
export interface ServerFragments {
  /** The HTML drawn before under this id, or undefined: then it is drawn and kept. */
  drawn(id: string): string | undefined;
}

export const ServerFragmentsContext = createContext<ServerFragments | undefined>(undefined);

/** Marks the HTML drawn under an id, for entry-server.tsx to keep and take out (keptFragments). */
export const FRAGMENT_MARK = 'server-fragment:';

// preact-render-to-string writes a Fragment's `tpl` as it is and its `UNSTABLE_comment` as a comment.
const raw = (html: string) => createElement(Fragment as never, { tpl: [html] } as never);
const comment = (text: string) => createElement(Fragment as never, { UNSTABLE_comment: text } as never);

/**
 * Children drawn the same for every page with this id: `id` names everything they depend on besides
 * the shop's settings (which the server's cache of fragments is keyed by); undefined draws them afresh.
 */
export function SameOnEveryPage({ id, children }: { id: string | undefined; children: ReactNode }) {
  const fragments = useContext(ServerFragmentsContext);
  if (!fragments || id === undefined) return children;
  const drawn = fragments.drawn(id);
  if (drawn !== undefined) return raw(drawn);
  return (
    <>
      {comment(`${FRAGMENT_MARK}${id}`)}
      {children}
      {comment(`/${FRAGMENT_MARK}${id}`)}
    </>
  );
}
