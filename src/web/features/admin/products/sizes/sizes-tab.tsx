import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import { useId, useState, type CSSProperties, type ReactNode } from 'react';
import { MAX_OPTIONS, MAX_VARIANTS } from '../../../../../shared/schemas/products';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { TextField } from '../../../../components/ui/field';
import { ProductImage } from '../../../../components/ui/product-image';
import { Spinner } from '../../../../components/ui/spinner';
import type { MakeUpDraft } from '../use-make-up-draft';
import {
  addOption,
  addVariant,
  defaultRow,
  missingCombinations,
  PLAIN,
  removeOption,
  removeVariant,
  rowName,
  startOptions,
  stockSum,
  variantWord,
  withEveryCombination,
  type PlainFields,
  type SizesValues,
  type VariantRow,
} from './variant-draft';

const input =
  'min-h-11 w-full min-w-0 rounded-xl border-2 border-sand-300 bg-white px-3 py-2 text-base text-bark-900 focus:border-forest-600';
/** On a phone each variant is a card with its labels; from 896 px of room, a row of a table under one heading row. */
const label = 'mb-1 block text-sm font-semibold text-bark-900 @4xl:sr-only';

/** The table's columns: each option's value, then the figures every variant has. */
function columnsFor(optionCount: number): CSSProperties {
  const values = Array.from({ length: optionCount }, () => 'minmax(5rem,1fr)').join(' ');
  return { '--variant-columns': `${values} 5.5rem 4.5rem 8.5rem 6rem 12.5rem 4.5rem 2.75rem` } as CSSProperties;
}

const FIGURES = ['Price (ZMW)', 'Stock', 'SKU', 'Weight / volume', 'Image', 'Shown first', ''];

function Field({
  id,
  text,
  children,
  wide = false,
}: {
  id: string;
  text: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={wide ? 'col-span-2 @4xl:col-span-1' : ''}>
      <label htmlFor={id} className={label}>
        {text}
      </label>
      {children}
    </div>
  );
}

function ImagePicker({
  id,
  value,
  images,
  onChange,
}: {
  id: string;
  value: string;
  images: readonly string[];
  onChange: (url: string) => void;
}) {
  const kept = value !== '' && !images.includes(value);
  return (
    <div className="flex items-center gap-2">
      {(value || images[0]) && (
        <ProductImage
          url={value || images[0]}
          alt=""
          sizes="44px"
          width={44}
          height={44}
          className="h-11 w-11 shrink-0 rounded-lg"
        />
      )}
      <select id={id} className={`${input} px-2`} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        <option value="">Main image</option>
        {images.map((url, i) => (
          <option key={url} value={url}>
            Image {i + 1}
          </option>
        ))}
        {kept && <option value={value}>Its own image</option>}
      </select>
    </div>
  );
}

