/** The keeper's link (decision 038) and what it shares with the back office: how a collection was paid. */
export { CollectionPaymentChoice } from './collection-payment-choice';
