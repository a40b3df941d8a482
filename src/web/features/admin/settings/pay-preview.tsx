import { useWatch, type Control } from 'react-hook-form';
import { howToPay } from '../../../../shared/how-to-pay';
import { formatKwacha } from '../../../../shared/money';
import { orderReference } from '../../../../shared/order-status';
import { readMobileForNetwork } from '../../../../shared/phone-numbers';
import { HowToPayPanel } from '../../checkout';
import type { SettingsFormInput } from './settings-fields';

/** A made-up unpaid order: its total and reference are examples, the number and name are the form's. */
const EXAMPLE_ORDER = { _id: 'a1b2c3d4-example', totalPrice: 250, isPaid: false, status: 'Pending' };

/**
 * What a shopper paying by hand is shown after placing an order, built by the function that builds it
 * for them (howToPay and the checkout's panel) from the values being typed, so the two cannot differ.
 */
export function PayPreview({ control }: { control: Control<SettingsFormInput, unknown, unknown> }) {
  const [airtel = '', mtn = '', accountName = ''] = useWatch({
    control,
    name: ['airtelMoneyNumber', 'mtnMoneyNumber', 'paymentAccountName'],
  });
  // The server trims what it stores; the preview shows what it will store.
  const typed = {
    airtelMoneyNumber: airtel.trim(),
    mtnMoneyNumber: mtn.trim(),
    paymentAccountName: accountName.trim(),
  };
  return (
    <section
      aria-labelledby="pay-preview-title"
      className="mt-6 border-t border-sand-200 pt-4"
      data-testid="pay-preview"
    >
      <h2 id="pay-preview-title" className="font-sans text-base font-semibold text-bark-900">
        What shoppers are told
      </h2>
      <p className="mb-3 text-sm text-bark-700">
        Shown after an order paid by hand, here for an example order of {formatKwacha(EXAMPLE_ORDER.totalPrice)} with
        reference {orderReference(EXAMPLE_ORDER._id)}. The order e-mail and text give the same number.
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        {(['airtel', 'mtn'] as const).map((method) => {
          const number = method === 'airtel' ? typed.airtelMoneyNumber : typed.mtnMoneyNumber;
          const pay = howToPay({ ...EXAMPLE_ORDER, paymentMethod: method }, typed);
          if (number !== '' && !readMobileForNetwork(number, method).ok) {
            return (
              <p key={method} className="rounded-2xl border-2 border-dashed border-sand-300 p-5 text-sm text-bark-700">
                {pay?.methodLabel}: this number cannot be saved. Shoppers keep being told the saved one until it is
                corrected.
              </p>
            );
          }
          return (
            pay && (
              <HowToPayPanel
                key={method}
                pay={pay}
                regionName={`How to pay by ${pay.methodLabel}, as shoppers see it`}
              />
            )
          );
        })}
      </div>
    </section>
  );
}
