import { useEffect, useMemo, useState } from 'react';
import { DEFAULT_MAKERS_PERCENT } from '../../../../../shared/member-shares';
import {
  MAKER_PARTS_MAX,
  PRODUCT_MAKERS_MAX,
  type ProductMakers,
  type ProductMakersInput,
} from '../../../../../shared/schemas/members';
import { failureMessage } from '../../../../lib/failure-message';
import { useShopSettings } from '../../../../lib/shop-settings';
import { useProductMakers, useSaveProductMakers } from './api';

/** A maker as the tab holds her: parts as typed. */
export interface DraftMaker {
  memberId: string;
  name: string;
  parts: string;
  /** False: made inactive after she was named; the list is not saved with her on it. */
  active: boolean;
}

export interface MakersValues {
  /** False: the shop's default percent applies. */
  ownPercent: boolean;
  percent: string;
  makers: DraftMaker[];
}

const valuesOf = (saved: ProductMakers | undefined): MakersValues => ({
  ownPercent: saved?.makersPercent != null,
  percent: String(saved?.makersPercent ?? saved?.defaultMakersPercent ?? DEFAULT_MAKERS_PERCENT),
  makers: (saved?.makers ?? []).map((maker) => ({ ...maker, parts: String(maker.parts) })),
});

const sameValues = (a: MakersValues, b: MakersValues) =>
  a.ownPercent === b.ownPercent &&
  (!a.ownPercent || a.percent.trim() === b.percent.trim()) &&
  a.makers.length === b.makers.length &&
  a.makers.every(
    (maker, i) => maker.memberId === b.makers[i].memberId && maker.parts.trim() === b.makers[i].parts.trim(),
  );

const wholeIn = (text: string, min: number, max: number) => {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(value) && value >= min && value <= max ? value : null;
};

/** The tab's values as PUT /products/{id}/makers takes them, or what is wrong in plain words. */
export function readMakers(values: MakersValues): { input: ProductMakersInput } | { problem: string } {
  const percent = values.ownPercent ? wholeIn(values.percent, 0, 100) : null;
  if (values.ownPercent && percent === null)
    return { problem: "The makers' percent must be a whole number from 0 to 100." };
  const inactive = values.makers.find((maker) => !maker.active);
  if (inactive) return { problem: `${inactive.name} is no longer an active member: remove her to save.` };
  if (values.makers.length > PRODUCT_MAKERS_MAX)
    return { problem: `A product has at most ${PRODUCT_MAKERS_MAX} makers.` };
  const makers = [];
  for (const maker of values.makers) {
    const parts = wholeIn(maker.parts, 1, MAKER_PARTS_MAX);
    if (parts === null)
      return { problem: `${maker.name}'s parts must be a whole number from 1 to ${MAKER_PARTS_MAX}.` };
    makers.push({ memberId: maker.memberId, parts });
  }
  return { input: { makersPercent: percent, makers } };
}

/**
 * The Makers tab's state beside the product form: read from GET /products/{id}/makers once the tab is first
 * opened (nothing to read for a new product; an edit of the price alone never asks), changed by the admin,
 * saved by the editor's Save after the product's own fields.
 */
export function useMakersDraft(productId: string | null, opened: boolean) {
  const saved = useProductMakers(productId, opened);
  const save = useSaveProductMakers();
  const [values, setValues] = useState<MakersValues | null>(() => (productId === null ? valuesOf(undefined) : null));
  const [problem, setProblem] = useState<string | null>(null);
  const initial = useMemo(() => valuesOf(saved.data), [saved.data]);

  // Filled once, when the saved makers first arrive; a reload after a save does not undo typing.
  useEffect(() => {
    if (saved.data && values === null) setValues(valuesOf(saved.data));
  }, [saved.data, values]);

  const changed = values !== null && !sameValues(values, initial);
  // A new product has no makers to read: the shop's settings say its default.
  const settings = useShopSettings();
  const defaultPercent = saved.data?.defaultMakersPercent ?? settings.data?.makersPercent ?? DEFAULT_MAKERS_PERCENT;

  /** Before the product is saved: a list that cannot be saved stops the save, its problem shown. */
  const check = () => {
    if (!values || !changed) return true;
    const read = readMakers(values);
    setProblem('problem' in read ? read.problem : null);
    return !('problem' in read);
  };

  /** Saves the list for the product (just created or edited); answers whether it is saved. */
  const saveFor = (id: string, onDone: (ok: boolean) => void) => {
    if (!values || !changed) {
      onDone(true);
      return;
    }
    const read = readMakers(values);
    if ('problem' in read) {
      setProblem(read.problem);
      onDone(false);
      return;
    }
    setProblem(null);
    save.mutate(
      { productId: id, input: read.input },
      {
        onSuccess: (stored) => {
          setValues(valuesOf(stored));
          onDone(true);
        },
        onError: (error) => {
          setProblem(failureMessage(error, "Failed to save the product's makers"));
          onDone(false);
        },
      },
    );
  };

  return {
    /** Null while the saved makers load (or failed to). */
    values,
    setValues: (next: MakersValues) => setValues(next),
    load: saved,
    defaultPercent,
    changed,
    problem,
    setProblem,
    saving: save.isPending,
    check,
    saveFor,
  };
}

export type MakersDraft = ReturnType<typeof useMakersDraft>;
