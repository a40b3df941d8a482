import type { Variant } from '../api';

/** The values of one option, in the order the variants first use them ("100 ml", "250 ml", "1 litre"). */
export function optionValues(variants: readonly Variant[], option: number): string[] {
  return [...new Set(variants.map((v) => v.options[option]).filter((value) => value !== undefined))];
}

/** The variant with this value of the option and the chosen variant's values of the other options; none may exist. */
export function variantWith(
  variants: readonly Variant[],
  chosen: Variant,
  option: number,
  value: string,
): Variant | undefined {
  return variants.find((v) =>
    v.options.every((own, at) => (at === option ? own === value : own === chosen.options[at])),
  );
}

/**
 * What a tap on a value chooses: the variant with that value and the other values kept; when that one does
 * not exist (two options, "Large / Lemongrass" not made), the first with that value that can be bought,
 * else the first with that value.
 */
export function chooseValue(variants: readonly Variant[], chosen: Variant, option: number, value: string): Variant {
  const withValue = variants.filter((v) => v.options[option] === value);
  return (
    variantWith(variants, chosen, option, value) ?? withValue.find((v) => v.countInStock > 0) ?? withValue[0] ?? chosen
  );
}
