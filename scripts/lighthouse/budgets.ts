/**
 * The budgets (docs/performance.md) that `npm run lighthouse` enforces on home, listing and product
 * (Lighthouse mobile, default throttling), and the arithmetic around them: one page's figures read from
 * a report, the median of several runs, and which budget a page missed.
 */

/** One page's figures from one Lighthouse run: scores 0-100, times in milliseconds. */
export interface PageFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
}

const FIGURE_NAMES: Record<keyof PageFigures, string> = {
  performance: 'performance',
  accessibility: 'accessibility',
  bestPractices: 'best practices',
  seo: 'SEO',
  fcpMs: 'FCP',
  lcpMs: 'LCP',
  tbtMs: 'TBT',
  cls: 'CLS',
  speedIndexMs: 'Speed Index',
};

export interface Budget {
  figure: keyof PageFigures;
  /** 'min': the figure must be at least the limit (a score); 'max': at most (a time). */
  kind: 'min' | 'max';
  limit: number;
}

export const BUDGETS: readonly Budget[] = [
  { figure: 'performance', kind: 'min', limit: 97 },
  { figure: 'accessibility', kind: 'min', limit: 100 },
  { figure: 'lcpMs', kind: 'max', limit: 1500 },
  { figure: 'tbtMs', kind: 'max', limit: 100 },
];

/** The parts of a Lighthouse result (LH.Result) the figures come from. */
export interface LighthouseResultLike {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number; errorMessage?: string } | undefined>;
}

const BUDGETED_CATEGORIES = ['performance', 'accessibility'];
const TIMED_AUDITS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time'];

/**
 * Why a Lighthouse result measured nothing, or undefined when it did. Lighthouse still answers when a
 * run broke (on a busy machine it can lose the trace: NO_NAVSTART), with null scores that would read as 0.
 */
export function runProblem(lhr: LighthouseResultLike): string | undefined {
  if (lhr.runtimeError) return lhr.runtimeError.code;
  const unscored = BUDGETED_CATEGORIES.find((category) => typeof lhr.categories[category]?.score !== 'number');
  if (unscored) return `${unscored} not scored`;
  const untimed = TIMED_AUDITS.find((audit) => typeof lhr.audits[audit]?.numericValue !== 'number');
  if (untimed) return `${untimed}: ${lhr.audits[untimed]?.errorMessage ?? 'no value'}`;
  return undefined;
}

/** A page's figures from its Lighthouse result (one runProblem found nothing wrong with); a figure missing reads as 0. */
export function figuresOf(lhr: LighthouseResultLike): PageFigures {
  const score = (category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  const value = (audit: string) => lhr.audits[audit]?.numericValue ?? 0;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: Math.round(value('first-contentful-paint')),
    lcpMs: Math.round(value('largest-contentful-paint')),
    tbtMs: Math.round(value('total-blocking-time')),
    cls: Number(value('cumulative-layout-shift').toFixed(3)),
    speedIndexMs: Math.round(value('speed-index')),
  };
}

/** The middle value of `values` (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Each figure's median over the runs, taken figure by figure: scores swing by several points between runs
 * on shared cores, and one slow run should not decide a budget. The medians may come from different runs.
 */
export function medianFigures(runs: readonly PageFigures[]): PageFigures {
  if (runs.length === 0) throw new Error('no runs to take the median of');
  const figures = Object.keys(runs[0]) as (keyof PageFigures)[];
  return Object.fromEntries(
    figures.map((figure) => [figure, median(runs.map((run) => run[figure]))]),
  ) as unknown as PageFigures;
}

/** A figure as the output prints it: times in ms, or seconds from one second up; CLS to 3 places; scores to one. */
export function formatFigure(figure: keyof PageFigures, value: number): string {
  if (figure === 'cls') return String(Number(value.toFixed(3)));
  if (!figure.endsWith('Ms')) return String(Number(value.toFixed(1)));
  return value >= 1000 ? `${Number((value / 1000).toFixed(2))} s` : `${Math.round(value)} ms`;
}

/** What a page missed, one text each ("performance 92 < 97", "TBT 230 ms > 100 ms"); empty when within every budget. */
export function budgetFailures(figures: PageFigures, budgets: readonly Budget[] = BUDGETS): string[] {
  return budgets
    .filter((budget) =>
      budget.kind === 'min' ? figures[budget.figure] < budget.limit : figures[budget.figure] > budget.limit,
    )
    .map(
      (budget) =>
        `${FIGURE_NAMES[budget.figure]} ${formatFigure(budget.figure, figures[budget.figure])} ${budget.kind === 'min' ? '<' : '>'} ${formatFigure(budget.figure, budget.limit)}`,
    );
}

/** One run of one page: its figures, or why Lighthouse measured nothing. */
export type RunOutcome = { figures: PageFigures } | { error: string };

export interface PageVerdict {
  /** Each figure's median over the runs that measured the page; null when none did. */
  median: PageFigures | null;
  measured: number;
  errors: string[];
  failures: string[];
}

/** A page's runs judged: the median of those that measured it against the budgets; a page no run measured fails. */
export function judgePage(runs: readonly RunOutcome[], budgets: readonly Budget[] = BUDGETS): PageVerdict {
  const figures = runs.flatMap((run) => ('figures' in run ? [run.figures] : []));
  const errors = runs.flatMap((run) => ('error' in run ? [run.error] : []));
  if (figures.length === 0)
    return { median: null, measured: 0, errors, failures: [`no run measured the page (${errors.join(', ')})`] };
  const median = medianFigures(figures);
  return { median, measured: figures.length, errors, failures: budgetFailures(median, budgets) };
}

/** The budgets as one line, for the output's heading. */
export function describeBudgets(budgets: readonly Budget[] = BUDGETS): string {
  return budgets
    .map(
      (budget) =>
        `${FIGURE_NAMES[budget.figure]} ${budget.kind === 'min' ? '>=' : '<='} ${formatFigure(budget.figure, budget.limit)}`,
    )
    .join(', ');
}
