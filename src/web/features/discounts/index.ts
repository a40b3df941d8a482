/** Discount codes in the storefront: the code applied (kept across cart and checkout), its effect, its entry. */
export {
  cartDiscount,
  effectOf,
  setAppliedCode,
  useAppliedCode,
  type AppliedCode,
  type CartDiscount,
} from './applied-code';
export { CodeEntry } from './code-entry';