function VariantCard({
  values,
  row,
  images,
  groupName,
  onChange,
  onDefault,
  onRemove,
}: {
  values: SizesValues;
  row: VariantRow;
  images: readonly string[];
  groupName: string;
  onChange: (next: VariantRow) => void;
  onDefault: () => void;
  onRemove: () => void;
}) {
  const id = useId();
  const name = rowName(values, row);
  const isDefault = defaultRow(values)?.key === row.key;
  const set = (patch: Partial<VariantRow>) => onChange({ ...row, ...patch });
  return (
    <li className="rounded-2xl border border-sand-200 bg-white p-3 @4xl:rounded-none @4xl:border-0 @4xl:border-b @4xl:px-0 @4xl:py-2">
      {/* Each variant is a group named by its values: its fields' labels are read with that name. */}
      <fieldset className="grid grid-cols-2 gap-3 @4xl:grid-cols-(--variant-columns) @4xl:items-center @4xl:gap-2">
        <legend className="sr-only">{name}</legend>
        <div className="col-span-2 flex items-center justify-between gap-2 @4xl:hidden" aria-hidden="true">
          <p className="font-semibold break-words text-bark-900">{name}</p>
          {isDefault && <span className="text-sm text-forest-800">Shown first</span>}
        </div>
        {values.options.map((option, i) => (
          <Field
            key={i}
            id={`${id}-v${i}`}
            text={option.trim() || `Option ${i + 1}`}
            wide={values.options.length === 1}
          >
            <input
              id={`${id}-v${i}`}
              className={input}
              autoComplete="off"
              value={row.values[i]}
              onInput={(e) => {
                const typed = e.currentTarget.value;
                set({ values: row.values.map((v, j) => (j === i ? typed : v)) });
              }}
            />
          </Field>
        ))}
        <Field id={`${id}-price`} text="Price (ZMW)">
          <input
            id={`${id}-price`}
            className={input}
            inputMode="decimal"
            autoComplete="off"
            value={row.price}
            onInput={(e) => set({ price: e.currentTarget.value })}
          />
        </Field>
        <Field id={`${id}-stock`} text="Stock">
          <input
            id={`${id}-stock`}
            className={input}
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="off"
            value={row.countInStock}
            onInput={(e) => set({ countInStock: e.currentTarget.value })}
          />
        </Field>
        <Field id={`${id}-sku`} text="SKU">
          <input
            id={`${id}-sku`}
            className={`${input} font-mono text-sm`}
            autoComplete="off"
            placeholder="Automatic"
            value={row.sku}
            onInput={(e) => set({ sku: e.currentTarget.value })}
          />
        </Field>
        <Field id={`${id}-size`} text="Weight / volume">
          <input
            id={`${id}-size`}
            className={input}
            autoComplete="off"
            value={row.size}
            onInput={(e) => set({ size: e.currentTarget.value })}
          />
        </Field>
        <Field id={`${id}-image`} text="Image" wide>
          <ImagePicker id={`${id}-image`} value={row.image} images={images} onChange={(image) => set({ image })} />
        </Field>
        <div className="col-span-2 flex items-center justify-between gap-2 @4xl:contents">
          <label className="flex min-h-11 cursor-pointer items-center gap-2 font-semibold text-bark-900 @4xl:justify-center">
            <input
              type="radio"
              name={groupName}
              className="h-5 w-5 accent-forest-700"
              checked={isDefault}
              onChange={onDefault}
            />
            <span className="@4xl:sr-only">Shown first</span>
          </label>
          <Button variant="danger" size="icon" onClick={onRemove} aria-label={`Remove ${name}`}>
            <Trash2 aria-hidden="true" className="h-5 w-5" />
          </Button>
        </div>
      </fieldset>
    </li>
  );
}

function OptionNames({
  values,
  onSet,
  onRemove,
}: {
  values: SizesValues;
  onSet: (next: SizesValues) => void;
  onRemove: (i: number) => void;
}) {
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 font-sans text-sm font-semibold text-bark-900">Options</legend>
      {values.options.map((option, i) => (
        <div key={i} className="flex items-end gap-2">
          <TextField
            className="min-w-0 flex-1"
            label={`Option ${i + 1} name`}
            autoComplete="off"
            placeholder={i === 0 ? 'Size' : 'Scent'}
            value={option}
            onInput={(e) =>
              onSet({ ...values, options: values.options.map((o, j) => (j === i ? e.currentTarget.value : o)) })
            }
          />
          <Button variant="outline" onClick={() => onRemove(i)} aria-label={`Remove the option ${option || i + 1}`}>
            Remove
          </Button>
        </div>
      ))}
      {values.options.length < MAX_OPTIONS && (
        <Button variant="ghost" onClick={() => onSet(addOption(values, ''))}>
          <Plus aria-hidden="true" className="h-5 w-5" />
          Add a second option (such as Scent)
        </Button>
      )}
    </fieldset>
  );
}

/**
 * Sizes & options (docs/decisions/067-sizes-and-sets.md): up to two options, and a variant for each
 * combination with its own price, stock, SKU, weight and picture. Saved whole with Save Product.
 */
