import sharp from 'sharp';
import type { ImageStore } from '../features/uploads';
import { mapWithLimit } from './random';

/**
 * Product pictures drawn as SVG and rendered by sharp, so the demo shop has images without
 * downloading anything or shipping binary files in the repository.
 */
export type ArtShape = 'dropper' | 'bottle' | 'pump' | 'jar' | 'tin' | 'soap' | 'bag' | 'box' | 'jug';
/** front: the pack; label: a close-up of its label; angle: tilted among leaves; pair: two packs together. */
export type ArtView = 'front' | 'label' | 'angle' | 'pair';
export const ART_VIEWS: readonly ArtView[] = ['front', 'label', 'angle', 'pair'];

export interface ArtSpec {
  shape: ArtShape;
  /** Main colour of the pack (glass, tin, box), as #rrggbb. */
  colour: string;
  /** Short label text; a '\n' forces a line break. */
  label: string;
  size?: string;
  /** Soft background tone, as #rrggbb. */
  background: string;
}

const SIZE = 800;
const BRAND = 'FOREST GOLD';

export async function renderArtPng(spec: ArtSpec, view: ArtView = 'front'): Promise<Buffer> {
  // Uncompressed: the PNG only carries pixels to the store's WebP encoder, and zlib would cost more than it saves.
  return sharp(Buffer.from(drawProductSvg(spec, view)))
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** Renders and stores each picture (a few at a time, sharp already uses the cores) and answers URLs in order. */
export async function saveArtImages(
  imageStore: ImageStore,
  pictures: readonly { spec: ArtSpec; view: ArtView }[],
  concurrency = 4,
): Promise<string[]> {
  return mapWithLimit(
    pictures,
    concurrency,
    async ({ spec, view }) => (await imageStore.saveImage(await renderArtPng(spec, view))).url,
  );
}

export function drawProductSvg(spec: ArtSpec, view: ArtView): string {
  const bg = spec.background;
  const backdrop = `<defs><radialGradient id="bg" cx="50%" cy="42%" r="70%"><stop offset="0" stop-color="${mix(bg, '#ffffff', 0.55)}"/><stop offset="1" stop-color="${bg}"/></radialGradient></defs>
<rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>`;
  let scene: string;
  switch (view) {
    case 'label':
      scene = labelCloseUp(spec);
      break;
    case 'angle':
      scene = `${leaves(spec, 0.9)}${shadow(400, 700, 190)}<g transform="rotate(-8 400 520) translate(80 150) scale(0.8)">${pack(spec)}</g>`;
      break;
    case 'pair':
      scene = `${shadow(400, 705, 300)}<g transform="translate(250 150) scale(0.7)">${pack({ ...spec, colour: mix(spec.colour, '#ffffff', 0.18) })}</g><g transform="translate(10 120) scale(0.85)">${pack(spec)}</g>`;
      break;
    default:
      scene = `${leaves(spec, 0.45)}${shadow(400, 690, 230)}${pack(spec)}`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">${backdrop}${scene}</svg>`;
}

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The pack of the given shape with its label, standing on y = 680 around x = 400. */
function pack(spec: ArtSpec): string {
  const c = spec.colour;
  const dark = mix(c, '#000000', 0.35);
  const light = mix(c, '#ffffff', 0.35);
  const shine = `fill="#ffffff" fill-opacity="0.18"`;
  let body: string;
  let label: Box;
  switch (spec.shape) {
    case 'dropper':
      body = `<rect x="355" y="170" width="90" height="120" rx="40" fill="#2f2620"/><rect x="345" y="280" width="110" height="60" rx="8" fill="#1f1a16"/>
<path d="M300 420 Q300 350 360 340 L440 340 Q500 350 500 420 L500 660 Q500 680 480 680 L320 680 Q300 680 300 660 Z" fill="${c}"/>
<rect x="318" y="380" width="22" height="270" rx="11" ${shine}/>`;
      label = { x: 318, y: 450, w: 164, h: 170 };
      break;
    case 'bottle':
      body = `<rect x="355" y="150" width="90" height="90" rx="12" fill="${dark}"/><rect x="365" y="235" width="70" height="60" fill="${c}"/>
<path d="M290 400 Q290 320 365 295 L435 295 Q510 320 510 400 L510 650 Q510 680 480 680 L320 680 Q290 680 290 650 Z" fill="${c}"/>
<rect x="310" y="360" width="24" height="290" rx="12" ${shine}/>`;
      label = { x: 312, y: 430, w: 176, h: 190 };
      break;
    case 'pump':
      body = `<rect x="330" y="185" width="150" height="34" rx="10" fill="${dark}"/><rect x="470" y="192" width="40" height="16" rx="6" fill="${dark}"/>
<rect x="388" y="215" width="24" height="80" fill="${dark}"/><rect x="355" y="290" width="90" height="45" rx="8" fill="${dark}"/>
<rect x="285" y="330" width="230" height="350" rx="48" fill="${c}"/><rect x="305" y="360" width="24" height="290" rx="12" ${shine}/>`;
      label = { x: 310, y: 420, w: 180, h: 200 };
      break;
    case 'jar':
      body = `<rect x="230" y="430" width="340" height="250" rx="44" fill="${c}"/><rect x="218" y="365" width="364" height="80" rx="18" fill="${dark}"/>
<rect x="218" y="365" width="364" height="16" rx="8" fill="#ffffff" fill-opacity="0.15"/><rect x="250" y="455" width="20" height="200" rx="10" ${shine}/>`;
      label = { x: 285, y: 470, w: 230, h: 180 };
      break;
    case 'tin':
      body = `<path d="M180 520 L180 620 A220 62 0 0 0 620 620 L620 520 Z" fill="${dark}"/>
<ellipse cx="400" cy="520" rx="220" ry="62" fill="${c}"/><ellipse cx="400" cy="520" rx="200" ry="52" fill="${light}" fill-opacity="0.35"/>`;
      label = { x: 270, y: 480, w: 260, h: 80 };
      break;
    case 'soap':
      body = `<rect x="200" y="470" width="400" height="200" rx="46" fill="${c}"/><rect x="200" y="470" width="400" height="40" rx="20" fill="#ffffff" fill-opacity="0.2"/>
<rect x="320" y="462" width="160" height="216" fill="#c9a878"/><rect x="320" y="462" width="160" height="216" fill="none" stroke="#8a6a42" stroke-width="3"/>`;
      label = { x: 328, y: 500, w: 144, h: 150 };
      break;
    case 'bag':
      body = `<path d="M270 300 L530 300 L560 680 L240 680 Z" fill="#c8a06a"/><path d="M262 270 L538 270 L530 330 L270 330 Z" fill="#a57f4c"/>
<g fill="${c}">${nutCluster(400, 620)}</g><path d="M270 300 L290 680" stroke="#a57f4c" stroke-width="4"/><path d="M530 300 L510 680" stroke="#a57f4c" stroke-width="4"/>`;
      label = { x: 300, y: 370, w: 200, h: 180 };
      break;
    case 'box':
      body = `<rect x="200" y="420" width="400" height="260" rx="10" fill="${c}"/><rect x="185" y="370" width="430" height="70" rx="10" fill="${dark}"/>
<rect x="380" y="370" width="40" height="310" fill="#e9c46a"/><rect x="185" y="395" width="430" height="22" fill="#e9c46a"/>
<path d="M400 372 C340 300 300 340 330 372 Z M400 372 C460 300 500 340 470 372 Z" fill="#e9c46a" stroke="#c79a2e" stroke-width="4"/>`;
      label = { x: 215, y: 470, w: 155, h: 170 };
      break;
    case 'jug':
      body = `<rect x="360" y="170" width="90" height="70" rx="10" fill="#3b6e3b"/><path d="M520 360 Q600 380 590 470 Q585 540 520 560" fill="none" stroke="${dark}" stroke-width="26"/>
<path d="M270 380 Q270 300 370 240 L440 240 Q530 300 530 380 L530 650 Q530 680 500 680 L300 680 Q270 680 270 650 Z" fill="${c}"/>
<rect x="292" y="350" width="26" height="300" rx="13" ${shine}/>`;
      label = { x: 300, y: 420, w: 200, h: 200 };
      break;
  }
  return `<g>${body}${labelCard(spec, label)}</g>`;
}

function labelCard(spec: ArtSpec, box: Box): string {
  const lines = wrapLabel(spec.label, box.w > 200 ? 14 : 11).slice(0, 3);
  const compact = box.h < 120;
  const brandSize = compact ? 13 : 15;
  const mainSize = Math.min(compact ? 22 : 30, fitFontSize(lines, box.w - 20));
  const top = box.y + (compact ? 22 : 36);
  const linesSvg = lines
    .map((line, i) =>
      text(line, box.x + box.w / 2, top + (compact ? 8 : 18) + (i + 1) * (mainSize + 4), mainSize, '#3b2a1a', 700),
    )
    .join('');
  const sizeY = box.y + box.h - (compact ? 10 : 18);
  return `<rect x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" rx="${compact ? 40 : 10}" fill="#fbf4e6" stroke="${mix(spec.colour, '#000000', 0.2)}" stroke-width="3"/>
${text(BRAND, box.x + box.w / 2, top, brandSize, '#7a5a2f', 700, 3)}${linesSvg}${spec.size && !compact ? text(spec.size, box.x + box.w / 2, sizeY, 18, '#6b4f2d', 400) : ''}`;
}

function labelCloseUp(spec: ArtSpec): string {
  const lines = wrapLabel(spec.label, 14).slice(0, 3);
  const size = Math.min(64, fitFontSize(lines, 460));
  const firstY = 420 - ((lines.length - 1) * (size + 12)) / 2;
  const linesSvg = lines.map((line, i) => text(line, 400, firstY + i * (size + 12), size, '#3b2a1a', 700)).join('');
  return `${leaves(spec, 0.6)}<g transform="rotate(-3 400 400)">
<rect x="140" y="170" width="520" height="460" rx="24" fill="#fbf4e6" stroke="${spec.colour}" stroke-width="12"/>
${text(BRAND, 400, 245, 30, '#7a5a2f', 700, 8)}<path d="M260 270 L540 270" stroke="${spec.colour}" stroke-width="4"/>${linesSvg}
${spec.size ? text(spec.size, 400, 540, 34, '#6b4f2d', 400) : ''}${text('Handmade by women in Southern Province', 400, 590, 20, '#7a5a2f', 400)}</g>`;
}

function leaves(spec: ArtSpec, opacity: number): string {
  const leaf = (x: number, y: number, angle: number, scale: number) =>
    `<path transform="translate(${x} ${y}) rotate(${angle}) scale(${scale})" d="M0 0 C30 -40 90 -40 120 0 C90 40 30 40 0 0 Z M0 0 L120 0" fill="#6f8f4e" stroke="#4f6b35" stroke-width="3"/>`;
  const nut = (x: number, y: number) =>
    `<ellipse cx="${x}" cy="${y}" rx="26" ry="20" fill="${mix(spec.colour, '#5a3a1a', 0.6)}"/>`;
  return `<g opacity="${opacity}">${leaf(80, 140, -20, 1)}${leaf(620, 110, 30, 0.9)}${leaf(700, 560, 160, 0.8)}${leaf(60, 600, -150, 0.7)}${nut(150, 700)}${nut(200, 720)}${nut(640, 710)}</g>`;
}

function nutCluster(cx: number, cy: number): string {
  const spots = [-80, -40, 0, 40, 80].flatMap((dx, i) => [
    `<ellipse cx="${cx + dx}" cy="${cy - (i % 2) * 18}" rx="24" ry="18"/>`,
  ]);
  return spots.join('');
}

function shadow(cx: number, cy: number, rx: number): string {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="22" fill="#3b2a1a" fill-opacity="0.16"/>`;
}

function text(value: string, x: number, y: number, size: number, fill: string, weight: number, spacing = 0): string {
  return `<text x="${x}" y="${y}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="middle" letter-spacing="${spacing}">${escapeXml(value)}</text>`;
}

function wrapLabel(label: string, maxChars: number): string[] {
  return label.split('\n').flatMap((part) => {
    const lines: string[] = [];
    for (const word of part.trim().split(/\s+/)) {
      const last = lines.length - 1;
      if (last >= 0 && (lines[last] + ' ' + word).length <= maxChars) lines[last] += ' ' + word;
      else lines.push(word);
    }
    return lines;
  });
}

/** Bold sans glyphs are about 0.68 em wide on average, so this keeps the longest line inside the width. */
function fitFontSize(lines: string[], width: number): number {
  const longest = Math.max(...lines.map((l) => l.length), 1);
  return Math.floor(width / (longest * 0.68));
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Blends two #rrggbb colours; amount 0 keeps `a`, 1 gives `b`. */
export function mix(a: string, b: string, amount: number): string {
  const channel = (hex: string, i: number) => parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);
  const out = [0, 1, 2].map((i) => Math.round(channel(a, i) * (1 - amount) + channel(b, i) * amount));
  return `#${out.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}
