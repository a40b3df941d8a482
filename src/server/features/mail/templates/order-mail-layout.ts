import { escapeHtml } from '../escape-html';

/**
 * An order e-mail is written once as blocks and rendered twice, as plain text and as simple HTML, so
 * the two forms can never say different things. The HTML is one narrow column with inline styles
 * (mail apps drop style sheets) that reads on a phone without zooming.
 */
export type MailBlock =
  | { type: 'text'; text: string }
  | { type: 'heading'; text: string }
  | { type: 'rows'; rows: MailRow[] }
  | { type: 'panel'; blocks: MailBlock[] }
  | { type: 'link'; label: string; url: string };

export interface MailRow {
  label: string;
  value: string;
  /** The row that matters most (the total): bold, with a rule above it. */
  strong?: boolean;
}

export interface MailLayout {
  shopName: string;
  title: string;
  blocks: MailBlock[];
  footer: string[];
}

const COLORS = {
  page: '#f7efe1',
  card: '#ffffff',
  text: '#2b231c',
  muted: '#4e4034',
  brand: '#2c5a32',
  panel: '#f1f7f1',
  line: '#efe0c6',
  panelLine: '#b9d6ba',
};

export function renderText({ shopName, title, blocks, footer }: MailLayout): string {
  return [title, ...blocks.map(blockText), ['-- ', shopName, ...footer].join('\n')].join('\n\n') + '\n';
}

function blockText(block: MailBlock): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'heading':
      return `${block.text}\n${'-'.repeat(block.text.length)}`;
    case 'rows':
      return block.rows.map((row) => `${row.label}: ${row.value}`).join('\n');
    case 'panel':
      return block.blocks.map(blockText).join('\n\n');
    case 'link':
      return `${block.label}:\n${block.url}`;
  }
}

export function renderHtml({ shopName, title, blocks, footer }: MailLayout): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:${COLORS.page};">
<div style="max-width:560px;margin:0 auto;padding:12px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:${COLORS.text};">
<div style="background:${COLORS.card};border-radius:12px;padding:20px 16px;">
<p style="margin:0 0 12px;font-size:14px;font-weight:bold;color:${COLORS.brand};">${escapeHtml(shopName)}</p>
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;">${escapeHtml(title)}</h1>
${blocks.map(blockHtml).join('\n')}
</div>
<p style="margin:16px 4px;font-size:13px;color:${COLORS.muted};">${[shopName, ...footer].map(escapeHtml).join('<br>')}</p>
</div>
</body>
</html>
`;
}

function blockHtml(block: MailBlock): string {
  switch (block.type) {
    case 'text':
      // A long link in a sentence must wrap rather than widen the column.
      return `<p style="margin:0 0 16px;overflow-wrap:anywhere;">${escapeHtml(block.text).replace(/\n/g, '<br>')}</p>`;
    case 'heading':
      return `<h2 style="margin:20px 0 8px;font-size:18px;line-height:1.3;">${escapeHtml(block.text)}</h2>`;
    case 'rows':
      return `<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px;">${block.rows.map(rowHtml).join('')}</table>`;
    case 'panel':
      return `<div style="background:${COLORS.panel};border:2px solid ${COLORS.panelLine};border-radius:12px;padding:4px 16px;margin:0 0 16px;">${block.blocks.map(blockHtml).join('\n')}</div>`;
    case 'link':
      // A tappable button of at least 44 px; the address is also in the text version.
      return `<p style="margin:20px 0;"><a href="${escapeHtml(block.url)}" style="display:inline-block;padding:12px 20px;background:${COLORS.brand};color:#ffffff;font-weight:bold;text-decoration:none;border-radius:8px;">${escapeHtml(block.label)}</a></p>`;
  }
}

function rowHtml(row: MailRow): string {
  const rule = row.strong ? `border-top:1px solid ${COLORS.line};font-weight:bold;font-size:18px;` : '';
  const cell = `padding:6px 0;vertical-align:top;${rule}`;
  return `<tr><td style="${cell}padding-right:12px;word-break:break-word;">${escapeHtml(row.label)}</td><td style="${cell}text-align:right;white-space:nowrap;">${escapeHtml(row.value)}</td></tr>`;
}
