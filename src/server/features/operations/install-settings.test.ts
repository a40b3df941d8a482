import { describe, expect, it } from 'vitest';
import { installSettings, SERVICE_RUNTIME } from './install';
import { shopLayout } from './layout';

const options = { domain: 'shop.coop-test.example', email: 'owner@coop-test.example', from: '.' };
const nodeOptions = (existing: [string, string][]) =>
  installSettings(new Map(existing), shopLayout('/tmp/coop-settings-only'), options).get('NODE_OPTIONS');

describe('installSettings: the service heap (decision 075)', () => {
  it('starts NODE_OPTIONS at a 256 MB old generation with 8 MB semi-spaces', () => {
    expect(SERVICE_RUNTIME.NODE_OPTIONS).toBe('--max-old-space-size=256 --max-semi-space-size=8');
    expect(nodeOptions([])).toBe(SERVICE_RUNTIME.NODE_OPTIONS);
    const fresh = installSettings(new Map(), shopLayout('/tmp/coop-settings-only'), options);
    expect(fresh.get('NODE_FLAGS')).toBe('--liftoff-only');
    expect(fresh.get('MALLOC_ARENA_MAX')).toBe('2');
  });

  it('brings the value an earlier install wrote to the new one, and keeps any other the owner set', () => {
    expect(nodeOptions([['NODE_OPTIONS', '--max-old-space-size=256']])).toBe(SERVICE_RUNTIME.NODE_OPTIONS);
    expect(nodeOptions([['NODE_OPTIONS', '--max-old-space-size=1024']])).toBe('--max-old-space-size=1024');
    expect(nodeOptions([['NODE_OPTIONS', '']])).toBe('');
  });
});
