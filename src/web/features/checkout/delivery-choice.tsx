import { DELIVERY_KIND_LABELS } from '../../../shared/delivery';
import { formatKwacha, shippingFor, toKwacha, toNgwee } from '../../../shared/money';
import type { PublicDeliveryOption } from '../../../shared/schemas/delivery';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { ruleOf } from './delivery-api';

interface Props {
  province: string;
  town: string;
  subtotal: number;
  options: PublicDeliveryOption[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  chosen: string | null;
  onChoose: (id: string) => void;
}

const section = 'rounded-2xl border border-sand-200 bg-white p-5 sm:p-6';

/** A shop with only its standard door delivery keeps the spec's checkout: no choice to show. */
export function needsChoice(options: PublicDeliveryOption[] | undefined): boolean {
  return !!options && !(options.length === 1 && options[0].kind === 'door');
}

/** The delivery options for the address, with fee and time (decision 037). */
export function DeliveryChoice({
  province,
  town,
  subtotal,
  options,
  loading,
  failed,
  onRetry,
  chosen,
  onChoose,
}: Props) {
  if (!province) return null;
  if (failed && !options)
    return (
      <div role="alert" className={section}>
        <p className="mb-3 font-semibold text-red-900">Failed to load delivery options.</p>
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  if (!options) return loading ? <Spinner label="Loading delivery options" /> : null;
  if (options.length === 0)
    return (
      <p role="alert" className={`${section} border-amber-300 bg-amber-50 text-amber-950`}>
        We do not deliver to {town.trim() ? `${town.trim()}, ` : ''}
        {province} yet. Please choose another address or contact the shop.
      </p>
    );
  if (!needsChoice(options)) return null;
  return (
    <fieldset className={section} aria-busy={loading}>
      <legend className="float-left mb-4 w-full text-xl font-bold">Delivery</legend>
      <div className="clear-both grid gap-3">
        {options.map((option) => {
          const fee = toKwacha(shippingFor(toNgwee(subtotal), ruleOf(option)));
          return (
            <label
              key={option._id}
              className="flex cursor-pointer items-start gap-3 rounded-xl border-2 border-sand-200 px-4 py-3 has-[:checked]:border-forest-600 has-[:checked]:bg-forest-50"
            >
              <input
                type="radio"
                name="deliveryOption"
                value={option._id}
                checked={chosen === option._id}
                onChange={() => onChoose(option._id)}
                className="mt-1 h-5 w-5 shrink-0 accent-forest-700"
              />
              <span className="min-w-0 flex-1">
                <span className="flex flex-wrap justify-between gap-x-3">
                  <span className="font-semibold break-words">{option.name}</span>
                  <span className="font-semibold tabular-nums">{fee === 0 ? 'Free' : formatKwacha(fee)}</span>
                </span>
                <span className="block text-sm text-bark-700">
                  {DELIVERY_KIND_LABELS[option.kind]}
                  {option.estimate ? ` · ${option.estimate}` : ''}
                </span>
                {option.kind !== 'door' && (option.openingHours || option.directions) && (
                  <span className="mt-1 block text-sm break-words text-bark-700">
                    {option.openingHours && <span className="block">Open: {option.openingHours}</span>}
                    {option.directions && <span className="block">{option.directions}</span>}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
