import { describe, expect, it } from 'vitest';
import type { Host } from './host';
import { systemdServices } from './services';

describe('the shop as systemd sees it', () => {
  it('reads running, restarts and since when from systemctl show', async () => {
    const asked: string[][] = [];
    const host: Host = {
      isRoot: () => true,
      run: async (command, args) => {
        asked.push([command, ...args]);
        return { code: 0, stdout: 'ActiveState=active\nNRestarts=2\nStateChangeTimestamp=@1796178288\n', stderr: '' };
      },
    };
    expect(await systemdServices(host).state('coop-shop')).toEqual({
      active: true,
      restarts: 2,
      since: new Date(1796178288_000),
    });
    expect(asked[0]).toEqual([
      'systemctl',
      'show',
      'coop-shop',
      '--property=ActiveState,NRestarts,StateChangeTimestamp',
      '--timestamp=unix',
    ]);
  });

  it('a unit that never ran: inactive, no time', async () => {
    const host: Host = {
      isRoot: () => true,
      run: async () => ({ code: 0, stdout: 'ActiveState=inactive\nNRestarts=0\nStateChangeTimestamp=\n', stderr: '' }),
    };
    expect(await systemdServices(host).state('coop-shop')).toEqual({ active: false, restarts: 0, since: undefined });
  });
});
