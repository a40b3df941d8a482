import type { MobileMoneyMethod } from '../../../shared/payment-methods';
import { useState, type FormEvent } from 'react';
import { readMobileForNetwork } from '../../../shared/phone-numbers';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';

interface Props {
  network: MobileMoneyMethod;
  label: string;
  amount: string;
  defaultPhone: string;
  /** The server's refusal (a 400 names what is wrong with the number), shown at the field. */
  serverError: string;
  sending: boolean;
  onSubmit: (phone: string) => void;
}

/** The shopper confirms (or corrects) the number the prompt goes to; the shared rules check it first. */
export function PhoneForm({ network, label, amount, defaultPhone, serverError, sending, onSubmit }: Props) {
  const [error, setError] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const phone = String(new FormData(form).get('phone') ?? '');
    const check = readMobileForNetwork(phone, network);
    if (!check.ok) {
      setError(check.message);
      // The message is the field's description: a screen reader reads it with the field.
      (form.elements.namedItem('phone') as HTMLInputElement | null)?.focus();
      return;
    }
    setError('');
    onSubmit(check.mobile.e164);
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p>
        We send a payment request for <strong className="tabular-nums">{amount}</strong> to this phone. You approve it
        there with your PIN.
      </p>
      <TextField
        label={`${label} number`}
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        defaultValue={defaultPhone}
        error={error || serverError || undefined}
        onChange={() => setError('')}
      />
      <Button type="submit" className="w-full sm:w-auto" disabled={sending}>
        {sending ? 'Sending the request...' : `Pay ${amount}`}
      </Button>
    </form>
  );
}
