import Search from 'lucide-react/icons/search';
import { useId } from 'react';
import { CATEGORIES, categoryDisplayName, type Category } from '../../../../shared/categories';
import { Button } from '../../../components/ui/button';
import { RangeSlider } from '../../../components/ui/range-slider';
import { formatKwacha } from '../../../lib/format';
import { PRICE_MAX, PRICE_MIN, PRICE_STEP, priceText, type FilterDraft } from './listing-query';

interface FiltersPanelProps {
  draft: FilterDraft;
  onChange: (draft: FilterDraft) => void;
  onClearAll: () => void;
  /** Shown on small screens only, where the panel opens over the results. */
  onApply: () => void;
}

export function FiltersPanel({ draft, onChange, onClearAll, onApply }: FiltersPanelProps) {
  const searchId = useId();
  const priceId = useId();
  const toggleCategory = (category: Category, checked: boolean) => {
    const categories = checked ? [...draft.categories, category] : draft.categories.filter((c) => c !== category);
    onChange({ ...draft, categories });
  };

  return (
    <div className="space-y-7 rounded-2xl border border-sand-200 bg-white p-5">
      <div className="flex items-center justify-between">
        <h2 className="font-sans text-lg font-bold text-bark-900">Filters</h2>
        <button
          type="button"
          onClick={onClearAll}
          className="min-h-11 rounded-full px-3 font-semibold text-forest-800 underline-offset-4 hover:underline"
        >
          Clear all
        </button>
      </div>

      <div>
        <label htmlFor={searchId} className="mb-2 block font-semibold">
          Search
        </label>
        <div className="relative">
          <Search
            size={18}
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-bark-600"
          />
          <input
            id={searchId}
            type="search"
            value={draft.keyword}
            onChange={(event) => onChange({ ...draft, keyword: event.target.value })}
            placeholder="Search products..."
            maxLength={100}
            autoComplete="off"
            className="min-h-11 w-full rounded-full border-2 border-sand-300 bg-white py-2 pr-4 pl-10 focus:border-forest-600"
          />
        </div>
      </div>

      <fieldset>
        <legend id={priceId} className="mb-3 font-semibold">
          Price range
        </legend>
        <RangeSlider
          min={PRICE_MIN}
          max={PRICE_MAX}
          step={PRICE_STEP}
          minStepsBetween={1}
          value={draft.price}
          onValueChange={(price) => onChange({ ...draft, price })}
          labels={['Minimum price', 'Maximum price']}
          valueText={priceText}
          labelledBy={priceId}
        />
        <p
          className="mt-2 flex justify-between text-sm font-medium text-bark-700 tabular-nums"
          data-testid="price-range"
        >
          <span>{formatKwacha(draft.price[0])}</span>
          <span>{priceText(draft.price[1])}</span>
        </p>
      </fieldset>

      <fieldset>
        <legend className="mb-2 font-semibold">Categories</legend>
        <ul className="space-y-1">
          {CATEGORIES.map((category) => (
            <li key={category}>
              <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-1 capitalize hover:bg-forest-50">
                <input
                  type="checkbox"
                  className="h-5 w-5 accent-forest-700"
                  checked={draft.categories.includes(category)}
                  onChange={(event) => toggleCategory(category, event.target.checked)}
                />
                {categoryDisplayName(category)}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      <Button className="w-full lg:hidden" onClick={onApply}>
        Apply Filters
      </Button>
    </div>
  );
}