export function SizesTab({
  draft,
  images,
  blocked,
  plainFields,
  onMadePlain,
}: {
  draft: MakeUpDraft<SizesValues>;
  images: readonly string[];
  /** Why this product cannot have options (a gift set), or null. */
  blocked: string | null;
  /** The product's own price, stock, SKU and size, as Basic Info holds them. */
  plainFields: () => PlainFields;
  /** Made plain: Basic Info takes the default variant's figures. */
  onMadePlain: (fields: PlainFields) => void;
}) {
  const groupName = useId();
  const [askPlain, setAskPlain] = useState(false);
  const { values, load } = draft;
  if (blocked) return <p className="rounded-2xl border border-sand-200 bg-sand-50 p-4 text-bark-800">{blocked}</p>;
  if (!values) {
    if (load.isError)
      return (
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-4 text-center text-red-900">
          <p className="mb-3 font-semibold">Failed to load the sizes. Please try again.</p>
          <Button onClick={() => load.refetch()} disabled={load.isRefetching}>
            Try again
          </Button>
        </div>
      );
    return <Spinner label="Loading the sizes" />;
  }

  const set = draft.set;
  if (values.options.length === 0)
    return (
      <div className="space-y-4">
        <p className="text-bark-800">
          This product is sold in one size. Add an option, such as Size or Scent, to sell it in several, each with its
          own price and stock.
        </p>
        <Button onClick={() => set(startOptions(plainFields()))}>
          <Plus aria-hidden="true" className="h-5 w-5" />
          Add sizes
        </Button>
        <p className="text-sm text-bark-600">Saved with Save Product.</p>
      </div>
    );

  const chosen = defaultRow(values);
  const missing = missingCombinations(values);
  const removeOptionAt = (i: number) =>
    values.options.length === 1 ? setAskPlain(true) : set(removeOption(values, i));
  const makePlain = () => {
    if (chosen)
      onMadePlain({ price: chosen.price, countInStock: chosen.countInStock, sku: chosen.sku, size: chosen.size });
    set(PLAIN);
    setAskPlain(false);
  };

  return (
    <div className="@container space-y-5">
      <OptionNames values={values} onSet={set} onRemove={removeOptionAt} />
      <section aria-labelledby={`${groupName}-heading`} className="space-y-3">
        <h3 id={`${groupName}-heading`} className="font-sans text-sm font-semibold text-bark-900">
          {variantWord(values.options, values.variants.length)} · {stockSum(values)} in stock together
        </h3>
        <div style={columnsFor(values.options.length)}>
          <div
            aria-hidden="true"
            className="hidden border-b-2 border-sand-200 pb-1 text-sm font-semibold text-bark-800 @4xl:grid @4xl:grid-cols-(--variant-columns) @4xl:gap-2"
          >
            {[...values.options.map((o, i) => o || `Option ${i + 1}`), ...FIGURES].map((text, i) => (
              <span key={i}>{text}</span>
            ))}
          </div>
          <ul aria-label="Variants" className="space-y-3 @4xl:space-y-0">
            {values.variants.map((row) => (
              <VariantCard
                key={row.key}
                values={values}
                row={row}
                images={images}
                groupName={groupName}
                onChange={(next) =>
                  set({ ...values, variants: values.variants.map((r) => (r.key === row.key ? next : r)) })
                }
                onDefault={() => set({ ...values, defaultKey: row.key })}
                onRemove={() => set(removeVariant(values, row.key))}
              />
            ))}
          </ul>
        </div>
        <div className="flex flex-wrap gap-2">
          {values.variants.length < MAX_VARIANTS && (
            <Button variant="outline" onClick={() => set(addVariant(values))}>
              <Plus aria-hidden="true" className="h-5 w-5" />
              Add a variant
            </Button>
          )}
          {missing > 0 && (
            <Button variant="outline" onClick={() => set(withEveryCombination(values))}>
              Make variants for every combination ({missing} more)
            </Button>
          )}
        </div>
      </section>
      <p className="text-sm text-bark-600">
        The variant shown first gives the product its price. Saved with Save Product. A variant in a gift set cannot be
        removed until it is taken out of the set.
      </p>
      <ConfirmDialog
        open={askPlain}
        onOpenChange={setAskPlain}
        title="Sell in one size only?"
        description={
          chosen
            ? `The product keeps ${rowName(values, chosen)}'s price, stock and SKU; the other variants are removed when you save.`
            : 'The product is sold in one size again when you save.'
        }
        confirmLabel="Make it one size"
        onConfirm={makePlain}
      />
    </div>
  );
}
