import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ContactMessageInput } from '../../shared/schemas/mail';
import type { PlaceOrderInput } from '../../shared/schemas/orders';
import type { ProductInput } from '../../shared/schemas/products';
import { apiRequest, type RequestBody } from './api-client';

/**
 * Checked by the type checker (npm run typecheck): a @ts-expect-error that stops erring fails it. The
 * calls are built, never sent.
 */
describe('request bodies are typed from the shared zod schemas', () => {
  it('a body goes only with its type named, and only as a shared schema reads it', () => {
    // Each @ts-expect-error must stay on the line above the call it expects to fail: not reflowed.
    // prettier-ignore
    const calls = [
      // @ts-expect-error a body whose type is not named is refused (it would fit any object literal)
      () => apiRequest('/contact', { method: 'POST', body: { name: 'Ana', email: 'a@b.zm', subject: 'Hi', message: 'Hello' } }),
      // @ts-expect-error a type of the caller's own is no request body
      () => apiRequest<unknown, { a: number }>('/orders', { method: 'POST', body: { a: 1 } }),
      // @ts-expect-error a field the schema does not have (here: a misspelt one) fails the call
      () => apiRequest<unknown, ContactMessageInput>('/contact', { method: 'POST', body: { name: 'Ana', email: 'a@b.zm', subjet: 'Hi', message: 'Hello' } }),
      () => apiRequest<unknown, ContactMessageInput>('/contact', { method: 'POST', body: { name: 'Ana', email: 'a@b.zm', subject: 'Hi', message: 'Hello' } }),
    ];
    expect(calls).toHaveLength(4);
    expectTypeOf<PlaceOrderInput>().toExtend<RequestBody>();
    // z.input, not the parsed output: fields the server fills with defaults may be left out.
    expectTypeOf<Omit<ProductInput, 'description' | 'isFeatured'>>().toExtend<ProductInput>();
    expectTypeOf<{ totalAmount: number }>().not.toExtend<RequestBody>();
  });
});
