import { useState, type FormEvent } from 'react';
import { readZambianMobile } from '../../../shared/phone-numbers';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { OneTimeCodeField, ResendCodeButton } from '../../components/ui/one-time-code';
import { ApiError } from '../../lib/api-client';
import { failureMessage } from '../../lib/failure-message';
import { askSignInCode } from './api';
import { useAuth } from './auth-context';
import type { SessionUser } from './session';

const CODE_PATTERN = /^\d{6}$/;
const CODE_HINT = 'Enter the 6-digit code from the text message.';

interface CodeStep {
  /** +260XXXXXXXXX, as the server read it. */
  phone: string;
  sent: string;
  minutes: number;
  resendAt: number;
}

/** The server asks for a name when a right code belongs to a number without an account. */
const asksForName = (error: unknown) =>
  error instanceof ApiError && (error.data as { needsName?: unknown } | null)?.needsName === true;

/**
 * Log in, or open an account, with a Zambian mobile number: the number, then the code texted to it (and a
 * name, when the number has no account yet). Failures show here, beside the fields, not as toasts.
 */
export function PhoneSignInForm({ onSignedIn }: { onSignedIn: (session: SessionUser) => void }) {
  const { loginWithCode } = useAuth();
  const [step, setStep] = useState<CodeStep | null>(null);
  const [needsName, setNeedsName] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const [fieldError, setFieldError] = useState<{ phone?: string; code?: string; name?: string }>({});

  async function send(phone: string) {
    setBusy(true);
    setProblem('');
    try {
      const sent = await askSignInCode(phone);
      setStep({
        phone: sent.phone,
        sent: sent.message,
        minutes: Math.round(sent.expiresInSeconds / 60),
        resendAt: Date.now() + sent.resendAfterSeconds * 1000,
      });
    } catch (error) {
      setProblem(failureMessage(error, 'Failed to send the code. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  const onSendCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = readZambianMobile(String(new FormData(event.currentTarget).get('phone') ?? ''));
    setFieldError(check.ok ? {} : { phone: check.message });
    if (check.ok) await send(check.mobile.e164);
  };

  const onVerify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!step) return;
    const form = new FormData(event.currentTarget);
    const code = String(form.get('code') ?? '').trim();
    const name = String(form.get('name') ?? '').trim();
    const errors = {
      code: CODE_PATTERN.test(code) ? undefined : CODE_HINT,
      name: needsName && !name ? 'Tell us your name to open your account.' : undefined,
    };
    setFieldError(errors);
    if (errors.code || errors.name) return;
    setBusy(true);
    setProblem('');
    try {
      onSignedIn(
        await loginWithCode({ phone: step.phone, code, name: needsName ? name : undefined }, { opening: needsName }),
      );
    } catch (error) {
      setBusy(false);
      if (asksForName(error)) {
        // The name field appears and takes the focus; the code stays as typed and still works.
        setNeedsName(true);
        return;
      }
      setProblem(failureMessage(error, 'Failed to log in. Please try again.'));
    }
  };

  const startOver = () => {
    setStep(null);
    setNeedsName(false);
    setProblem('');
    setFieldError({});
  };

  const alert = problem && (
    <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
      {problem}
    </p>
  );

  if (!step) {
    return (
      <form onSubmit={onSendCode} noValidate className="space-y-5" aria-label="Log in with your phone number">
        <TextField
          label="Mobile number"
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          placeholder="097 123 4567"
          hint="We text you a 6-digit code. No e-mail or password needed."
          error={fieldError.phone}
          required
        />
        {alert}
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? 'Sending...' : 'Send code'}
        </Button>
      </form>
    );
  }

  return (
    <form onSubmit={onVerify} noValidate className="space-y-5" aria-label="Enter your code">
      <p role="status" className="rounded-xl bg-forest-50 p-3 text-sm text-forest-900">
        {step.sent} It works for {step.minutes} minutes.
      </p>
      <OneTimeCodeField name="code" error={fieldError.code} required autoFocus />
      {needsName && (
        <div className="space-y-2">
          <p className="text-sm text-bark-700">
            This number has no account yet. Tell us your name and we open one for you.
          </p>
          <TextField
            autoFocus
            label="Your name"
            name="name"
            autoComplete="name"
            maxLength={120}
            error={fieldError.name}
            required
          />
        </div>
      )}
      {alert}
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? 'Checking...' : needsName ? 'Create account' : 'Log in'}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ResendCodeButton allowedAt={step.resendAt} busy={busy} onResend={() => void send(step.phone)} />
        <Button variant="ghost" size="sm" onClick={startOver}>
          Use a different number
        </Button>
      </div>
    </form>
  );
}
