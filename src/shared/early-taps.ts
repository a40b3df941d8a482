/**
 * The one script a server-drawn page runs inline, first thing in its <head>: it holds the taps on the
 * page's buttons that land before the app has adopted the page, and carries them out, in order and once
 * each, when it has (`<html data-ready>`, set by src/web/app/app-ready.tsx). Without it a shopper on a slow
 * phone taps "Add to Cart" on a page that looks ready, and nothing happens for a second or three.
 *
 * Inline, not in the entry (src/web/boot.ts): on a slow line a listing is painted while the rest of its
 * HTML and the entry are still arriving, 100-300 ms at 4x CPU and 400 kbit/s, and a tap then would be
 * lost. One tap per task, as a shopper's taps come: each sees what the one before it drew (a quantity
 * raised, then Add to Cart). Links are left alone: the browser follows them without the app. Plain ES5
 * in a string, as it runs as written; the Content-Security-Policy allows it by its hash
 * (src/server/plugins/security.ts).
 */
export const EARLY_TAPS_SCRIPT = `(function () {
  var held = [];
  function hold(event) {
    var button = event.target && event.target.closest ? event.target.closest('button') : null;
    var root = document.getElementById('root');
    if (!button || !root || !root.contains(button)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(button);
  }
  function replay() {
    var button = held.shift();
    if (!button) return;
    button.click();
    setTimeout(replay, 0);
  }
  addEventListener('click', hold, true);
  new MutationObserver(function (changes, observer) {
    if (!document.documentElement.hasAttribute('data-ready')) return;
    observer.disconnect();
    removeEventListener('click', hold, true);
    replay();
  }).observe(document.documentElement, { attributeFilter: ['data-ready'] });
})();`;
