import { describe, expect, it } from 'vitest';
import { parseEnvFile, renderEnvFile } from './env-file';

describe('the settings file', () => {
  it('keeps every value as it was through writing and reading, quoted as systemd reads it', () => {
    const settings = new Map([
      ['PUBLIC_URL', 'https://shop.example.zm'],
      ['MAIL_FROM', '"Forest Co-op" <shop@example.zm>'],
      ['SMTP_URL', 'smtps://shop:pa$$ w`rd\\x@mail.example.zm:465'],
      ['EMPTY', ''],
      ['SPACES', '  both ends  '],
    ]);
    const text = renderEnvFile(settings);
    expect(text).toContain('PUBLIC_URL=https://shop.example.zm\n');
    expect(text).toContain('MAIL_FROM="\\"Forest Co-op\\" <shop@example.zm>"\n');
    expect(text).toContain('SMTP_URL="smtps://shop:pa\\$\\$ w\\`rd\\\\x@mail.example.zm:465"\n');
    expect(parseEnvFile(text)).toEqual(settings);
  });

  it('reads what a person may write by hand: comments, single quotes, blanks, a backslash outside quotes', () => {
    const text =
      "# a comment\n; another\n\nA=plain  \nB='single $quoted \\n'\n  C = x\\ y\nD=\"a\"'b'c\nno equals sign\nA=last\n";
    expect(Object.fromEntries(parseEnvFile(text))).toEqual({ A: 'last', B: 'single $quoted \\n', C: 'x y', D: 'abc' });
  });
});
