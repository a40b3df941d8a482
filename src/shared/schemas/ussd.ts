import { z } from 'zod';

/**
 * One step of a USSD session as Africa's Talking posts it (form fields; docs/providers/africastalking-ussd.md).
 * `text` is every input of the session joined by `*`, empty on the first step.
 */
export const ussdStepSchema = z.object({
  sessionId: z.string({ error: 'sessionId is required' }).trim().min(1, 'sessionId is required').max(200),
  serviceCode: z.string().max(100).default(''),
  phoneNumber: z.string({ error: 'phoneNumber is required' }).min(1, 'phoneNumber is required').max(40),
  networkCode: z.string().max(20).default(''),
  text: z.string().max(4_000).default(''),
});
export type UssdStepInput = z.infer<typeof ussdStepSchema>;
