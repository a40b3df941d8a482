import Send from 'lucide-react/icons/send';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { TextAreaField, TextField } from '../../components/ui/field';
import type { ContactMessageInput } from '../../../shared/schemas/mail';
import { apiRequest } from '../../lib/api-client';

/** SPEC §4 shows 'Sending...' for 1.5 s; we keep that pace but really deliver the message meanwhile. */
const MIN_SENDING_MS = 1500;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function ContactForm() {
  const send = useMutation({
    mutationFn: async (message: ContactMessageInput) => {
      await Promise.all([
        apiRequest<unknown, ContactMessageInput>('/contact', { method: 'POST', body: message }),
        wait(MIN_SENDING_MS),
      ]);
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const field = (name: string) => String(data.get(name) ?? '').trim();
    send.mutate(
      { name: field('name'), email: field('email'), subject: field('subject'), message: field('message') },
      {
        onSuccess: () => {
          toast.success('Message sent successfully!', { description: "We'll get back to you as soon as possible." });
          form.reset();
        },
      },
    );
  };

  const sending = send.isPending;
  return (
    <form onSubmit={onSubmit} className="space-y-5" aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" className="text-2xl font-bold">
        Send Us a Message
      </h2>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Name" name="name" autoComplete="name" required maxLength={120} />
        <TextField label="Email" name="email" type="email" autoComplete="email" required maxLength={254} />
      </div>
      <TextField label="Subject" name="subject" required maxLength={200} />
      <TextAreaField label="Message" name="message" rows={6} required maxLength={5000} />
      <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
        <Send size={18} aria-hidden="true" />
        {sending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
