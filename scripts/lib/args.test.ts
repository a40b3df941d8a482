import { describe, expect, it } from 'vitest';
import { parseArgs } from './args';

describe('parseArgs', () => {
  it('reads --name value pairs', () => {
    expect(parseArgs(['--sizes', '1000,10000', '--duration', '5'])).toEqual(
      new Map([
        ['sizes', '1000,10000'],
        ['duration', '5'],
      ]),
    );
  });

  it('reads a flag followed by another option, or last, as true', () => {
    expect(parseArgs(['--build-web', '--only', 'page-home', '--no-build'])).toEqual(
      new Map([
        ['build-web', 'true'],
        ['only', 'page-home'],
        ['no-build', 'true'],
      ]),
    );
  });

  it('refuses a value without its option', () => {
    expect(() => parseArgs(['--runs', '3', '5'])).toThrow('unexpected argument 5');
  });
});
