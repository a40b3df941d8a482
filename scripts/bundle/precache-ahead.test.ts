import { describe, expect, it } from 'vitest';
import { precacheAhead } from './precache-ahead';

describe('precacheAhead', () => {
  it("counts the worker's files the page has not loaded, once each", () => {
    const groups = {
      core: new Set(['assets/index.js', 'assets/main.js', 'assets/service-worker.js']),
      later: new Set(['assets/cart-page.js', 'assets/home-page.js', 'assets/main.js']),
    };
    const home = ['assets/index.js', 'assets/main.js', 'assets/home-page.js'];
    expect(precacheAhead(groups, home)).toEqual(['assets/cart-page.js', 'assets/service-worker.js']);
  });
});
