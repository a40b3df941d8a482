import { describe, expect, it } from 'vitest';
import { LIKELY_NEXT_MARK, splitPrecache } from './precache-groups';

describe("the worker's two precache groups", () => {
  it('splits at the mark, which is in neither group', () => {
    const manifest = [
      { url: 'app-shell.html', revision: 'a' },
      { url: 'assets/index-a.js', revision: null },
      { url: LIKELY_NEXT_MARK, revision: null },
      { url: 'assets/cart-page-a.js', revision: null },
    ];
    expect(splitPrecache(manifest)).toEqual({ core: manifest.slice(0, 2), later: manifest.slice(3) });
  });

  it('keeps everything at install when a manifest has no mark', () => {
    expect(splitPrecache(['app-shell.html', 'assets/index-a.js'])).toEqual({
      core: ['app-shell.html', 'assets/index-a.js'],
      later: [],
    });
  });
});
