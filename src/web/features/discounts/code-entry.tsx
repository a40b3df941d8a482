import { useEffect, useId, useState, type FormEvent } from 'react';
import { CODE_NOT_APPLICABLE, codeBelowMinimum } from '../../../shared/discounts';
import { formatKwacha } from '../../../shared/money';
import type { DiscountCheckAnswer, DiscountCheckInput } from '../../../shared/schemas/discounts';
import { Button, ButtonLink } from '../../components/ui/button';
import { apiRequest, messageOf } from '../../lib/api-client';
import { useAuth } from '../auth';
import { cartDiscount, productsKey, setAppliedCode, useAppliedCode } from './applied-code';

interface Props {
  items: readonly { id: string; variant?: string; price: number; quantity: number }[];
  /** Where sign-in comes back to ('cart' or 'checkout'). */
  returnTo: string;
}

function check(code: string, items: Props['items']) {
  return apiRequest<DiscountCheckAnswer, DiscountCheckInput>('/discounts/check', {
    method: 'POST',
    body: {
      code,
      orderItems: items.map((i) => ({
        product: i.id,
        ...(i.variant ? { variant: i.variant } : {}),
        quantity: i.quantity,
      })),
    },
  });
}

/**
 * "Discount code" with Apply, or the applied code with Remove. The shop answers what the code does to
 * these products; another set of products is asked again, quantities are worked out here.
 */
export function CodeEntry({ items, returnTo }: Props) {
  const { user } = useAuth();
  const applied = useAppliedCode();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const key = productsKey(items);

  const apply = async (code: string, quiet = false) => {
    setBusy(true);
    try {
      const answer = await check(code, items);
      setAppliedCode({ ...answer, checkedFor: key });
      setError(null);
      setTyped('');
    } catch (failure) {
      if (quiet) setAppliedCode(null);
      setError(messageOf(failure, 'The code could not be checked. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  // The cart now holds other products than the code was checked for: ask the shop again.
  useEffect(() => {
    if (applied && user && items.length > 0 && applied.checkedFor !== key && !busy) void apply(applied.code, true);
  }, [applied?.code, applied?.checkedFor, key, user]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!typed.trim()) return setError('Please enter a code');
    void apply(typed);
  };

  if (applied) {
    const now = cartDiscount(applied, items);
    const problem =
      now && 'problem' in now
        ? now.problem === 'below'
          ? codeBelowMinimum(formatKwacha(applied.minSubtotal))
          : CODE_NOT_APPLICABLE
        : null;
    return (
      <div className="rounded-xl border border-forest-200 bg-forest-50 p-3" data-testid="applied-code">
        <div className="flex items-center justify-between gap-3">
          <p className="min-w-0">
            Code <span className="font-mono font-bold break-all">{applied.code}</span> applied
          </p>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setAppliedCode(null)}
            aria-label={`Remove code ${applied.code}`}
          >
            Remove
          </Button>
        </div>
        {(problem || error) && (
          <p role="alert" className="mt-1 text-sm font-medium text-red-800">
            {problem ?? error}
          </p>
        )}
      </div>
    );
  }

  if (!user)
    return (
      <p className="text-sm text-bark-700">
        Have a discount code?{' '}
        <ButtonLink to={`/login?redirect=${returnTo}`} variant="ghost" size="sm">
          Sign in to use it
        </ButtonLink>
      </p>
    );

  return (
    <form onSubmit={submit} noValidate aria-label="Discount code">
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-bark-900">
        Discount code
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={typed}
          onInput={(e) => setTyped(e.currentTarget.value)}
          maxLength={32}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="min-h-11 w-full min-w-0 rounded-xl border-2 border-sand-300 bg-white px-3 py-2 text-base uppercase focus:border-forest-600 aria-[invalid=true]:border-red-700"
        />
        <Button type="submit" variant="outline" disabled={busy}>
          {busy ? 'Checking...' : 'Apply'}
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </form>
  );
}
