import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// README.md and docs/ point at each other and at the code; a page moved or a file renamed must fail a
// test, not leave a newcomer at a dead link. Checked: every relative markdown link (its file or folder,
// and its #heading when it points into a page) and every repository path written as code (`src/...`),
// except in decision notes, which record the code of their day (and cite other repositories' paths).
const root = path.resolve(import.meta.dirname, '..');

const pages = () => [
  'README.md',
  ...readdirSync(path.join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join('docs', name)),
];

/** The page without its fenced code blocks and comments: a `[x](y)` or `# line` there is neither a link nor a heading. */
const prose = (markdown: string) =>
  markdown.replace(/^ *(```|~~~)[^\n]*\n[\s\S]*?^ *\1 *$/gm, '').replace(/<!--[\s\S]*?-->/g, '');

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function headingAnchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, text] of prose(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const plain = text.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]/g, '');
    const slug = plain
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Relative link targets (inline and reference style), and repository paths written as code spans. */
export function targetsIn(markdown: string): { links: string[]; codePaths: string[] } {
  const text = prose(markdown);
  const links = [
    ...[...text.matchAll(/\[[^\]]*\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)/g)].map((m) => m[1]),
    ...[...text.matchAll(/^ {0,3}\[[^\]]+\]:\s+<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]),
  ].filter((target) => !/^[a-z][a-z0-9+.-]*:|^\/\//i.test(target));
  const codePaths = [...text.matchAll(/`((?:src|simulators|scripts|e2e|docs)\/[^`\s*<>{]+)`/g)]
    .map((m) => m[1])
    .filter((p) => !p.includes('...'));
  return { links, codePaths };
}

/** Every link or code path of `page` (relative to the repository) that does not resolve, in words. */
function brokenIn(page: string): string[] {
  const markdown = readFileSync(path.join(root, page), 'utf8');
  const { links, codePaths } = targetsIn(markdown);
  const broken: string[] = [];
  for (const link of links) {
    const [target, anchor] = link.split('#', 2) as [string, string | undefined];
    const file =
      target === ''
        ? path.join(root, page)
        : path.resolve(
            target.startsWith('/') ? root : path.join(root, path.dirname(page)),
            decodeURI(target.replace(/^\//, '')),
          );
    if (!file.startsWith(root + path.sep) && file !== root) broken.push(`${page}: ${link} (outside the repository)`);
    else if (!existsSync(file)) broken.push(`${page}: ${link} (no such file)`);
    else if (
      anchor &&
      file.endsWith('.md') &&
      !headingAnchors(readFileSync(file, 'utf8')).has(decodeURIComponent(anchor))
    ) {
      broken.push(`${page}: ${link} (no heading #${anchor} in ${path.relative(root, file)})`);
    }
  }
  for (const codePath of page.startsWith(path.join('docs', 'decisions')) ? [] : codePaths) {
    if (!existsSync(path.join(root, codePath))) broken.push(`${page}: \`${codePath}\` (no such path)`);
  }
  return broken;
}

describe('the documentation', () => {
  it('finds links, anchors and code paths as GitHub reads them', () => {
    const sample = [
      '# Running on several machines',
      '## Order links and "Order on WhatsApp" (issue 14)',
      '## Notes',
      '## Notes',
      'See [payments](operations/payments.md#mobile-money), [here](#notes-1) and [site](https://example.org).',
      '[ref]: settings.md',
      'Tax: `src/shared/money.ts`; not a path: `DATA_DIR/uploads`.',
      '```sh',
      '# not a heading [nor](a-link.md) `src/nowhere.ts`',
      '```',
      '<!-- a comment: [template](NNN-title.md) -->',
    ].join('\n');
    expect([...headingAnchors(sample)]).toEqual([
      'running-on-several-machines',
      'order-links-and-order-on-whatsapp-issue-14',
      'notes',
      'notes-1',
    ]);
    expect(targetsIn(sample)).toEqual({
      links: ['operations/payments.md#mobile-money', '#notes-1', 'settings.md'],
      codePaths: ['src/shared/money.ts'],
    });
  });

  it('has no broken link or path in README.md and docs/', () => {
    const read = pages();
    expect(read).toContain('README.md');
    expect(read.length).toBeGreaterThan(1);
    expect(read.flatMap(brokenIn)).toEqual([]);
  });
});
