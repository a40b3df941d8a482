import type { InputHTMLAttributes } from 'react';
import { useCountdown } from '../../lib/use-countdown';
import { Button } from './button';
import { TextField } from './field';

/** The 6 digits from a text message: the phone's keyboard shows digits and offers the code it just received. */
export function OneTimeCodeField({ error, ...props }: { error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <TextField
      label="Code from the text message"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={6}
      placeholder="123456"
      className="[&_input]:text-center [&_input]:font-mono [&_input]:text-2xl [&_input]:tracking-[0.4em]"
      error={error}
      {...props}
    />
  );
}

/** 'Send a new code', waiting out the server's resend time with a visible countdown. */
export function ResendCodeButton({
  allowedAt,
  busy,
  onResend,
}: {
  allowedAt: number;
  busy: boolean;
  onResend: () => void;
}) {
  const seconds = useCountdown(allowedAt);
  return (
    <Button variant="ghost" size="sm" disabled={seconds > 0 || busy} onClick={onResend}>
      {seconds > 0 ? `Send a new code in ${seconds} s` : 'Send a new code'}
    </Button>
  );
}
