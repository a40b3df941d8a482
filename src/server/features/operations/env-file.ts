/**
 * The shop's environment file (/etc/coop-shop/shop.env), read by systemd's EnvironmentFile= and by these
 * commands. The quoting is systemd's (env-file.c): a value in double quotes keeps `\`, `"`, `$` and "`"
 * behind a backslash, one in single quotes is taken as it is, an unquoted one loses its backslashes.
 */

export type Settings = Map<string, string>;

const SAFE = /^[A-Za-z0-9_@%+=:,./-]*$/;
export const SETTING_NAME = /^[A-Z][A-Z0-9_]*$/;

export const ENV_FILE_HEADER = `# The shop's settings (docs/settings.md), read by systemd when it starts the shop.
# Change one with: coop-shop config set KEY=VALUE   (it is checked first, then the shop restarts)
# Readable only by the shop's user: it holds keys to payment providers and the mail server.
`;

export function renderEnvFile(settings: Settings): string {
  const lines = [...settings].map(([key, value]) => `${key}=${quote(value)}`);
  return `${ENV_FILE_HEADER}\n${lines.join('\n')}\n`;
}

function quote(value: string): string {
  if (SAFE.test(value)) return value;
  return `"${value.replace(/[\\"`$]/g, (c) => `\\${c}`)}"`;
}

/** The settings of an environment file's text, in their order (a key given twice: the last counts, as in systemd). */
export function parseEnvFile(text: string): Settings {
  const settings: Settings = new Map();
  let i = 0;
  while (i < text.length) {
    // Blank space before a key, a comment line, an empty line.
    while (i < text.length && /[ \t\r\n]/.test(text[i])) i++;
    if (i >= text.length) break;
    if (text[i] === '#' || text[i] === ';') {
      while (i < text.length && text[i] !== '\n') i++;
      continue;
    }
    let key = '';
    while (i < text.length && text[i] !== '=' && text[i] !== '\n') key += text[i++];
    if (text[i] !== '=') continue; // a line without "=" is ignored, as systemd does
    i++;
    let value = '';
    /** Characters up to here came from quotes: their trailing blanks are kept. */
    let quotedTo = 0;
    while (i < text.length && (text[i] === ' ' || text[i] === '\t')) i++;
    while (i < text.length && text[i] !== '\n') {
      const c = text[i];
      if (c === "'") {
        i++;
        while (i < text.length && text[i] !== "'") value += text[i++];
        i++;
        quotedTo = value.length;
      } else if (c === '"') {
        i++;
        while (i < text.length && text[i] !== '"') {
          if (text[i] === '\\' && i + 1 < text.length) {
            const next = text[i + 1];
            if ('"\\`$'.includes(next)) value += next;
            else if (next !== '\n') value += `\\${next}`;
            i += 2;
          } else value += text[i++];
        }
        i++;
        quotedTo = value.length;
      } else if (c === '\\' && i + 1 < text.length) {
        if (text[i + 1] !== '\n') value += text[i + 1];
        i += 2;
      } else value += text[i++];
    }
    settings.set(key.trim(), value.slice(0, quotedTo) + value.slice(quotedTo).replace(/[ \t\r]+$/, ''));
  }
  return settings;
}
