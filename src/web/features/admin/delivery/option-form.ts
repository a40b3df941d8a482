import {
  deliveryOptionInputSchema,
  type DeliveryOption,
  type DeliveryOptionInput,
} from '../../../../shared/schemas/delivery';
import type { DeliveryKind } from '../../../../shared/delivery';

/** The form's fields as typed: money and towns are text until saved. */
export interface OptionFormValues {
  name: string;
  kind: DeliveryKind;
  provinces: string[];
  towns: string;
  fee: string;
  freeAbove: string;
  estimate: string;
  openingHours: string;
  directions: string;
  active: boolean;
  position: string;
  /** Pickup points only (decision 045). */
  payOnCollection: boolean;
}

export const emptyForm = (): OptionFormValues => ({
  name: '',
  kind: 'door',
  provinces: [],
  towns: '',
  fee: '',
  freeAbove: '',
  estimate: '',
  openingHours: '',
  directions: '',
  active: true,
  position: '0',
  payOnCollection: false,
});

export const formOf = (option: DeliveryOption): OptionFormValues => ({
  name: option.name,
  kind: option.kind,
  provinces: [...option.provinces],
  towns: option.towns.join('\n'),
  fee: option.fee.toFixed(2),
  freeAbove: option.freeAbove === null ? '' : option.freeAbove.toFixed(2),
  estimate: option.estimate,
  openingHours: option.openingHours,
  directions: option.directions,
  active: option.active,
  position: String(option.position),
  payOnCollection: option.payOnCollection,
});

const number = (typed: string) => (typed.trim() === '' ? NaN : Number(typed.trim().replace(/^K\s*/i, '')));

export type FormErrors = Partial<Record<keyof OptionFormValues, string>>;

/** The same schema as the server's, so the admin meets its words before a round trip. */
export function readForm(values: OptionFormValues): { input: DeliveryOptionInput } | { errors: FormErrors } {
  const parsed = deliveryOptionInputSchema.safeParse({
    name: values.name,
    kind: values.kind,
    provinces: values.provinces,
    towns: values.towns
      .split(/[\n,]/)
      .map((t) => t.trim())
      .filter(Boolean),
    fee: number(values.fee),
    freeAbove: values.freeAbove.trim() === '' ? null : number(values.freeAbove),
    estimate: values.estimate,
    openingHours: values.kind === 'door' ? '' : values.openingHours,
    directions: values.kind === 'door' ? '' : values.directions,
    active: values.active,
    position: values.position.trim() === '' ? 0 : Number(values.position),
    payOnCollection: values.kind === 'pickup' && values.payOnCollection,
  });
  if (parsed.success) return { input: parsed.data };
  const errors: FormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]) as keyof OptionFormValues;
    errors[field] ??= field === 'fee' || field === 'freeAbove' ? moneyWords(field, issue.message) : issue.message;
  }
  return { errors };
}

function moneyWords(field: 'fee' | 'freeAbove', message: string) {
  const label = field === 'fee' ? 'The fee' : 'Free above';
  if (message.includes('must be a number')) return `${label} must be an amount in kwacha, such as 75 or 12.50`;
  return message.replace(field, label);
}
