import type { ReactNode } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { PAYMENT_METHOD_LABELS } from '../../../shared/order-status';
import { PAY_ON_COLLECTION, type PaymentMethod } from '../../../shared/payment-methods';
import { ZAMBIAN_PROVINCES } from '../../../shared/provinces';
import { TextField } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select-field';
import { useOfferedMethods } from '../payments';
import type { CheckoutFormInput } from './checkout-schema';

interface Props {
  register: UseFormRegister<CheckoutFormInput>;
  errors: FieldErrors<CheckoutFormInput>;
  /** Drawn between the address and the payment method: the delivery options for that address. */
  afterAddress?: ReactNode;
  /** The chosen pickup point's name when its keeper takes the money on collection (decision 045). */
  payOnCollectionAt?: string;
}

const PROVINCE_OPTIONS = [
  { value: '', label: 'Choose a province' },
  ...ZAMBIAN_PROVINCES.map((name) => ({ value: name, label: name })),
];

const section = 'rounded-2xl border border-sand-200 bg-white p-5 sm:p-6';
const legend = 'mb-4 text-xl font-bold';

export function CheckoutFields({ register, errors, afterAddress, payOnCollectionAt }: Props) {
  const offered = useOfferedMethods();
  const methods: readonly PaymentMethod[] = payOnCollectionAt === undefined ? offered : [...offered, PAY_ON_COLLECTION];
  return (
    <>
      <fieldset className={section}>
        <legend className={`${legend} float-left w-full`}>Contact Information</legend>
        <div className="clear-both grid gap-4 sm:grid-cols-2">
          <TextField
            label="First Name"
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <TextField
            label="Last Name"
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...register('lastName')}
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <TextField
            label="Phone Number"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            error={errors.phoneNumber?.message}
            {...register('phoneNumber')}
          />
        </div>
      </fieldset>
      <fieldset className={section}>
        <legend className={`${legend} float-left w-full`}>Shipping Address</legend>
        <div className="clear-both grid gap-4 sm:grid-cols-2">
          <TextField
            label="Address"
            autoComplete="street-address"
            className="sm:col-span-2"
            error={errors.address?.message}
            {...register('address')}
          />
          <TextField label="City" autoComplete="address-level2" error={errors.city?.message} {...register('city')} />
          <SelectField
            label="Province"
            autoComplete="address-level1"
            options={PROVINCE_OPTIONS}
            error={errors.province?.message}
            {...register('province')}
          />
          <TextField
            label="Postal/ZIP Code"
            autoComplete="postal-code"
            error={errors.zipCode?.message}
            {...register('zipCode')}
          />
        </div>
      </fieldset>
      {afterAddress}
      <fieldset className={section}>
        <legend className={`${legend} float-left w-full`}>Payment Method</legend>
        <div className="clear-both grid gap-3">
          {methods.map((method) => (
            <label
              key={method}
              className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border-2 border-sand-200 px-4 has-[:checked]:border-forest-600 has-[:checked]:bg-forest-50"
            >
              <input type="radio" value={method} className="h-5 w-5 accent-forest-700" {...register('paymentMethod')} />
              <span>
                <span className="font-medium">{PAYMENT_METHOD_LABELS[method]}</span>
                {method === PAY_ON_COLLECTION && (
                  <span className="block text-sm text-bark-700">
                    Cash or mobile money to the keeper at {payOnCollectionAt} when you collect
                  </span>
                )}
              </span>
            </label>
          ))}
        </div>
        <p className="mt-3 text-sm text-bark-600">
          {payOnCollectionAt === undefined
            ? 'You pay after ordering: we show you how on the next page.'
            : 'You pay after ordering (we show you how on the next page), or when you collect.'}
        </p>
      </fieldset>
    </>
  );
}
