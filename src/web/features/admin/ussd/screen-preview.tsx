import { option, draw, SCREEN_LIMIT } from '../../../../shared/ussd-screen';
import type { Say, TextKey } from '../../../../shared/ussd-texts';

/** Sample screens as a caller sees them, drawn by the same rule as the server (shared/ussd-screen.ts). */
export function previewScreens(say: Say, shopName: string): { name: string; lines: string[]; kind: 'CON' | 'END' }[] {
  const back = option(0, say('back'));
  return [
    {
      name: 'Welcome',
      kind: 'CON',
      lines: [
        say('welcome', { shop: shopName }),
        option(1, say('continueOrder', { count: 2, total: 'K300.00' })),
        option(2, say('shop')),
        option(3, say('myOrders')),
        option(4, say('help')),
        option(5, say('language')),
      ],
    },
    {
      // A product in sizes (decision 067): the sizes with their prices, one with none left.
      name: 'Size',
      kind: 'CON',
      lines: [
        say('whichVariant', { product: 'Mungongo Oil', option: 'size' }),
        option(1, '100 ml K85.00'),
        option(2, '250 ml K180.00'),
        option(3, `1 litre K600.00 ${say('variantOut')}`),
        back,
      ],
    },
    {
      name: 'Quantity',
      kind: 'CON',
      lines: [
        'Shea butter 100ml K150.00',
        say('each', { price: 'K150.00', stock: 12 }),
        say('howMany', { max: 12 }),
        back,
      ],
    },
    {
      name: 'Your order',
      kind: 'CON',
      lines: [
        say('added', { count: 2, total: 'K300.00' }),
        option(1, say('checkOut')),
        option(2, say('addMore')),
        option(3, say('emptyOrder')),
        back,
      ],
    },
    {
      name: 'How it travels',
      kind: 'CON',
      lines: [
        say('howSent'),
        option(1, `Choma market pickup ${say('free')}`),
        option(2, 'Standard delivery K75.00'),
        back,
      ],
    },
    {
      name: 'Summary',
      kind: 'CON',
      lines: [
        say('summaryItems', { count: 2, amount: 'K300.00' }),
        say('summaryVat', { amount: 'K48.00' }),
        say('summaryDelivery', { amount: 'K75.00' }),
        say('summaryTotal', { amount: 'K423.00' }),
        say('payBy', { network: 'MTN' }),
        option(1, say('confirm')),
        back,
      ],
    },
    {
      name: 'Order placed',
      kind: 'END',
      lines: [say('placedWithPrompt', { number: '#3f9a2c1b', total: 'K423.00', network: 'MTN' })],
    },
    {
      name: 'Sold out',
      kind: 'CON',
      lines: [say('soldOut', { stock: 1, product: 'Marula gift set' }), option(1, say('changeOrder')), back],
    },
  ];
}

type PreviewScreen = ReturnType<typeof previewScreens>[number];

/**
 * The sample screens that show this text, for the preview beside the field being typed (on a phone the
 * whole preview is below the form); a text on no sample screen is shown as a screen of its own.
 */
export function screensWithText(say: Say, shopName: string, key: TextKey): PreviewScreen[] {
  const mark = `\u0001${key}\u0001`;
  const marked: Say = (k, values) => (k === key ? mark : say(k, values));
  const showing = previewScreens(marked, shopName).flatMap((screen, i) =>
    screen.lines.some((line) => line.includes(mark)) ? [i] : [],
  );
  const screens = previewScreens(say, shopName);
  if (showing.length > 0) return showing.map((i) => screens[i]!);
  return [{ name: 'This text alone', kind: 'CON', lines: [say(key)] }];
}

export function ScreenPreview({ name, kind, lines }: { name: string; kind: 'CON' | 'END'; lines: string[] }) {
  const whole = `${kind} ${lines.join('\n')}`;
  const shown = draw(kind, lines);
  const over = whole.length > SCREEN_LIMIT;
  return (
    <figure className="rounded-2xl border border-bark-200 bg-white p-3">
      <figcaption className="mb-2 flex items-baseline justify-between gap-2 text-sm">
        <span className="font-semibold text-bark-900">{name}</span>
        <span className={over ? 'font-semibold text-red-800' : 'text-bark-600'}>
          {whole.length}/{SCREEN_LIMIT}
          {over ? ': too long, the longest line is cut' : ''}
        </span>
      </figcaption>
      <pre className="min-h-24 rounded-lg bg-[#c8d8b0] p-2 font-mono text-sm leading-snug whitespace-pre-wrap text-[#1b2a10] [overflow-wrap:anywhere]">
        {shown.slice(4)}
      </pre>
    </figure>
  );
}
