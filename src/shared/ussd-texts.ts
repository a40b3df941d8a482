/**
 * Every text of the USSD menu (server/features/ussd), in one table, shared with the back office's preview. English ships; an admin translates the texts into the
 * languages below in the back office (ussd_translations), and a text with no translation is said in
 * English. {name} marks a value filled in when the screen is drawn. Keep them short and plain: a screen
 * is 160 characters with its CON/END, and operators show no special characters (docs/providers/).
 */
export const USSD_TEXTS = {
  welcome: 'Welcome to {shop}',
  continueOrder: 'Continue your order ({count} items, {total})',
  shop: 'Shop',
  myOrders: 'My orders',
  help: 'Help',
  language: 'Language',
  back: 'Back',
  more: 'More',
  chooseLanguage: 'Choose your language',
  invalidChoice: 'Invalid choice. Try again.',
  categories: 'Choose a category',
  noProducts: 'Nothing is in stock here just now.',
  priceFrom: 'from {price}',
  whichVariant: '{product}: which {option}?',
  variantOut: '(out)',
  each: '{price} each, {stock} left',
  howMany: 'How many? (1-{max})',
  wrongQuantity: 'Enter a number from 1 to {max}.',
  added: 'Added. Your order: {count} items, {total}',
  yourOrder: 'Your order: {count} items, {total}',
  checkOut: 'Check out',
  addMore: 'Add more',
  emptyOrder: 'Empty the order',
  orderEmptied: 'Your order is empty.',
  deliverTo: 'Deliver to {place}?',
  yes: 'Yes',
  otherTown: 'Another town',
  whichTown: 'Which town or place should we deliver to?',
  wrongTown: 'Type the name of a town, 2 to 40 letters.',
  whichProvince: 'Which province?',
  howSent: 'How should it come?',
  free: 'free',
  noDelivery: 'We do not deliver to {place} yet. Call {phone} to order.',
  yourName: 'Your name, for the order:',
  wrongName: 'Type your name, 2 to 40 letters.',
  summaryItems: '{count} items {amount}',
  summaryVat: 'VAT {amount}',
  summaryDelivery: 'Delivery {amount}',
  summaryTotal: 'Total {amount}',
  payBy: 'Pay by {network} on this phone',
  confirm: 'Confirm',
  placedWithPrompt:
    'Order {number} placed. Total {total}. Approve the {network} prompt that follows. A text with the details is on its way.',
  placedPayLater: 'Order {number} placed. Total {total}. We will text you how to pay.',
  soldOut: 'Sorry, only {stock} of {product} left. Your order was not placed.',
  soldOutNow: '{product} is sold out.',
  gone: 'Sorry, {product} is no longer sold. Your order was not placed.',
  pricesChanged: 'Prices have just changed. Check the new total.',
  changeOrder: 'Change the order',
  noNetwork: 'Orders by USSD are paid by MTN or Airtel money. Call {phone} to order from this number.',
  orderTooLarge: 'This order is too large for USSD. Call {phone}.',
  unpaidOrders: 'You have {orders} orders not paid yet. Please pay for one before ordering again, or call {phone}.',
  unpaidItems:
    'Orders not paid yet can hold {max} items; with this one yours would hold {items}. Pay first or order fewer, or call {phone}.',
  myEarnings: 'My earnings',
  earningsOwed: 'Owed to you: {amount}',
  earningsCarried: 'Refunds to take from your next payout: {amount}',
  payoutLine: '{amount} for {month}: {state}',
  payoutPlanned: 'planned',
  payoutSending: 'on its way',
  payoutPaid: 'paid',
  payoutFailed: 'failed',
  noPayouts: 'No payouts yet.',
  noOrders: 'You have no orders yet.',
  ordersTitle: 'Your last orders:',
  returnItem: 'Return an item',
  returnWhich: 'Which item to return?',
  returnHowMany: 'How many to return? (1-{max})',
  returnWhy: 'Why do you return it?',
  reasonDamaged: 'Damaged',
  reasonWrongItem: 'Wrong item',
  reasonNotAsDescribed: 'Not as described',
  reasonChangedMind: 'Changed my mind',
  returnSummary: 'Return {qty} x {item}: {reason}. Money back to your wallet: {amount}',
  returnUnopened: 'Confirm it is unopened',
  returnAsked: 'Return {number} asked. {where} We will text you.',
  returnNotAsked: 'Your return was not asked: {why}',
  paid: 'paid',
  notPaid: 'not paid',
  statusPending: 'Pending',
  statusProcessing: 'Processing',
  statusShipped: 'Shipped',
  statusDelivered: 'Delivered',
  statusCancelled: 'Cancelled',
  helpText: '{shop}: for help with an order call {phone}.',
  busy: 'Sorry, the shop is busy. Please dial again in a minute.',
  notRecognised: 'This session is not known. Please dial again.',
  sessionClosed: 'This session was closed: this number dialled again.',
  orderChanged: 'Your order changed. Check the new total.',
  notZambian: 'Sorry, this service is for Zambian mobile numbers.',
  adminNumber: 'This number belongs to a shop admin. Order from another number.',
} as const;

export type TextKey = keyof typeof USSD_TEXTS;
export const TEXT_KEYS = Object.keys(USSD_TEXTS) as TextKey[];

/** The languages a caller may pick, in the menu's order; English is the table above. */
export const USSD_LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'toi', name: 'Chitonga' },
  { code: 'nya', name: 'Chinyanja' },
  { code: 'bem', name: 'Ichibemba' },
] as const;
export type UssdLanguage = (typeof USSD_LANGUAGES)[number]['code'];
export type TranslatedLanguage = Exclude<UssdLanguage, 'en'>;
export const TRANSLATED_LANGUAGES = USSD_LANGUAGES.filter((l) => l.code !== 'en').map(
  (l) => l.code,
) as TranslatedLanguage[];

export const isUssdLanguage = (value: unknown): value is UssdLanguage => USSD_LANGUAGES.some((l) => l.code === value);

/** The placeholders a text uses, so a translation can be checked to keep them. */
export const placeholdersOf = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();

export type Translations = Partial<Record<TranslatedLanguage, Partial<Record<TextKey, string>>>>;

/** Says texts in one language: the translation when there is one, else English; values filled in. */
export function textsIn(language: UssdLanguage, translations: Translations) {
  const own = language === 'en' ? {} : (translations[language] ?? {});
  return (key: TextKey, values: Record<string, string | number> = {}): string =>
    (own[key] ?? USSD_TEXTS[key]).replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in values ? String(values[name]) : whole,
    );
}
export type Say = ReturnType<typeof textsIn>;
