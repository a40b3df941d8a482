import { describe, expect, it } from 'vitest';
import {
  budgetFailures,
  describeBudgets,
  figuresOf,
  formatFigure,
  judgePage,
  median,
  medianFigures,
  runProblem,
  type PageFigures,
} from './budgets';

const within: PageFigures = {
  performance: 98,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  fcpMs: 900,
  lcpMs: 1400,
  tbtMs: 40,
  cls: 0,
  speedIndexMs: 1100,
};

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([7])).toBe(7);
    expect(median([92, 97, 88])).toBe(92);
    expect(median([300, 100, 200, 400])).toBe(250);
  });

  it('refuses no values', () => {
    expect(() => median([])).toThrow();
  });
});

describe('medianFigures', () => {
  it('takes each figure median on its own', () => {
    const runs = [
      { ...within, performance: 91, tbtMs: 300 },
      { ...within, performance: 97, tbtMs: 20 },
      { ...within, performance: 95, tbtMs: 90 },
    ];
    expect(medianFigures(runs)).toEqual({ ...within, performance: 95, tbtMs: 90 });
  });
});

describe('figuresOf', () => {
  it('reads scores as 0-100 and times in milliseconds from a Lighthouse result', () => {
    const lhr = {
      categories: {
        performance: { score: 0.92 },
        accessibility: { score: 1 },
        'best-practices': { score: 0.96 },
        seo: { score: null },
      },
      audits: {
        'first-contentful-paint': { numericValue: 1934.4 },
        'largest-contentful-paint': { numericValue: 2101.6 },
        'total-blocking-time': { numericValue: 231 },
        'cumulative-layout-shift': { numericValue: 0.01234 },
        'speed-index': { numericValue: 2400 },
      },
    };
    expect(figuresOf(lhr)).toEqual({
      performance: 92,
      accessibility: 100,
      bestPractices: 96,
      seo: 0,
      fcpMs: 1934,
      lcpMs: 2102,
      tbtMs: 231,
      cls: 0.012,
      speedIndexMs: 2400,
    });
  });
});

describe('budgetFailures', () => {
  it('passes a page within every budget, limits included', () => {
    expect(budgetFailures(within)).toEqual([]);
    expect(budgetFailures({ ...within, performance: 97, lcpMs: 1500, tbtMs: 100 })).toEqual([]);
  });

  it('names every budget a page missed, with its figure and limit', () => {
    expect(budgetFailures({ ...within, performance: 92, accessibility: 96, lcpMs: 2102, tbtMs: 231 })).toEqual([
      'performance 92 < 97',
      'accessibility 96 < 100',
      'LCP 2.1 s > 1.5 s',
      'TBT 231 ms > 100 ms',
    ]);
  });

  it('judges a median between two runs as it is, not rounded', () => {
    expect(budgetFailures({ ...within, performance: 96.5 })).toEqual(['performance 96.5 < 97']);
  });
});

describe('formatFigure and describeBudgets', () => {
  it('prints times in seconds from one second up', () => {
    expect(formatFigure('tbtMs', 100)).toBe('100 ms');
    expect(formatFigure('lcpMs', 1500)).toBe('1.5 s');
    expect(formatFigure('fcpMs', 1934)).toBe('1.93 s');
    expect(formatFigure('cls', 0.012)).toBe('0.012');
  });

  it('says the budgets of docs/performance.md', () => {
    expect(describeBudgets()).toBe('performance >= 97, accessibility >= 100, LCP <= 1.5 s, TBT <= 100 ms');
  });
});

describe('runProblem', () => {
  const measured = {
    categories: { performance: { score: 0.9 }, accessibility: { score: 1 } },
    audits: {
      'first-contentful-paint': { numericValue: 900 },
      'largest-contentful-paint': { numericValue: 1400 },
      'total-blocking-time': { numericValue: 0 },
    },
  };

  it('finds nothing wrong with a run that measured the page, a TBT of 0 included', () => {
    expect(runProblem(measured)).toBeUndefined();
  });

  it('names a run Lighthouse could not finish', () => {
    expect(runProblem({ ...measured, runtimeError: { code: 'NO_NAVSTART', message: 'Something went wrong' } })).toBe(
      'NO_NAVSTART',
    );
  });

  it('names an unscored category or a time that was not measured', () => {
    expect(runProblem({ ...measured, categories: { ...measured.categories, performance: { score: null } } })).toBe(
      'performance not scored',
    );
    expect(
      runProblem({
        ...measured,
        audits: { ...measured.audits, 'largest-contentful-paint': { errorMessage: 'NO_LCP' } },
      }),
    ).toBe('largest-contentful-paint: NO_LCP');
  });
});

describe('judgePage', () => {
  it('judges the median of the runs that measured the page, leaving out the ones that broke', () => {
    const verdict = judgePage([
      { figures: { ...within, performance: 96 } },
      { error: 'NO_NAVSTART' },
      { figures: { ...within, performance: 98 } },
    ]);
    expect(verdict).toEqual({
      median: { ...within, performance: 97 },
      measured: 2,
      errors: ['NO_NAVSTART'],
      failures: [],
    });
  });

  it('fails a page that no run measured', () => {
    expect(judgePage([{ error: 'NO_NAVSTART' }, { error: 'NO_FCP' }])).toEqual({
      median: null,
      measured: 0,
      errors: ['NO_NAVSTART', 'NO_FCP'],
      failures: ['no run measured the page (NO_NAVSTART, NO_FCP)'],
    });
  });

  it('names the budgets the median missed', () => {
    expect(judgePage([{ figures: { ...within, tbtMs: 250 } }]).failures).toEqual(['TBT 250 ms > 100 ms']);
  });
});
