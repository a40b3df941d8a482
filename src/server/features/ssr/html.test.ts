import { describe, expect, it } from 'vitest';
import { EARLY_TAPS_SCRIPT } from '../../../shared/early-taps';
import { pageDocument, renderPage, stylesheetFirst } from './html';
import type { PageMeta } from './page-meta';

const TEMPLATE = stylesheetFirst(
  '<!doctype html><html lang="en-ZM"><head>\n    <meta charset="UTF-8" />\n    <meta name="viewport" content="width=device-width" />\n    <!--app-head-->\n    <title>Dev</title>\n' +
    '    <script type="module" crossorigin src="/assets/index-abc.js"></script>\n    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">\n  </head>\n  <body><div id="root"></div><!--app-data--></body></html>',
);

const META: PageMeta = {
  status: 200,
  title: 'Home',
  description: 'The shop',
  robots: 'index, follow',
  ogType: 'website',
  extraMeta: [],
  jsonLd: [],
};
const parts = { meta: META, shopName: 'Forest Co-op', modulePreloads: ['/assets/main-abc.js'], initialData: {} };
const EARLY_TAPS = `<script>${EARLY_TAPS_SCRIPT}</script>`;

describe('taps before the app runs', () => {
  it('a drawn page holds them from its first line of <head>, ahead of the stylesheet', () => {
    const { head } = pageDocument(TEMPLATE, { ...parts, chunksAfterPaint: true });
    expect(head.split(EARLY_TAPS)).toHaveLength(2);
    expect(head.indexOf(EARLY_TAPS)).toBeGreaterThan(head.indexOf('<meta charset="UTF-8" />'));
    expect(head.indexOf(EARLY_TAPS)).toBeLessThan(head.indexOf('<link rel="stylesheet"'));
  });

  it('a page the browser draws (cart, checkout, back office) has nothing to hold and carries no inline script', () => {
    const html = renderPage(TEMPLATE, parts);
    expect(html).not.toContain(EARLY_TAPS_SCRIPT);
    expect(html).not.toMatch(/<script>/);
  });
});
