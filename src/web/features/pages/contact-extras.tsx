import ExternalLink from 'lucide-react/icons/external-link';
import MapPin from 'lucide-react/icons/map-pin';
import { useState } from 'react';
import { Button } from '../../components/ui/button';

// The Southern Province around Choma: the co-op's village is deliberately not pinpointed.
const MAP_BBOX = '26.4,-17.3,27.6,-16.3';
const MAP_EMBED = `https://www.openstreetmap.org/export/embed.html?bbox=${encodeURIComponent(MAP_BBOX)}&layer=mapnik`;
const MAP_LINK = 'https://www.openstreetmap.org/#map=9/-16.8/27.0';

/**
 * An embedded map costs about a megabyte of tiles and script. On a paid mobile bundle that is a
 * shopper's money, so the map loads only when asked for; the link opens the shopper's own map app.
 */
export function MapCard() {
  const [showMap, setShowMap] = useState(false);
  return (
    <section aria-labelledby="map-title" className="overflow-hidden rounded-2xl border border-sand-200 bg-white">
      <h2 id="map-title" className="sr-only">
        Map
      </h2>
      {showMap ? (
        <iframe
          title="Map of the Southern Province, Zambia"
          src={MAP_EMBED}
          loading="lazy"
          className="block aspect-[4/3] w-full border-0"
        />
      ) : (
        <div className="flex aspect-[4/3] flex-col items-center justify-center gap-4 bg-gradient-to-br from-forest-50 to-sand-100 p-6 text-center">
          <MapPin size={40} aria-hidden="true" className="text-forest-700" />
          <p className="max-w-xs text-bark-700">We are in a village of the Southern Province, Zambia.</p>
          <Button variant="outline" onClick={() => setShowMap(true)}>
            Show map (uses about 1 MB of data)
          </Button>
        </div>
      )}
      <p className="border-t border-sand-200 p-3 text-center">
        <a
          href={MAP_LINK}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center gap-1 font-semibold text-forest-800 underline-offset-4 hover:underline"
        >
          Open in OpenStreetMap
          <ExternalLink size={16} aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </p>
    </section>
  );
}

const FAQ = [
  {
    question: 'What is your return policy?',
    answer:
      'You can return unopened products within 30 days of delivery for a full refund. Contact us first and we will arrange it.',
  },
  {
    question: 'Do you ship outside Zambia?',
    answer:
      'Not yet: we deliver within Zambia only for now. International shipping is something we hope to offer soon.',
  },
  {
    question: 'Do you sell wholesale?',
    answer:
      'Yes. Wholesale prices for shops, lodges and spas are available on request: send us a message with the products and quantities you need.',
  },
  {
    question: 'How long does delivery take?',
    answer:
      'Orders are usually delivered within 3 to 7 working days, depending on your town. Shipping is free on orders above K500.',
  },
  {
    question: 'How can I pay?',
    answer: 'With Airtel Money, MTN Mobile Money or a credit or debit card, chosen at checkout.',
  },
  {
    question: 'Are your products really organic?',
    answer:
      'Yes. Our oils are cold-pressed from wild-harvested seeds and nuts, and our lotions and balms contain no parabens, mineral oil or synthetic fragrance.',
  },
] as const;

/** Native details/summary: keyboard and screen-reader friendly with no script at all. */
export function Faq() {
  return (
    <section aria-labelledby="faq-title" className="mx-auto max-w-3xl">
      <h2 id="faq-title" className="mb-6 text-center text-3xl font-bold">
        Frequently Asked Questions
      </h2>
      <div className="space-y-3">
        {FAQ.map((item) => (
          <details key={item.question} className="group rounded-2xl border border-sand-200 bg-white">
            <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-3 font-semibold text-bark-900 [&::-webkit-details-marker]:hidden">
              {item.question}
              <span aria-hidden="true" className="text-xl text-forest-700 transition-transform group-open:rotate-45">
                +
              </span>
            </summary>
            <p className="px-5 pb-5 text-bark-700">{item.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
