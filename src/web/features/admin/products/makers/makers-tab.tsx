import { Fragment, useId, useState } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { toNgwee } from '../../../../../shared/money';
import { PRODUCT_MAKERS_MAX } from '../../../../../shared/schemas/members';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { TextField } from '../../../../components/ui/field';
import { SelectField } from '../../../../components/ui/select-field';
import { Spinner } from '../../../../components/ui/spinner';
import { Link } from '../../../../lib/router';
import type { ProductFormValues } from '../product-form';
import { kwachaOf, useMembers } from '../../members';
import { unitSplit } from './unit-split';
import { readMakers, type MakersDraft, type MakersValues } from './use-makers-draft';

/** The price as typed, in ngwee, when it reads as an amount. */
function priceNgweeOf(text: string): number | null {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isFinite(value) && value >= 0 ? toNgwee(value) : null;
}

/** What one unit earns each maker and the fund, by the ledger's rule, before anything is saved. */
function SplitPreview({
  values,
  price,
  defaultPercent,
}: {
  values: MakersValues;
  price: string;
  defaultPercent: number;
}) {
  const priceNgwee = priceNgweeOf(price);
  const read = readMakers(values);
  if (priceNgwee === null)
    return <p className="text-sm text-bark-700">Enter the price on Basic Info to see what one sale earns.</p>;
  if ('problem' in read) return null;
  const percent = read.input.makersPercent ?? defaultPercent;
  const names = new Map(values.makers.map((maker) => [maker.memberId, maker.name]));
  const split = unitSplit(
    priceNgwee,
    percent,
    read.input.makers.map((maker) => ({ ...maker, name: names.get(maker.memberId) ?? '' })),
  );
  return (
    <section aria-labelledby="split-heading" className="rounded-2xl border border-sand-200 bg-sand-50 p-4 text-sm">
      <h3 id="split-heading" className="font-sans font-semibold text-bark-900">
        One sold at {kwachaOf(priceNgwee)} (before VAT) earns
      </h3>
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1" aria-live="polite">
        {split.makers.map((maker) => (
          <Fragment key={maker.memberId}>
            <dt className="break-words text-bark-800">{maker.name}</dt>
            <dd className="text-right font-semibold whitespace-nowrap">{kwachaOf(maker.ngwee)}</dd>
          </Fragment>
        ))}
        <dt className="text-bark-800">Co-op fund</dt>
        <dd className="text-right font-semibold whitespace-nowrap">{kwachaOf(split.fundNgwee)}</dd>
      </dl>
      {split.makers.length === 0 && <p className="mt-2 text-bark-700">No makers named: the fund keeps all of it.</p>}
    </section>
  );
}

function AddMaker({ values, onAdd }: { values: MakersValues; onAdd: (member: { _id: string; name: string }) => void }) {
  const members = useMembers('active');
  const [chosen, setChosen] = useState('');
  if (members.isPending) return <Spinner label="Loading members" className="py-4" />;
  if (!members.data)
    return (
      <p role="alert" className="text-sm text-red-900">
        Failed to load the members.{' '}
        <button type="button" className="min-h-11 font-semibold underline" onClick={() => members.refetch()}>
          Try again
        </button>
      </p>
    );
  const named = new Set(values.makers.map((maker) => maker.memberId));
  const free = members.data.members.filter((member) => !named.has(member._id));
  if (members.data.members.length === 0)
    return (
      <p className="text-sm text-bark-800">
        No active members yet.{' '}
        <Link to="/admin/members" className="font-semibold text-forest-800 underline">
          Add them on the Members page
        </Link>
        .
      </p>
    );
  if (free.length === 0 || values.makers.length >= PRODUCT_MAKERS_MAX) return null;
  const picked = free.find((member) => member._id === chosen) ?? free[0];
  return (
    <div className="flex flex-wrap items-end gap-2">
      <SelectField
        className="min-w-0 flex-1"
        label="Add a maker"
        options={free.map((member) => ({
          value: member._id,
          label: member.role ? `${member.name} (${member.role})` : member.name,
        }))}
        value={picked._id}
        onChange={(event) => setChosen(event.target.value)}
      />
      <Button variant="outline" onClick={() => onAdd(picked)} aria-label={`Add ${picked.name} as a maker`}>
        Add
      </Button>
    </div>
  );
}

