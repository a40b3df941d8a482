import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pageOfMatches, SearchFacts, toKeywordMatches, type MatchColumns } from './search-facts';

const row = (priceNgwee: number, category: string) => ({ id: randomUUID(), priceNgwee, category });
const columnsOf = (rows: ReturnType<typeof row>[]): MatchColumns => ({
  ids: rows.map((r) => r.id).join(''),
  prices: rows.map((r) => r.priceNgwee),
  categories: rows.map((r) => r.category),
});

/** A keyword's kept matches, without a database: paging, filters, the broad bound and the size bound. */
describe('SearchFacts', () => {
  const rows = [
    row(5_000, 'oil'),
    row(12_000, 'oil'),
    row(8_050, 'lotion'),
    row(40_000, 'body-care'),
    row(9_000, 'oil'),
  ];
  const matches = toKeywordMatches(columnsOf(rows));
  const idsOf = (...indexes: number[]) => indexes.map((i) => rows[i].id);

  it('answers a page of the matches in their order, with the total, under category and inclusive price filters', () => {
    expect(pageOfMatches(matches, {}, 1, 2)).toEqual({ ids: idsOf(0, 1), total: 5 });
    expect(pageOfMatches(matches, {}, 3, 2)).toEqual({ ids: idsOf(4), total: 5 });
    expect(pageOfMatches(matches, {}, 4, 2)).toEqual({ ids: [], total: 5 });
    expect(pageOfMatches(matches, { category: 'oil' }, 1, 12)).toEqual({ ids: idsOf(0, 1, 4), total: 3 });
    expect(pageOfMatches(matches, { minPriceNgwee: 8_050, maxPriceNgwee: 12_000 }, 1, 12)).toEqual({
      ids: idsOf(1, 2, 4),
      total: 3,
    });
    expect(pageOfMatches(matches, { category: 'oil', minPriceNgwee: 6_000 }, 2, 1)).toEqual({
      ids: idsOf(4),
      total: 2,
    });
    expect(pageOfMatches(matches, { category: 'gift-sets' }, 1, 12)).toEqual({ ids: [], total: 0 });
  });

  it('keeps a keyword as broad when it matches more than the limit, asking the database for one more than the limit', async () => {
    const facts = new SearchFacts({ broadAbove: 3, maxStoredMatches: 100 });
    const asked: number[] = [];
    const find = async (atMost: number) => (asked.push(atMost), columnsOf(rows.slice(0, atMost)));
    expect(await facts.keywordMatches('oil', find)).toBe('broad');
    const few = await facts.keywordMatches('balm', async (atMost) => (asked.push(atMost), columnsOf(rows.slice(0, 3))));
    expect(few).not.toBe('broad');
    expect(asked).toEqual([4, 4]);
    expect(await facts.keywordMatches('oil', find)).toBe('broad');
    expect(asked).toHaveLength(2);
  });

  it('forgets the least recently used keywords when more matches are kept than allowed', async () => {
    const facts = new SearchFacts({ broadAbove: 100, maxStoredMatches: 30 });
    const reads: string[] = [];
    const lookUp = (keyword: string) =>
      facts.keywordMatches(keyword, async () => (reads.push(keyword), columnsOf(rows)));
    await lookUp('a');
    await lookUp('b');
    await lookUp('a');
    // Each entry costs its 5 matches and an overhead of 8: a third one leaves room for two.
    await lookUp('c');
    expect(facts.storedMatches).toBeLessThanOrEqual(30);
    await lookUp('a');
    await lookUp('b');
    expect(reads).toEqual(['a', 'b', 'c', 'b']);
  });

  it('does not keep what was read while it was cleared, and shares one read between concurrent askers', async () => {
    const facts = new SearchFacts();
    let reads = 0;
    let release!: () => void;
    const slow = () =>
      new Promise<MatchColumns>((resolve) => ((reads += 1), (release = () => resolve(columnsOf(rows)))));
    const first = facts.keywordMatches('oil', slow);
    const second = facts.keywordMatches('oil', slow);
    facts.clear();
    release();
    expect(await first).toBe(await second);
    expect(reads).toBe(1);
    expect(facts.storedMatches).toBe(0);
    await facts.count('all', async () => 7);
    expect(await facts.count('all', async () => 8)).toBe(7);
  });
});
