import { deliveryLine } from '../../../../shared/delivery';
import type { ShippingAddress } from '../../../../shared/schemas/orders';
import { TextField } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { useDeliveryOptions } from '../delivery/api';

/** The delivery choice as checkout sends it: an option (a door delivery, pickup point or bus station) and the address. */
export interface DraftDelivery {
  deliveryOption: string;
  shippingAddress: ShippingAddress;
}

interface EditDeliveryProps {
  value: DraftDelivery;
  onChange: (value: DraftDelivery) => void;
}

const ADDRESS_FIELDS: [keyof ShippingAddress, string, string][] = [
  ['address', 'Address', 'street-address'],
  ['city', 'Town', 'address-level2'],
  ['province', 'Province', 'address-level1'],
  ['zipCode', 'Postal code', 'postal-code'],
  ['phoneNumber', 'Phone number', 'tel'],
];

/** The option (the server checks it serves the address) and the address, as the order has them to start with. */
export function EditDelivery({ value, onChange }: EditDeliveryProps) {
  const options = useDeliveryOptions();
  const active = (options.data?.options ?? []).filter((o) => o.active || o._id === value.deliveryOption);
  return (
    <div className="space-y-3">
      <SelectField
        label="Delivery option or pickup point"
        value={value.deliveryOption}
        options={active.map((o) => ({ value: o._id, label: deliveryLine(o) }))}
        onChange={(event) => onChange({ ...value, deliveryOption: event.currentTarget.value })}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        {ADDRESS_FIELDS.map(([field, label, autoComplete]) => (
          <TextField
            key={field}
            label={label}
            autoComplete={autoComplete}
            value={value.shippingAddress[field]}
            onChange={(event) =>
              onChange({ ...value, shippingAddress: { ...value.shippingAddress, [field]: event.currentTarget.value } })
            }
          />
        ))}
      </div>
    </div>
  );
}
