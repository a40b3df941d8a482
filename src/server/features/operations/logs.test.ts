import { describe, expect, it } from 'vitest';
import { runCommand } from './command';
import type { Host } from './host';
import { linesOf } from './secret-input';

describe('coop-shop logs', () => {
  it('turns the journal into lines a person reads: date, time, level, what happened, for the shop and for Caddy', async () => {
    const time = Date.parse('2026-12-02T02:00:05Z');
    const journal = [
      JSON.stringify({
        level: 30,
        time,
        pid: 7,
        hostname: 'shop',
        msg: 'Shop ready on https://shop.example.zm (database: pglite, images: DATA_DIR/uploads)',
      }),
      JSON.stringify({ level: 40, time, msg: 'backup made', file: 'shop-2026.tar.gz' }),
      'not a JSON line',
    ].join('\n');
    const asked: string[][] = [];
    const host: Host = {
      isRoot: () => true,
      run: async (command, args) => {
        asked.push([command, ...args]);
        return {
          code: 0,
          stdout: args.includes('caddy')
            ? JSON.stringify({
                level: 'error',
                ts: time / 1000,
                logger: 'tls.obtain',
                msg: 'could not get certificate',
                error: 'DNS problem',
              })
            : journal,
          stderr: '',
        };
      },
    };
    const lines: string[] = [];
    const io = { host, out: (line: string) => lines.push(line), readLine: linesOf() };
    expect(await runCommand(['logs', '--lines', '3'], io)).toBe(0);
    expect(asked[0]).toEqual(['journalctl', '--unit', 'coop-shop', '--lines', '3', '--output', 'cat', '--no-pager']);
    expect(lines[0]).toMatch(
      /^2026-12-02 \d\d:\d\d:05 INFO {2}Shop ready on https:\/\/shop\.example\.zm \(database: pglite, images: DATA_DIR\/uploads\)$/,
    );
    expect(lines[1]).toMatch(/^2026-12-02 \d\d:\d\d:05 WARN {2}backup made file=shop-2026\.tar\.gz$/);
    expect(lines[2]).toBe('not a JSON line');

    lines.length = 0;
    expect(await runCommand(['logs', 'caddy'], io)).toBe(0);
    expect(asked[1]).toContain('caddy');
    expect(lines).toEqual(['2026-12-02 02:00:05 ERROR tls.obtain: could not get certificate (DNS problem)']);
  });
});
