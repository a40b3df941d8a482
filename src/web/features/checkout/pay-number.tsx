import Copy from 'lucide-react/icons/copy';
import Phone from 'lucide-react/icons/phone';
import { copyText } from '../../lib/copy-text';
import { toast } from '../../lib/toast';

/** A dialable form of a shop number as it is written ('+260 97 1234567' -> '+260971234567'). */
export const telHref = (number: string) => `tel:${number.replace(/[^\d+]/g, '')}`;

/** The mobile-money number: tap to call (or start the USSD transfer), or copy it into the money app. */
export function PayNumber({ number }: { number: string }) {
  const copy = async () => {
    if (await copyText(number)) toast.success('Number copied', { description: number });
    else toast.error('Could not copy the number. Please copy it by hand.');
  };
  return (
    <span className="flex flex-wrap items-center gap-2">
      <a
        href={telHref(number)}
        aria-label={`Call ${number}`}
        data-testid="pay-number"
        className="inline-flex min-h-11 items-center gap-1.5 font-semibold break-all text-forest-800 underline underline-offset-4"
      >
        <Phone size={16} aria-hidden="true" />
        {number}
      </a>
      <button
        type="button"
        onClick={copy}
        aria-label={`Copy the number ${number}`}
        className="inline-flex min-h-11 items-center gap-1.5 rounded-full border-2 border-forest-600 px-3 text-sm font-semibold text-forest-800 hover:bg-forest-100"
      >
        <Copy size={16} aria-hidden="true" />
        Copy
      </button>
    </span>
  );
}
