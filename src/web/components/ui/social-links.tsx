import type { ShopSettings } from '../../lib/shop-settings';

// Lucide has no brand marks; these simplified glyphs keep the links recognisable without an icon font.
const paths = {
  Facebook: 'M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v8h4v-8h3l.5-4h-3.5V9c0-.6.4-1 1-1z',
  Instagram:
    'M7.5 3h9A4.5 4.5 0 0 1 21 7.5v9a4.5 4.5 0 0 1-4.5 4.5h-9A4.5 4.5 0 0 1 3 16.5v-9A4.5 4.5 0 0 1 7.5 3zm0 2A2.5 2.5 0 0 0 5 7.5v9A2.5 2.5 0 0 0 7.5 19h9a2.5 2.5 0 0 0 2.5-2.5v-9A2.5 2.5 0 0 0 16.5 5h-9zM12 8a4 4 0 1 1 0 8 4 4 0 0 1 0-8zm0 2a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm4.8-3.3a1 1 0 1 1 0 2 1 1 0 0 1 0-2z',
  LinkedIn:
    'M4 9h3.6v11H4V9zm1.8-5.5a2.1 2.1 0 1 1 0 4.2 2.1 2.1 0 0 1 0-4.2zM9.8 9h3.4v1.6c.5-.9 1.7-1.9 3.5-1.9 3.7 0 4.3 2.4 4.3 5.5V20h-3.6v-5.1c0-1.2 0-2.8-1.7-2.8s-2 1.3-2 2.7V20H9.8V9z',
} as const;

type Network = keyof typeof paths;

export function SocialLinks({
  settings,
  tone = 'light',
}: {
  settings: ShopSettings | undefined;
  tone?: 'light' | 'dark';
}) {
  const links: [Network, string][] = (
    [
      ['Facebook', settings?.facebookUrl ?? ''],
      ['Instagram', settings?.instagramUrl ?? ''],
      ['LinkedIn', settings?.linkedinUrl ?? ''],
    ] as [Network, string][]
  ).filter(([, url]) => url);
  if (links.length === 0) return null;
  const colours =
    tone === 'light'
      ? 'bg-forest-800 text-sand-50 hover:bg-forest-700'
      : 'bg-forest-100 text-forest-900 hover:bg-forest-200';
  return (
    <ul className="flex gap-3">
      {links.map(([network, url]) => (
        <li key={network}>
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className={`flex h-11 w-11 items-center justify-center rounded-full ${colours}`}
            aria-label={`${network} (opens in a new tab)`}
          >
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
              <path d={paths[network]} />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
