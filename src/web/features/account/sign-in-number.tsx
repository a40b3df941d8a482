import { useQueryClient } from '@tanstack/react-query';
import Smartphone from 'lucide-react/icons/smartphone';
import { useState, type FormEvent } from 'react';
import { formatZambianMobile, readZambianMobile } from '../../../shared/phone-numbers';
import type { User } from '../../../shared/schemas/users';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { OneTimeCodeField, ResendCodeButton } from '../../components/ui/one-time-code';
import { failureMessage } from '../../lib/failure-message';
import { toast } from '../../lib/toast';
import { useAuth } from '../auth';
import { askNumberCode, confirmNumber, profileQuery, removeNumber } from './api';

interface Props {
  profile: Pick<User, 'email' | 'mobile' | 'isAdmin'> | undefined;
  onSessionError: (error: unknown) => boolean;
}

interface Sent {
  phone: string;
  message: string;
  resendAt: number;
}

/**
 * The number the customer logs in with: shown, added or changed (a new one is confirmed with a texted
 * code), or dropped when an e-mail and password remain. Admins log in with e-mail and password only.
 */
export function SignInNumber({ profile, onSessionError }: Props) {
  const { user, applyProfile } = useAuth();
  const queryClient = useQueryClient();
  const account = profile ?? user;
  const [editing, setEditing] = useState(false);
  const [sent, setSent] = useState<Sent | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const [fieldError, setFieldError] = useState<{ phone?: string; code?: string }>({});
  if (!account || account.isAdmin) return null;

  const close = () => {
    setEditing(false);
    setSent(null);
    setProblem('');
    setFieldError({});
  };

  const saved = (updated: User, message: string) => {
    applyProfile(updated);
    queryClient.setQueryData(profileQuery.queryKey, updated);
    toast.success(message);
    close();
  };

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setProblem('');
    try {
      await action();
    } catch (error) {
      if (!onSessionError(error)) setProblem(failureMessage(error, 'Failed to update profile'));
    } finally {
      setBusy(false);
    }
  }

  const send = (phone: string) =>
    run(async () => {
      const answer = await askNumberCode(phone);
      setSent({
        phone: answer.phone,
        message: answer.message,
        resendAt: Date.now() + answer.resendAfterSeconds * 1000,
      });
    });

  const onSendCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = readZambianMobile(String(new FormData(event.currentTarget).get('phone') ?? ''));
    setFieldError(check.ok ? {} : { phone: check.message });
    if (check.ok) void send(check.mobile.e164);
  };

  const onConfirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!sent) return;
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    if (!/^\d{6}$/.test(code)) {
      setFieldError({ code: 'Enter the 6-digit code from the text message.' });
      return;
    }
    setFieldError({});
    void run(async () => saved(await confirmNumber({ phone: sent.phone, code }), 'Sign-in number saved'));
  };

  const onRemove = () => void run(async () => saved(await removeNumber(), 'Sign-in number removed'));

  const alert = problem && (
    <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
      {problem}
    </p>
  );

  return (
    <section aria-labelledby="sign-in-number-title" className="rounded-2xl border border-sand-200 bg-white p-5 sm:p-6">
      <h2 id="sign-in-number-title" className="mb-1 text-xl font-bold">
        Sign-in Number
      </h2>
      <p className="mb-4 text-sm text-bark-700">Log in with a code we text to this number: no password needed.</p>
      {!editing && (
        <div className="space-y-4">
          <p className="flex items-center gap-3 text-lg">
            <Smartphone size={22} aria-hidden="true" className="shrink-0 text-forest-700" />
            {account.mobile ? (
              <span className="font-semibold tabular-nums" data-testid="sign-in-number">
                {formatZambianMobile(account.mobile)}
              </span>
            ) : (
              <span className="text-bark-700">No sign-in number yet</span>
            )}
          </p>
          {alert}
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setEditing(true)}>
              {account.mobile ? 'Change number' : 'Add a phone number for sign-in'}
            </Button>
            {account.mobile && account.email && (
              <Button variant="danger" onClick={onRemove} disabled={busy}>
                Stop using this number
              </Button>
            )}
          </div>
        </div>
      )}
      {editing && !sent && (
        <form onSubmit={onSendCode} noValidate className="space-y-4" aria-label="New sign-in number">
          <TextField
            label="New mobile number"
            name="phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            placeholder="097 123 4567"
            error={fieldError.phone}
            autoFocus
          />
          {alert}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy}>
              {busy ? 'Sending...' : 'Send code'}
            </Button>
            <Button variant="ghost" onClick={close}>
              Cancel
            </Button>
          </div>
        </form>
      )}
      {editing && sent && (
        <form onSubmit={onConfirm} noValidate className="space-y-4" aria-label="Confirm the new number">
          <p role="status" className="rounded-xl bg-forest-50 p-3 text-sm text-forest-900">
            {sent.message}
          </p>
          <OneTimeCodeField name="code" error={fieldError.code} autoFocus />
          {alert}
          <div className="flex flex-wrap items-center gap-2">
            <Button type="submit" disabled={busy}>
              {busy ? 'Checking...' : 'Confirm number'}
            </Button>
            <ResendCodeButton allowedAt={sent.resendAt} busy={busy} onResend={() => void send(sent.phone)} />
            <Button variant="ghost" size="sm" onClick={close}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
