import { useId } from 'react';
import type { Variant } from '../api';
import { chooseValue, optionValues, variantWith } from './variant-choice';

interface VariantPickerProps {
  /** The product's option names, in order ("Size", "Scent"). */
  options: readonly string[];
  variants: readonly Variant[];
  chosen: Variant;
  onChoose: (variant: Variant) => void;
}

const valueButton =
  'flex min-h-11 min-w-11 flex-col items-center justify-center rounded-xl border-2 px-4 py-1 text-sm font-semibold leading-tight';
const pressedLook = 'border-forest-700 bg-forest-700 text-white';
const openLook = 'border-forest-300 bg-white text-bark-900 hover:border-forest-700';
const soldOutLook = 'border-dashed border-bark-500 bg-sand-50 text-bark-700 hover:border-forest-700';

/**
 * One group of buttons per option, drawn by the server: real <button>s, so a tap made before the app has
 * adopted the page is held and carried out (src/shared/early-taps.ts), choosing the size before an Add to
 * Cart tapped after it. A size out of stock can still be chosen (its page says so and Add to Cart waits);
 * a value that makes no variant with the other values chosen is shown as out of stock too.
 */
export function VariantPicker({ options, variants, chosen, onChoose }: VariantPickerProps) {
  const id = useId();
  return (
    <div className="mt-6 space-y-4">
      {options.map((name, option) => (
        <div key={name} role="group" aria-labelledby={`${id}-${option}`}>
          <p className="mb-2 text-bark-900">
            <span id={`${id}-${option}`} className="font-semibold">
              {name}
            </span>
            : {chosen.options[option]}
          </p>
          <div className="flex flex-wrap gap-2">
            {optionValues(variants, option).map((value) => {
              const pressed = chosen.options[option] === value;
              const variant = variantWith(variants, chosen, option, value);
              const soldOut = !variant || variant.countInStock <= 0;
              return (
                <button
                  key={value}
                  type="button"
                  aria-pressed={pressed}
                  onClick={() => onChoose(chooseValue(variants, chosen, option, value))}
                  className={`${valueButton} ${pressed ? pressedLook : soldOut ? soldOutLook : openLook}`}
                >
                  {value}
                  {soldOut && <span className="text-xs font-normal">Out of Stock</span>}
                </button>
              );
            })}
          </div>
        </div>
      ))}
    </div>
  );
}