/**
 * Who made the product and how its price is split (docs/decisions/065-members-and-wallet-changes.md):
 * members with their parts, and the makers' percent (the shop's default or the product's own).
 */
export function MakersTab({ draft, control }: { draft: MakersDraft; control: Control<ProductFormValues> }) {
  const percentId = useId();
  // Only this tab follows the price as it is typed; the rest of the editor is not drawn again.
  const price = useWatch({ control, name: 'price' });
  const { values, load } = draft;
  if (!values) {
    if (load.isError)
      return (
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-4 text-center text-red-900">
          <p className="mb-3 font-semibold">Failed to load the makers. Please try again.</p>
          <Button onClick={() => load.refetch()} disabled={load.isRefetching}>
            Try again
          </Button>
        </div>
      );
    return <Spinner label="Loading the makers" />;
  }
  const set = (next: Partial<MakersValues>) => {
    draft.setProblem(null);
    draft.setValues({ ...values, ...next });
  };
  const setParts = (memberId: string, parts: string) =>
    set({ makers: values.makers.map((maker) => (maker.memberId === memberId ? { ...maker, parts } : maker)) });

  return (
    <div className="space-y-5">
      {draft.problem && (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 font-medium break-words text-red-900">
          {draft.problem}
        </p>
      )}
      <fieldset>
        <legend className="mb-1.5 block text-sm font-semibold text-bark-900">Makers&apos; share of the price</legend>
        <label className="flex min-h-11 cursor-pointer items-center gap-2">
          <input
            type="radio"
            name={percentId}
            className="h-5 w-5 accent-forest-700"
            checked={!values.ownPercent}
            onChange={() => set({ ownPercent: false })}
          />
          Shop default ({draft.defaultPercent}%)
        </label>
        <label className="flex min-h-11 cursor-pointer items-center gap-2">
          <input
            type="radio"
            name={percentId}
            className="h-5 w-5 accent-forest-700"
            checked={values.ownPercent}
            onChange={() => set({ ownPercent: true })}
          />
          Its own percent
        </label>
        {values.ownPercent && (
          <TextField
            className="mt-2 max-w-48"
            label="Makers' percent"
            inputMode="numeric"
            value={values.percent}
            hint="The co-op fund keeps the rest."
            onInput={(e) => set({ percent: e.currentTarget.value })}
          />
        )}
      </fieldset>

      <section aria-labelledby="makers-heading" className="space-y-3">
        <h3 id="makers-heading" className="font-sans text-sm font-semibold text-bark-900">
          Makers
        </h3>
        {values.makers.length === 0 ? (
          <p className="text-sm text-bark-700">No makers named yet.</p>
        ) : (
          <ul className="divide-y divide-sand-200 rounded-2xl border border-sand-200" aria-label="Makers">
            {values.makers.map((maker) => (
              <li key={maker.memberId} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 p-3">
                <div className="min-w-0">
                  <p className="font-semibold break-words">{maker.name}</p>
                  {!maker.active && <Badge tone="red">Inactive: remove her to save</Badge>}
                </div>
                <div className="flex shrink-0 items-center gap-2">
                  <label htmlFor={`${percentId}-${maker.memberId}`} className="text-sm font-semibold text-bark-900">
                    Parts
                  </label>
                  <input
                    id={`${percentId}-${maker.memberId}`}
                    aria-label={`${maker.name}'s parts`}
                    inputMode="numeric"
                    className="min-h-11 w-16 rounded-xl border-2 border-sand-300 bg-white px-3 text-base text-bark-900 focus:border-forest-600"
                    value={maker.parts}
                    onInput={(e) => setParts(maker.memberId, e.currentTarget.value)}
                  />
                  <Button
                    variant="danger"
                    size="sm"
                    onClick={() => set({ makers: values.makers.filter((m) => m.memberId !== maker.memberId) })}
                    aria-label={`Remove ${maker.name}`}
                  >
                    Remove
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <p className="text-sm text-bark-700">
          The makers&apos; share is split by parts: two makers with 2 and 1 parts get two thirds and one third.
        </p>
        <AddMaker
          values={values}
          onAdd={(member) =>
            set({ makers: [...values.makers, { memberId: member._id, name: member.name, parts: '1', active: true }] })
          }
        />
      </section>

      <SplitPreview values={values} price={price} defaultPercent={draft.defaultPercent} />
      <p className="text-sm text-bark-600">Saved with Save Product. A change applies to orders handed over after it.</p>
    </div>
  );
}
