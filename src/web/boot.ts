import { APP_CHUNKS_META } from '../shared/app-chunks';
import './index.css';

/**
 * The page's entry, kept tiny. A storefront page arrives drawn by the server: the browser paints it
 * first, and only then fetches and runs the app (./main.tsx and the page's chunks, which the server lists
 * in a meta tag instead of preload hints) to adopt it. A phone on a slow line gets the stylesheet and the
 * pictures before 50 KB of scripts, and shows the shop before it spends its CPU on the app. An empty page
 * (cart, checkout, account, back office) has nothing to paint: it starts the app at once, its chunks
 * hinted by the server as usual.
 */
function startApp() {
  preloadPageChunks();
  import('./main').catch((error: unknown) => {
    // A deployment replaced the scripts under an open page, or the connection dropped: the drawn page
    // stays readable and its links work; a reload fetches the current build.
    console.error('The shop could not start:', error);
  });
}

/**
 * The page's own chunks, fetched alongside the app instead of after it has run (a round trip on 3G).
 * Imported rather than hinted with <link rel="modulepreload">: adding the links measured 40-140 ms of
 * main thread on a 4x slowed CPU, and the module map shares them with the app's own lazy imports.
 */
function preloadPageChunks() {
  const listed = document.querySelector<HTMLMetaElement>(`meta[name="${APP_CHUNKS_META}"]`)?.content ?? '';
  for (const href of listed.split(' ').filter(Boolean)) {
    import(/* @vite-ignore */ href).catch(() => {
      // The app imports the chunks it needs again, and reports a failure itself.
    });
  }
}

/** After the next frame is painted. A tab opened in the background paints no frames: it starts at once. */
function afterFirstPaint(start: () => void) {
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(() => setTimeout(start, 0));
}

if (document.getElementById('root')?.firstElementChild) afterFirstPaint(startApp);
else startApp();
