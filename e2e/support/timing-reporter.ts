import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Seconds spent per journey file and project, written to test-results/e2e-timings.json and the ten
 * costliest printed at the end: CI's time is kept under its budget by looking at these, file by file.
 */
export default class TimingReporter implements Reporter {
  private readonly seconds = new Map<string, number>();

  onTestEnd(test: TestCase, result: TestResult) {
    const file = path.basename(test.location.file);
    const project = test.parent.project()?.name ?? '';
    const key = `${project} ${file}`;
    this.seconds.set(key, (this.seconds.get(key) ?? 0) + result.duration / 1000);
  }

  onEnd(result: FullResult) {
    if (this.seconds.size === 0) return;
    const rows = [...this.seconds].map(([key, s]) => ({ key, seconds: Math.round(s * 10) / 10 }));
    rows.sort((a, b) => b.seconds - a.seconds);
    const byProject: Record<string, number> = {};
    for (const { key, seconds } of rows) {
      const project = key.split(' ')[0];
      byProject[project] = Math.round(((byProject[project] ?? 0) + seconds) * 10) / 10;
    }
    mkdirSync('test-results', { recursive: true });
    writeFileSync(
      'test-results/e2e-timings.json',
      JSON.stringify({ wallSeconds: Math.round(result.duration / 1000), byProject, files: rows }, null, 2),
    );
    console.log(`\nJourney time by project (test seconds, two workers): ${JSON.stringify(byProject)}`);
    for (const { key, seconds } of rows.slice(0, 10)) console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${key}`);
  }
}
