import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { Product } from '../../../../shared/schemas/products';
import { failureMessage } from '../../../lib/failure-message';

interface MakeUpRules<V, I> {
  /** The tab's values as the server holds them (a new product: none). */
  fromProduct: (product: Product | undefined) => V;
  same: (a: V, b: V) => boolean;
  read: (values: V) => { input: I } | { problem: string };
  save: UseMutationResult<Product, unknown, { productId: string; input: I }>;
  /** Said when the server gives no reason of its own. */
  failure: string;
  onSaved?: (product: Product) => void;
}

export interface MakeUpDraft<V> {
  /** Null while the product is read (or failed to be). */
  values: V | null;
  set: (next: V) => void;
  load: UseQueryResult<Product>;
  changed: boolean;
  problem: string | null;
  saving: boolean;
  check: () => boolean;
  saveFor: (id: string, onDone: (ok: boolean) => void) => void;
}

/**
 * A tab of the editor that keeps part of the product's make-up (its sizes, a set's parts) beside the form:
 * read with the product when the tab is first opened, changed by the admin, saved whole by the editor's
 * Save after the product's own fields. Until the admin changes something it follows what the server holds,
 * so an answer of another save never leaves it showing the old list.
 */
export function useMakeUpDraft<V, I>(
  productId: string | null,
  detail: UseQueryResult<Product>,
  rules: MakeUpRules<V, I>,
): MakeUpDraft<V> {
  const [edited, setEdited] = useState<V | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { fromProduct } = rules;
  const initial = useMemo(() => fromProduct(detail.data), [fromProduct, detail.data]);
  const ready = productId === null || detail.data !== undefined;
  const changed = edited !== null && !rules.same(edited, initial);

  /** Before anything is saved: a list that cannot be saved stops the save, its problem shown. */
  const check = () => {
    if (edited === null || !changed) return true;
    const read = rules.read(edited);
    setProblem('problem' in read ? read.problem : null);
    return !('problem' in read);
  };

  /** Saves the list for the product (just created or edited); answers whether it is saved. */
  const saveFor = (id: string, onDone: (ok: boolean) => void) => {
    if (edited === null || !changed) {
      onDone(true);
      return;
    }
    const read = rules.read(edited);
    if ('problem' in read) {
      setProblem(read.problem);
      onDone(false);
      return;
    }
    setProblem(null);
    rules.save.mutate(
      { productId: id, input: read.input },
      {
        onSuccess: (product) => {
          setEdited(null);
          rules.onSaved?.(product);
          onDone(true);
        },
        onError: (error) => {
          setProblem(failureMessage(error, rules.failure));
          onDone(false);
        },
      },
    );
  };

  return {
    values: ready ? (edited ?? initial) : null,
    set: (next: V) => {
      setProblem(null);
      setEdited(next);
    },
    load: detail,
    changed,
    problem,
    saving: rules.save.isPending,
    check,
    saveFor,
  };
}
