import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { nameProblem, withNameRule } from './person-name';

describe('nameProblem', () => {
  // A one-emoji first name was once told "First name is required".
  it.each(['☺', '😀', '👍🏽', '❤️', '...', '12', '😀😀'])('says a name needs letters for %j', (typed) => {
    expect(nameProblem(typed, 'First name', 2)).toBe(
      'First name needs letters: an emoji or a symbol alone is not a name',
    );
  });

  it.each([
    ['', 'First name is required'],
    ['   ', 'First name is required'],
    ['C', 'First name is required'],
  ])("keeps SPEC §5's words for %j", (typed, message) => {
    expect(nameProblem(typed, 'First name', 2)).toBe(message);
  });

  it.each(['Chanda', 'Zoë', 'Ngʼandu', 'Mwila 😀', "O'Brien", '李雷', 'Bo'])('takes %j', (typed) => {
    expect(nameProblem(typed, 'First name', 2)).toBeNull();
  });

  it('lets an optional name stay empty, but not be only an emoji', () => {
    expect(nameProblem('', 'Last name', 0)).toBeNull();
    expect(nameProblem('🙂', 'Last name', 0)).toMatch(/needs letters/);
  });

  it('works on a zod string, keeping its own limits', () => {
    const schema = withNameRule(z.string().trim().max(5, 'too long'), 'Name', 1);
    expect(schema.safeParse(' Ann ').data).toBe('Ann');
    expect(schema.safeParse('🙂').error?.issues[0].message).toMatch(/^Name needs letters/);
    expect(schema.safeParse('Annabel').error?.issues[0].message).toBe('too long');
  });
});
