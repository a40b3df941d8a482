import { describe, expect, it } from 'vitest';
import { NOT_A_ZAMBIAN_MOBILE } from '../../../shared/phone-numbers';
import { checkoutFormSchema, type CheckoutFormInput } from './checkout-schema';

const filled: CheckoutFormInput = {
  firstName: 'Chanda',
  lastName: 'Mulenga',
  email: 'chanda@example.com',
  phoneNumber: '0977123456',
  address: 'Plot 12, Kabulonga Road',
  city: 'Lusaka',
  province: 'Lusaka',
  zipCode: '10101',
  paymentMethod: 'airtel',
};

const messagesFor = (changes: Partial<CheckoutFormInput>) =>
  checkoutFormSchema
    .safeParse({ ...filled, ...changes })
    .error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('the checkout form', () => {
  it('takes a filled form', () => {
    expect(messagesFor({})).toEqual([]);
  });

  it('says a one-emoji first name needs letters, not that it is missing', () => {
    expect(messagesFor({ firstName: '☺' })).toEqual([
      'firstName: First name needs letters: an emoji or a symbol alone is not a name',
    ]);
    expect(messagesFor({ firstName: '😀' })).toEqual([
      'firstName: First name needs letters: an emoji or a symbol alone is not a name',
    ]);
    expect(messagesFor({ firstName: 'C', lastName: '' })).toEqual([
      'firstName: First name is required',
      'lastName: Last name is required',
    ]);
  });

  it('takes only a Zambian mobile number, in the words of sign-in', () => {
    expect(messagesFor({ phoneNumber: '09712345678901' })).toEqual([`phoneNumber: ${NOT_A_ZAMBIAN_MOBILE}`]);
    expect(messagesFor({ phoneNumber: '097712345' })).toEqual(['phoneNumber: Phone number is required']);
    expect(messagesFor({ phoneNumber: '+260 97 712 3456' })).toEqual([]);
  });
});
