import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { searchTextOf } from './search-text';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** Null for an account opened with a phone number alone; such an account has no password either. */
    email: text('email'),
    /** A contact number the customer typed (checkout fills it in); not proof of anything. */
    phone: text('phone').notNull().default(''),
    /** The sign-in number, +260 and 9 digits, confirmed by a one-time code; one account per number. */
    mobile: text('mobile'),
    passwordHash: text('password_hash'),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** Part of every token; raised when the password changes, so tokens issued before stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_mobile_key').on(t.mobile),
    check('users_can_sign_in', sql`${t.email} is not null or ${t.mobile} is not null`),
    check('users_mobile_form', sql`${t.mobile} ~ '^\\+260[0-9]{9}$'`),
    index('users_created_at_idx').on(t.createdAt),
    index('users_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    priceNgwee: integer('price_ngwee').notNull(),
    category: text('category').notNull(),
    description: text('description').notNull().default(''),
    countInStock: integer('count_in_stock').notNull().default(0),
    sku: text('sku').notNull(),
    isFeatured: boolean('is_featured').notNull().default(false),
    brand: text('brand').notNull().default(''),
    ratingTotal: integer('rating_total').notNull().default(0),
    numReviews: integer('num_reviews').notNull().default(0),
    ingredients: text('ingredients').notNull().default(''),
    benefits: text('benefits').notNull().default(''),
    size: text('size'),
    howToUse: text('how_to_use').notNull().default(''),
    images: jsonb('images')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    mainImage: text('main_image').notNull().default(''),
    /** Stock at or below this is low; null: the shop's default from settings. */
    lowStockThreshold: integer('low_stock_threshold'),
    /** When this product was last named in a low-stock digest; cleared once its stock is above the threshold again. */
    lowStockReportedAt: timestamp('low_stock_reported_at', { withTimezone: true, mode: 'date' }),
    /** The makers' percent of this product's net price (decision 063); null: the shop's default (settings). */
    makersPercent: smallint('makers_percent'),
    /**
     * The names of the product's options ("Size", "Scent"; at most two), docs/decisions/067-sizes-and-sets.md.
     * Empty: a plain product, its own one variant. Otherwise its variants are in product_variants and
     * price, size and SKU here are the default variant's, count_in_stock the sum of the variants'.
     */
    options: jsonb('options')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** A gift set: its parts are in set_parts and count_in_stock is what they allow (kept by the stock module). */
    isSet: boolean('is_set').notNull().default(false),
    /** The lowest variant price when the variants' prices differ ("from K 85.00"); null otherwise. */
    priceFromNgwee: integer('price_from_ngwee'),
    /** The variants' SKUs and sizes, so a search finds the product by them; '' for a plain product. */
    variantText: text('variant_text').notNull().default(''),
    /** Name and description for keyword search (see search-text.ts); kept by PostgreSQL, never written. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(searchTextOf('name', 'description', 'variant_text')),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('products_price_nonnegative', sql`${t.priceNgwee} >= 0`),
    check('products_stock_nonnegative', sql`${t.countInStock} >= 0`),
    check('products_low_stock_threshold_range', sql`${t.lowStockThreshold} between 0 and 100000`),
    check('products_makers_percent_range', sql`${t.makersPercent} between 0 and 100`),
    uniqueIndex('products_sku_lower_key').on(sql`lower(${t.sku})`),
    index('products_category_created_idx').on(t.category, t.createdAt),
    index('products_created_at_idx').on(t.createdAt),
    index('products_price_idx').on(t.priceNgwee),
    index('products_featured_idx').on(t.isFeatured, t.createdAt),
    index('products_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * The variants of a product with options (docs/decisions/067-sizes-and-sets.md): each its own price,
 * stock, SKU, size and image. A plain product has none: it is its own one variant.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** One value per option of the product, in the product's option order ("250 ml", "Lemongrass"). */
    optionValues: jsonb('option_values').$type<string[]>().notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    position: smallint('position').notNull().default(0),
    sku: text('sku').notNull(),
    size: text('size'),
    priceNgwee: integer('price_ngwee').notNull(),
    countInStock: integer('count_in_stock').notNull().default(0),
    image: text('image').notNull().default(''),
    lowStockReportedAt: timestamp('low_stock_reported_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('product_variants_price_nonnegative', sql`${t.priceNgwee} >= 0`),
    check('product_variants_stock_nonnegative', sql`${t.countInStock} >= 0`),
    uniqueIndex('product_variants_sku_lower_key').on(sql`lower(${t.sku})`),
    uniqueIndex('product_variants_default_key')
      .on(t.productId)
      .where(sql`${t.isDefault}`),
    uniqueIndex('product_variants_options_key').on(t.productId, t.optionValues),
    index('product_variants_product_idx').on(t.productId, t.position),
  ],
);

/**
 * The parts of a gift set: a product (and its variant, when it has options) and how many of it one set
 * takes. A part cannot be deleted while a set holds it.
 */
export const setParts = pgTable(
  'set_parts',
  {
    setProductId: uuid('set_product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    partProductId: uuid('part_product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    partVariantId: uuid('part_variant_id').references(() => productVariants.id, { onDelete: 'restrict' }),
    quantity: smallint('quantity').notNull(),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    check('set_parts_quantity_range', sql`${t.quantity} between 1 and 99`),
    check('set_parts_not_itself', sql`${t.setProductId} <> ${t.partProductId}`),
    uniqueIndex('set_parts_part_key').on(t.setProductId, t.partProductId, t.partVariantId),
    index('set_parts_part_product_idx').on(t.partProductId),
  ],
);

export const productReviews = pgTable(
  'product_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('product_reviews_rating_range', sql`${t.rating} between 1 and 5`),
    uniqueIndex('product_reviews_product_user_key').on(t.productId, t.userId),
    index('product_reviews_product_idx').on(t.productId, t.createdAt),
  ],
);

/**
 * The ways an order can travel (decision 037): door delivery, a pickup point, a bus-station parcel. Each
 * serves some provinces and towns (empty lists: everywhere) for a fee, free above an amount if set. An
 * option is switched off, never deleted, so the orders that name it keep their link.
 */
export const deliveryOptions = pgTable(
  'delivery_options',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    provinces: jsonb('provinces').$type<string[]>().notNull().default([]),
    towns: jsonb('towns').$type<string[]>().notNull().default([]),
    feeNgwee: integer('fee_ngwee').notNull(),
    freeAboveNgwee: integer('free_above_ngwee'),
    estimate: text('estimate').notNull().default(''),
    openingHours: text('opening_hours').notNull().default(''),
    directions: text('directions').notNull().default(''),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
    /** A pickup point where the shopper may pay the keeper on collection (decision 045); off by default. */
    payOnCollection: boolean('pay_on_collection').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('delivery_options_pay_on_collection_pickup', sql`not ${t.payOnCollection} or ${t.kind} = 'pickup'`),
    check('delivery_options_kind_known', sql`${t.kind} in ('door','pickup','bus')`),
    check('delivery_options_fees_nonnegative', sql`${t.feeNgwee} >= 0 and coalesce(${t.freeAboveNgwee}, 0) >= 0`),
    check('delivery_options_name_present', sql`char_length(${t.name}) between 1 and 80`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull().default(''),
    customerEmail: text('customer_email').notNull().default(''),
    shippingAddress: jsonb('shipping_address')
      .$type<{
        address: string;
        city: string;
        province: string;
        zipCode: string;
        phoneNumber: string;
      }>()
      .notNull(),
    paymentMethod: text('payment_method').notNull(),
    itemsNgwee: integer('items_ngwee').notNull(),
    taxNgwee: integer('tax_ngwee').notNull(),
    shippingNgwee: integer('shipping_ngwee').notNull(),
    totalNgwee: integer('total_ngwee').notNull(),
    status: text('status').notNull().default('Pending'),
    isPaid: boolean('is_paid').notNull().default(false),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    paymentResult: jsonb('payment_result').$type<Record<string, unknown>>(),
    paymentReference: text('payment_reference'),
    /**
     * An admin's mark "paid" for money that came outside the providers (cash, a send by hand): who, when
     * and why. Columns of their own, not payment_result, because the owner reads payment_result and the
     * reason is the co-op's bookkeeping; the name is kept for when that admin's account is deleted.
     */
    markedPaidBy: uuid('marked_paid_by').references(() => users.id, { onDelete: 'set null' }),
    markedPaidByName: text('marked_paid_by_name'),
    markedPaidAt: timestamp('marked_paid_at', { withTimezone: true, mode: 'date' }),
    markedPaidNote: text('marked_paid_note'),
    /** The delivery option chosen at checkout (decision 037), and what it was then; null for older orders. */
    deliveryOptionId: uuid('delivery_option_id').references(() => deliveryOptions.id, { onDelete: 'set null' }),
    delivery: jsonb('delivery').$type<{
      name: string;
      kind: 'door' | 'pickup' | 'bus';
      estimate: string;
      openingHours: string;
      directions: string;
    }>(),
    /**
     * A pickup or bus-station order's collection code (decision 038), shown to its owner only; whoever
     * hands the parcel over checks it. Collected once: when, and who (an admin, or the pickup keeper).
     */
    collectionCode: text('collection_code'),
    collectedAt: timestamp('collected_at', { withTimezone: true, mode: 'date' }),
    collectedBy: uuid('collected_by').references(() => users.id, { onDelete: 'set null' }),
    collectedByName: text('collected_by_name'),
    isDelivered: boolean('is_delivered').notNull().default(false),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    idempotencyKey: text('idempotency_key'),
    /** The discount code the order used (as the shop keeps it, upper-case) and what it took off the items. */
    discountCode: text('discount_code'),
    discountNgwee: integer('discount_ngwee').notNull().default(0),
    /** Where the order was placed: the web checkout or a USSD session (features/ussd). */
    channel: text('channel').notNull().default('web'),
    /**
     * The delivery phone as a Zambian mobile (+260 and 9 digits), written when the order is placed: what
     * unpaid orders of one number may hold is bounded by it (decision 056). Null for orders placed before.
     */
    contactMobile: text('contact_mobile'),
    /**
     * Unpaid and still Pending at this time, the shop cancels the order and its stock goes back (decision
     * 056). Set when it is placed (by its payment method's setting); cleared by any status change, since an
     * admin then has it in hand. Null: never released by the shop.
     */
    unpaidHoldUntil: timestamp('unpaid_hold_until', { withTimezone: true, mode: 'date' }),
    /**
     * What a paid order still owes after an edit raised its total (docs/decisions/070-order-edits.md):
     * collected by a payment prompt for this amount or recorded by hand. The order is paid only once it is 0.
     */
    balanceDueNgwee: integer('balance_due_ngwee').notNull().default(0),
    /**
     * The money an admin recorded by hand, once an edit changed a paid order's total or a balance was
     * recorded by hand; null: as before edits, the total when the order was marked paid by hand.
     */
    collectedByHandNgwee: integer('collected_by_hand_ngwee'),
    /** Customer name, e-mail and order id for the admin search (see search-text.ts). */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(searchTextOf('customer_name', 'customer_email', 'id::text')),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('orders_status_known', sql`${t.status} in ('Pending','Processing','Shipped','Delivered','Cancelled')`),
    check(
      'orders_payment_method_known',
      sql`${t.paymentMethod} in ('airtel','mtn','zamtel','creditCard','collection')`,
    ),
    check('orders_amounts_nonnegative', sql`${t.itemsNgwee} >= 0 and ${t.taxNgwee} >= 0 and ${t.shippingNgwee} >= 0`),
    check('orders_discount_within_items', sql`${t.discountNgwee} between 0 and ${t.itemsNgwee}`),
    check('orders_channel_known', sql`${t.channel} in ('web','ussd')`),
    check('orders_balance_due_nonnegative', sql`${t.balanceDueNgwee} >= 0 and ${t.collectedByHandNgwee} >= 0`),
    check('orders_marked_paid_note_length', sql`char_length(${t.markedPaidNote}) <= 500`),
    uniqueIndex('orders_user_idempotency_key').on(t.userId, t.idempotencyKey),
    index('orders_created_at_idx').on(t.createdAt),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_paid_created_idx').on(t.isPaid, t.createdAt),
    index('orders_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // What a new order's bounds count (decision 056): a customer's or a number's unpaid open orders.
    index('orders_unpaid_user_idx')
      .on(t.userId)
      .where(sql`not ${t.isPaid} and ${t.status} in ('Pending','Processing','Shipped')`),
    index('orders_unpaid_mobile_idx')
      .on(t.contactMobile)
      .where(sql`not ${t.isPaid} and ${t.status} in ('Pending','Processing','Shipped')`),
    // What the release sweep reads: unpaid Pending orders with a hold, soonest first.
    index('orders_unpaid_hold_idx')
      .on(t.unpaidHoldUntil)
      .where(sql`${t.unpaidHoldUntil} is not null and not ${t.isPaid} and ${t.status} = 'Pending'`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    image: text('image').notNull().default(''),
    unitPriceNgwee: integer('unit_price_ngwee').notNull(),
    quantity: integer('quantity').notNull(),
    position: smallint('position').notNull().default(0),
    /** The variant sold, for a product with options; null for a plain product (docs/decisions/067-sizes-and-sets.md). */
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    /** The variant's option values as the shopper chose them ("250 ml"), kept when the variant changes. */
    variantLabel: text('variant_label'),
    /** For a gift set: the stock each set took from its parts, so a cancellation returns exactly that. */
    stockTaken: jsonb('stock_taken').$type<{ productId: string; variantId: string | null; quantity: number }[]>(),
  },
  (t) => [
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
    index('order_items_order_idx').on(t.orderId, t.position),
    index('order_items_product_idx').on(t.productId),
  ],
);

/**
 * An admin's edit of an order before it left (docs/decisions/070-order-edits.md): who, the lines, delivery
 * and totals before and after, and what it did to the money (a balance owed, or a refund asked).
 */
export const orderEdits = pgTable(
  'order_edits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    editedBy: uuid('edited_by').references(() => users.id, { onDelete: 'set null' }),
    editedByName: text('edited_by_name').notNull(),
    note: text('note').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>().notNull(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
    /** New total less old, in ngwee (negative: the order costs less). */
    differenceNgwee: integer('difference_ngwee').notNull(),
    /** The order's balance due after the edit. */
    balanceDueNgwee: integer('balance_due_ngwee').notNull().default(0),
    /** The refund of the difference it asked, when it lowered a paid order. */
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('order_edits_note_length', sql`char_length(${t.note}) <= 500`),
    index('order_edits_order_idx').on(t.orderId, t.createdAt),
  ],
);

/** Discount codes kept by the admins (docs/decisions/040-discount-codes.md). Code is kept upper-case. */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind').notNull(),
    /** percent: 1-100; fixed: ngwee; freeDelivery: 0. */
    value: integer('value').notNull(),
    minSubtotalNgwee: integer('min_subtotal_ngwee').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    /** Orders that used the code; raised only by an update conditional on max_uses in the order's transaction. */
    usesCount: integer('uses_count').notNull().default(0),
    productIds: jsonb('product_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    categories: jsonb('categories')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_key').on(t.code),
    check('discount_codes_kind_known', sql`${t.kind} in ('percent','fixed','freeDelivery')`),
    check(
      'discount_codes_value_range',
      sql`${t.value} >= 0 and (${t.kind} <> 'percent' or ${t.value} between 1 and 100)`,
    ),
    check('discount_codes_uses_within_limit', sql`${t.maxUses} is null or ${t.usesCount} <= ${t.maxUses}`),
    check('discount_codes_min_nonnegative', sql`${t.minSubtotalNgwee} >= 0`),
  ],
);

/** One row per order that used a code: per-customer uses are counted here, under the code's row lock. */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codeId: uuid('code_id')
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    discountNgwee: integer('discount_ngwee').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('discount_redemptions_order_key').on(t.orderId),
    index('discount_redemptions_code_user_idx').on(t.codeId, t.userId),
  ],
);

/** Every message the shop sends, recorded before it is sent, so a crash neither loses nor repeats one. */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    batchId: uuid('batch_id'),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    replyTo: text('reply_to'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** While 'sending': until when the claim holds; past it, the message is taken again (decision 004). */
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('mail_messages_status_known', sql`${t.status} in ('pending','sending','sent','failed','uncertain')`),
    index('mail_messages_status_idx').on(t.status, t.createdAt),
    index('mail_messages_batch_idx').on(t.batchId),
  ],
);

/**
 * Every text message the shop sends, recorded before it is sent (decision 015): claimed with a lease,
 * marked 'submitting' just before the provider is asked, then 'sent' or 'failed'. A one-time code's
 * text is blanked once it is out; only its hash is kept (phone_codes).
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    toNumber: text('to_number').notNull(),
    body: text('body').notNull(),
    /** A code or other secret: the body is blanked once sent, and never resent after a crash. */
    secret: boolean('secret').notNull().default(false),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    providerMessageId: text('provider_message_id'),
    cost: text('cost'),
    createdAt: createdAt(),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('sms_messages_status_known', sql`${t.status} in ('pending','claimed','submitting','sent','failed')`),
    index('sms_messages_status_idx').on(t.status, t.createdAt),
    index('sms_messages_order_idx').on(t.orderId),
  ],
);

/**
 * One-time sign-in codes sent by SMS (docs/decisions/016-phone-sign-in.md): only a hash of the code is
 * stored; a code lives five minutes and allows five tries. The rows also count sends per number and per
 * number and address.
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mobile: text('mobile').notNull(),
    /** 'sign-in' (log in or open an account) or 'add-number' (a signed-in customer confirms a number). */
    purpose: text('purpose').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    /** A digest of the client address, so limits per number and address need no address stored. */
    addressKey: text('address_key').notNull(),
    tries: integer('tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('phone_codes_purpose_known', sql`${t.purpose} in ('sign-in','add-number')`),
    index('phone_codes_mobile_idx').on(t.mobile, t.createdAt),
    index('phone_codes_address_idx').on(t.addressKey, t.createdAt),
  ],
);

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

/** Shop identity and payment numbers, editable by an admin; one row per key. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/**
 * One try at collecting an order's total from a shopper's phone (decision 012). The row is written
 * before the provider is asked, so nothing the provider knows is unknown here; the poller and the
 * callbacks only read the provider and move the state forward. At most one live attempt per order.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** A collection provider's id from payments' registry (providers/registry.ts): checked there, not by a list here. */
    provider: text('provider').notNull(),
    /** Our reference, sent to the provider (MTN X-Reference-Id, Airtel transaction.id). */
    reference: uuid('reference').notNull().unique(),
    phone: text('phone').notNull(),
    amountNgwee: integer('amount_ngwee').notNull(),
    currency: text('currency').notNull(),
    state: text('state').notNull().default('initiated'),
    providerTransactionId: text('provider_transaction_id'),
    failureReason: text('failure_reason'),
    /** The provider reported success for another amount or currency: an admin reconciles, the order stays unpaid. */
    flagged: boolean('flagged').notNull().default(false),
    flagNote: text('flag_note'),
    nextPollAt: timestamp('next_poll_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    pollCount: integer('poll_count').notNull().default(0),
    /** A poller's claim: until when it holds (another instance takes the attempt after it). */
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    /** No status read for a callback before this (the gap after the last one): callbacks cannot drive the provider's quota. */
    callbackReadAfter: timestamp('callback_read_after', { withTimezone: true, mode: 'date' }),
    /** A callback came while a read was in flight or in the gap: one more read is owed at the gap's end. */
    callbackOwed: boolean('callback_owed').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    /** An admin dealt with an ended attempt that needed a person (refunded it, gave up on the order): who, when, what was done. */
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedByName: text('resolved_by_name'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    resolvedNote: text('resolved_note'),
    /**
     * The shop ended the attempt without the provider's final word (expired, cancelled with its order):
     * its status is still read, more slowly, until then, since the shopper may approve it late
     * (docs/decisions/029-late-approvals.md). Null once the provider gave a final state or the window ended.
     */
    lateReadsUntil: timestamp('late_reads_until', { withTimezone: true, mode: 'date' }),
    /** When the provider's success was recorded; set once (a conditional update), the record a refund will point to. */
    collectedAt: timestamp('collected_at', { withTimezone: true, mode: 'date' }),
    /** Collected after the shop ended the attempt and it could not pay its order: the money is owed back. */
    refundDue: boolean('refund_due').notNull().default(false),
  },
  (t) => [
    check('payment_attempts_resolved_note_length', sql`char_length(${t.resolvedNote}) <= 500`),
    check('payment_attempts_state_known', sql`${t.state} in ('initiated','pending','successful','failed','expired')`),
    check('payment_attempts_amount_positive', sql`${t.amountNgwee} > 0`),
    uniqueIndex('payment_attempts_one_live_per_order')
      .on(t.orderId)
      .where(sql`${t.state} in ('initiated','pending')`),
    index('payment_attempts_order_idx').on(t.orderId, t.createdAt),
    // The back office's reconciliation list: newest first.
    index('payment_attempts_created_idx').on(t.createdAt),
    // What the poller reads: live attempts, and ended ones still read for a late approval.
    index('payment_attempts_due_idx')
      .on(t.nextPollAt)
      .where(sql`${t.state} in ('initiated','pending') or ${t.lateReadsUntil} is not null`),
  ],
);

/**
 * Money going back to a shopper (docs/decisions/030-refunds.md). A row is written before any provider is
 * asked, with our reference as the idempotency key, and moves requested > approved > sent > successful |
 * failed (or cancelled before it was sent). The refund sender claims approved and sent rows with a lease,
 * as the payment poller does, so kill -9 or a second instance never sends one twice.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The collection it sends back; null for money that came outside the providers (the order marked paid by hand). */
    attemptId: uuid('attempt_id').references(() => paymentAttempts.id, { onDelete: 'restrict' }),
    /** How the money goes back: through a provider's API, or sent by a member by hand and recorded here. */
    route: text('route').notNull(),
    /** Our reference, sent to the provider (MTN X-Reference-Id, Airtel transaction.id): made before any request. */
    reference: uuid('reference').notNull().unique(),
    /** The wallet it goes to (the collection's phone); null for a refund by hand. */
    phone: text('phone'),
    amountNgwee: integer('amount_ngwee').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    state: text('state').notNull().default('requested'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedByName: text('requested_by_name').notNull(),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedByName: text('approved_by_name'),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    /** Who cancelled it before it was sent, and why. */
    cancelledByName: text('cancelled_by_name'),
    cancelNote: text('cancel_note'),
    providerTransactionId: text('provider_transaction_id'),
    failureReason: text('failure_reason'),
    /** How many times the send request went out (a second one only with the same reference, after the provider said it never saw it). */
    sendCount: integer('send_count').notNull().default(0),
    /** When the provider acknowledged the send request (202/200); before it, "not found" on a read means it never arrived. */
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    nextPollAt: timestamp('next_poll_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    pollCount: integer('poll_count').notNull().default(0),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('refunds_route_known', sql`${t.route} in ('mtn-refund','airtel-disbursement','airtel-refund','by-hand')`),
    check('refunds_state_known', sql`${t.state} in ('requested','approved','sent','successful','failed','cancelled')`),
    check('refunds_amount_positive', sql`${t.amountNgwee} > 0`),
    check('refunds_reason_length', sql`char_length(${t.reason}) between 1 and 500`),
    check('refunds_cancel_note_length', sql`char_length(${t.cancelNote}) <= 500`),
    index('refunds_order_idx').on(t.orderId, t.createdAt),
    index('refunds_attempt_idx').on(t.attemptId),
    // What the refund sender reads: approved rows to send, sent rows to read until final.
    index('refunds_due_idx')
      .on(t.nextPollAt)
      .where(sql`${t.state} in ('approved','sent')`),
    // The reports: refunds by the month they were completed.
    index('refunds_ended_idx')
      .on(t.endedAt)
      .where(sql`${t.state} = 'successful'`),
  ],
);

/**
 * A difference between a provider's statement and the shop that an admin dealt with
 * (docs/decisions/031-statement-reconciliation.md): the statement is not stored, so the note is kept under
 * the provider and the statement's transaction id (or the attempt's reference when the statement has no
 * line), and shows again on the next upload of a statement with that line.
 */
export const statementNotes = pgTable(
  'statement_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** A collection provider's id from payments' registry (providers/registry.ts): checked there, not by a list here. */
    provider: text('provider').notNull(),
    key: text('key').notNull(),
    note: text('note').notNull(),
    notedBy: uuid('noted_by').references(() => users.id, { onDelete: 'set null' }),
    notedByName: text('noted_by_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('statement_notes_provider_key').on(t.provider, t.key),
    check('statement_notes_provider_known', sql`${t.provider} in ('mtn','airtel')`),
    check('statement_notes_note_length', sql`char_length(${t.note}) between 1 and 500`),
    check('statement_notes_key_length', sql`char_length(${t.key}) between 1 and 200`),
  ],
);

/**
 * Failed logins on PostgreSQL, so every instance counts the same tries and a restart forgets
 * none; keyed by address, and by account at an address. Rows older than the window are swept.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_key_idx').on(t.key, t.failedAt), index('login_failures_failed_at_idx').on(t.failedAt)],
);

/** Request limits (registrations, contact messages) on PostgreSQL, shared by every instance: hits in the current window of a key. */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('rate_limit_counters_window_idx').on(t.windowEndsAt)],
);

/**
 * Each backup the shop made or tried (docs/decisions/014-backup-file.md): started, then finished with
 * its file or its error. A scheduled one claims its day's slot first, so of several instances exactly
 * one makes the day's backup.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trigger: text('trigger', { enum: ['schedule', 'admin', 'command'] }).notNull(),
    /** The day (YYYY-MM-DD, server time) a scheduled backup stands for; null for one asked for. */
    slot: text('slot'),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    /** File name only (the folder is the instance's BACKUP_DIR). */
    file: text('file'),
    bytes: bigint('bytes', { mode: 'number' }),
    rows: integer('rows'),
    images: integer('images'),
    error: text('error'),
    /** host:pid of the instance that ran it. */
    instance: text('instance').notNull(),
  },
  (t) => [uniqueIndex('backup_runs_slot_key').on(t.slot), index('backup_runs_started_at_idx').on(t.startedAt)],
);

/**
 * What admins did to money, stock and people: who, when, what, and the values before and after.
 * Append-only: the shop only inserts, and a trigger (migration 0012) refuses any update or delete, so not
 * even a bug can rewrite it. The actor is a plain id with the name kept beside it, not a foreign key, so
 * deleting that admin's account later changes nothing here.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull(),
    /** e.g. product.updated, order.status-changed, user.admin-granted, settings.updated */
    action: text('action').notNull(),
    /** product, order, user, payment, settings */
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id'),
    /** A line an admin reads: "Baobab Oil 250 ml: price K120.00 → K135.00". */
    summary: text('summary').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_events_at_idx').on(t.at),
    index('audit_events_subject_idx').on(t.subjectType, t.subjectId, t.at),
    index('audit_events_action_idx').on(t.action, t.at),
    index('audit_events_actor_idx').on(t.actorId, t.at),
  ],
);

/**
 * One USSD session (features/ussd): the gateway's sessionId, the menu's place (state) and the answer to
 * the last step, so a step the gateway sends again is answered the same and never acted on twice.
 */
export const ussdSessions = pgTable(
  'ussd_sessions',
  {
    id: text('id').primaryKey(),
    mobile: text('mobile').notNull(),
    /** How many inputs of the session's text have been answered. */
    steps: integer('steps').notNull().default(0),
    state: jsonb('state').$type<Record<string, unknown>>().notNull(),
    answer: text('answer').notNull(),
    /** The order the session placed; the payment prompt follows a few seconds after the session ends. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    promptDueAt: timestamp('prompt_due_at', { withTimezone: true, mode: 'date' }),
    promptTakenAt: timestamp('prompt_taken_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('ussd_sessions_mobile_idx').on(t.mobile, t.createdAt),
    index('ussd_sessions_prompt_due_idx')
      .on(t.promptDueAt)
      .where(sql`${t.promptDueAt} is not null and ${t.promptTakenAt} is null`),
  ],
);

/** A USSD caller's number: the draft order a dropped session keeps, and the menu language picked once. */
export const ussdCallers = pgTable('ussd_callers', {
  mobile: text('mobile').primaryKey(),
  language: text('language'),
  draft: jsonb('draft').$type<{
    /** A new one whenever the lines change: the basket a summary shows, and the key of the one order it becomes. */
    id?: string;
    /** `variantId`: the size chosen, for a product with options (docs/decisions/067-sizes-and-sets.md). */
    lines: { productId: string; variantId?: string; quantity: number }[];
    town?: string;
    province?: string;
  }>(),
  draftUpdatedAt: timestamp('draft_updated_at', { withTimezone: true, mode: 'date' }),
  updatedAt: updatedAt(),
});

/** An admin's translation of one text of the USSD menu (the English table is in features/ussd/texts.ts). */
export const ussdTranslations = pgTable(
  'ussd_translations',
  {
    language: text('language').notNull(),
    key: text('key').notNull(),
    text: text('text').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.language, t.key] }),
    check('ussd_translations_language_known', sql`${t.language} in ('toi','nya','bem')`),
  ],
);

/**
 * ZRA Smart Invoice (docs/decisions/062-smart-invoice.md): a device the shop reports to, and what its
 * installation answered once (a second selectInitInfo answers 902 with nothing).
 */
export const fiscalDevices = pgTable('fiscal_devices', {
  /** TPIN:branch:serial (features/fiscal deviceKey). */
  device: text('device').primaryKey(),
  sdcId: text('sdc_id'),
  mrcNo: text('mrc_no'),
  installedAt: timestamp('installed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Every report to ZRA's VSDC, written in the transaction of what it reports (an order made paid, a refund
 * ended) and sent by one delivery line per device in `seq` order: a sale, then its stock report; a credit
 * note after its sale. 'sending' is committed before each request, so a row found 'sending' again is in
 * doubt and is read back from the device (selectInvoice) before it is sent again.
 */
export const fiscalSubmissions = pgTable(
  'fiscal_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order of sending, per device. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    device: text('device').notNull(),
    kind: text('kind').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'cascade' }),
    /** The sale this credit note or stock report follows (no foreign key: a backup loads a table in batches). */
    parentId: uuid('parent_id'),
    /** cisInvcNo: unique per device, so a sale or credit note is recorded once. */
    invoiceNo: text('invoice_no').notNull(),
    /** The lines in ngwee, VAT included (src/shared/fiscal-invoice.ts), fixed when recorded. */
    lines: jsonb('lines').$type<Record<string, unknown>[]>().notNull(),
    /** When it happened (the payment, the refund): the invoice's date. */
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    status: text('status').notNull().default('pending'),
    /** Requests sent (a sale or credit note in doubt is read back before another). */
    sends: integer('sends').notNull().default(0),
    resultCd: text('result_cd'),
    lastError: text('last_error'),
    nextTryAt: timestamp('next_try_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    /** The last body sent, for the back office. */
    request: jsonb('request').$type<Record<string, unknown>>(),
    rcptNo: integer('rcpt_no'),
    totRcptNo: integer('tot_rcpt_no'),
    intrlData: text('intrl_data'),
    rcptSign: text('rcpt_sign'),
    sdcId: text('sdc_id'),
    mrcNo: text('mrc_no'),
    /** The device's date and time of the receipt, yyyyMMddHHmmss as it answered. */
    vsdcDate: text('vsdc_date'),
    qrCodeUrl: text('qr_code_url'),
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('fiscal_submissions_kind_known', sql`${t.kind} in ('sale','credit-note','stock')`),
    check('fiscal_submissions_status_known', sql`${t.status} in ('pending','sending','done','failed')`),
    uniqueIndex('fiscal_submissions_invoice_key').on(t.device, t.invoiceNo),
    uniqueIndex('fiscal_submissions_seq_key').on(t.seq),
    // The line's head: the oldest unsent report of a device.
    index('fiscal_submissions_due_idx')
      .on(t.device, t.seq)
      .where(sql`${t.status} in ('pending','sending')`),
    index('fiscal_submissions_order_idx').on(t.orderId),
    // The receipt's QR code is found by the signature printed beside it.
    index('fiscal_submissions_sign_idx')
      .on(t.rcptSign)
      .where(sql`${t.rcptSign} is not null`),
    index('fiscal_submissions_failed_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'failed'`),
  ],
);

/** A product (or the delivery line) as an item registered on a device, with the class an admin picked. */
export const fiscalItems = pgTable(
  'fiscal_items',
  {
    device: text('device').notNull(),
    /** itemCd: P + the product id's first 19 hex digits, or DELIVERY (20 characters at most, decision 060). */
    itemCd: text('item_cd').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** The class an admin picked; null: the shop's default (VSDC_DEFAULT_ITEM_CLASS). */
    itemClsCd: text('item_cls_cd'),
    /** What the device holds: class and name as last saved; null until saveItem succeeded. */
    registeredClsCd: text('registered_cls_cd'),
    registeredName: text('registered_name'),
    registeredAt: timestamp('registered_at', { withTimezone: true, mode: 'date' }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.device, t.itemCd] }), index('fiscal_items_product_idx').on(t.productId)],
);

/** The device's classification codes, kept for the admin's picker (/itemClass/selectItemsClass is large). */
export const fiscalItemClasses = pgTable('fiscal_item_classes', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  level: integer('level'),
  taxType: text('tax_type'),
  inUse: boolean('in_use').notNull().default(true),
  fetchedAt: timestamp('fetched_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The co-op's makers (docs/decisions/063-member-shares.md): who is paid her share of what sells, and the
 * wallet it goes to. A new wallet number waits in pending_mobile until a second admin approves it.
 */
export const members = pgTable(
  'members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    role: text('role').notNull().default(''),
    /** The wallet payouts go to: +260 and 9 digits, checked by the shop's one phone rule. */
    mobile: text('mobile').notNull(),
    /** The mobile-money network of that number (src/shared/phone-numbers.ts), which picks the payout's provider. */
    network: text('network').notNull(),
    active: boolean('active').notNull().default(true),
    /** A new wallet number one admin asked for; it takes effect when another admin approves it. */
    pendingMobile: text('pending_mobile'),
    pendingMobileBy: uuid('pending_mobile_by').references(() => users.id, { onDelete: 'set null' }),
    pendingMobileByName: text('pending_mobile_by_name'),
    pendingMobileAt: timestamp('pending_mobile_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('members_name_length', sql`char_length(${t.name}) between 1 and 80`),
    check('members_role_length', sql`char_length(${t.role}) <= 80`),
    check('members_mobile_form', sql`${t.mobile} ~ '^\\+260[0-9]{9}$'`),
    check('members_pending_mobile_form', sql`${t.pendingMobile} ~ '^\\+260[0-9]{9}$'`),
    check('members_network_known', sql`${t.network} in ('mtn','airtel','zamtel')`),
    uniqueIndex('members_mobile_key').on(t.mobile),
  ],
);

/** Who made a product, and each maker's parts of the makers' share (two makers at 1 and 1 split it evenly). */
export const productMakers = pgTable(
  'product_makers',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'restrict' }),
    parts: smallint('parts').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.memberId] }),
    check('product_makers_parts_range', sql`${t.parts} between 1 and 100`),
    index('product_makers_member_idx').on(t.memberId),
  ],
);

/**
 * A payout run (docs/decisions/064-member-payouts.md): one admin proposes it (or the monthly schedule does,
 * and an admin confirms), another approves it; then its payouts are sent.
 */
export const payoutRuns = pgTable(
  'payout_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The shop-time month it pays for, YYYY-MM: the shares earned up to that month's end. */
    period: text('period').notNull(),
    trigger: text('trigger').notNull(),
    /** The schedule's month slot (YYYY-MM): of several instances, one proposes the month's run. */
    slot: text('slot'),
    state: text('state').notNull().default('proposed'),
    /** Null for a run the schedule proposed until an admin confirms it (then that admin is its proposer). */
    proposedBy: uuid('proposed_by').references(() => users.id, { onDelete: 'set null' }),
    proposedByName: text('proposed_by_name'),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedByName: text('approved_by_name'),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    cancelledByName: text('cancelled_by_name'),
    cancelNote: text('cancel_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('payout_runs_period_form', sql`${t.period} ~ '^[0-9]{4}-[0-9]{2}$'`),
    check('payout_runs_trigger_known', sql`${t.trigger} in ('schedule','admin')`),
    check('payout_runs_state_known', sql`${t.state} in ('proposed','approved','cancelled')`),
    check('payout_runs_cancel_note_length', sql`char_length(${t.cancelNote}) <= 500`),
    uniqueIndex('payout_runs_slot_key').on(t.slot),
    index('payout_runs_created_idx').on(t.createdAt),
  ],
);

/**
 * One transfer to one member's wallet (docs/decisions/064-member-payouts.md). Written before any provider
 * is asked, with our reference as the provider's key; sent and read as refunds are (decision 032):
 * proposed > approved > sent > successful | failed, or cancelled before it was sent.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    runId: uuid('run_id')
      .notNull()
      .references(() => payoutRuns.id, { onDelete: 'restrict' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'restrict' }),
    /** The wallet as it was when proposed; a later change of the member's number does not move this payout. */
    mobile: text('mobile').notNull(),
    network: text('network').notNull(),
    /** mtn-transfer, airtel-disbursement, lenco-transfer, or by-hand (src/shared/payouts.ts). */
    route: text('route').notNull(),
    reference: uuid('reference').notNull().unique(),
    amountNgwee: integer('amount_ngwee').notNull(),
    currency: text('currency').notNull(),
    state: text('state').notNull().default('proposed'),
    /** What it pays for, in the member's text: "11 jars of Mukwa shea butter, 3 gift sets". */
    summary: text('summary').notNull().default(''),
    providerTransactionId: text('provider_transaction_id'),
    failureReason: text('failure_reason'),
    sendCount: integer('send_count').notNull().default(0),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    nextPollAt: timestamp('next_poll_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    pollCount: integer('poll_count').notNull().default(0),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    /** A failed payout an admin has seen (Needs attention no longer shows it); its shares are owed again. */
    resolvedByName: text('resolved_by_name'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    /** The admin who recorded a by-hand payout as sent. */
    sentByHandByName: text('sent_by_hand_by_name'),
    /** That admin's words (how it was sent), or, for a failed one, what was done about it. */
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('payouts_route_known', sql`${t.route} in ('mtn-transfer','airtel-disbursement','lenco-transfer','by-hand')`),
    check('payouts_state_known', sql`${t.state} in ('proposed','approved','sent','successful','failed','cancelled')`),
    check('payouts_amount_positive', sql`${t.amountNgwee} > 0`),
    check('payouts_network_known', sql`${t.network} in ('mtn','airtel','zamtel')`),
    check('payouts_note_length', sql`char_length(${t.note}) <= 500`),
    // One payout of a member on its way at a time: her shares are in exactly one.
    uniqueIndex('payouts_one_live_per_member')
      .on(t.memberId)
      .where(sql`${t.state} in ('proposed','approved','sent')`),
    index('payouts_run_idx').on(t.runId),
    index('payouts_member_idx').on(t.memberId, t.createdAt),
    // What the payout sender reads: approved rows to send, sent rows to read until final.
    index('payouts_due_idx')
      .on(t.nextPollAt)
      .where(sql`${t.state} in ('approved','sent')`),
  ],
);

/**
 * The shares ledger in ngwee (docs/decisions/063-member-shares.md): what each maker and the co-op's fund
 * earned from each order line, credited when the order is paid and handed over, debited by each refund
 * after. Entries are only added (key: what earned it, so adding twice is a no-op); payout_id marks the
 * payout that carries an entry, and is cleared again if that payout fails or is cancelled.
 */
export const shareEntries = pgTable(
  'share_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** sale:<item>:<party>, delivery:<order>, refund:<refund>:<item or delivery>:<party> */
    key: text('key').notNull().unique(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** The order line; null for the delivery fee (the fund's). */
    orderItemId: uuid('order_item_id'),
    /** The maker; null: the co-op's fund. */
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'restrict' }),
    /** The line's name and the units a sale entry stands for (0 on refunds and delivery), for the member's text. */
    productName: text('product_name').notNull().default(''),
    quantity: integer('quantity').notNull().default(0),
    amountNgwee: integer('amount_ngwee').notNull(),
    payoutId: uuid('payout_id').references(() => payouts.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('share_entries_kind_known', sql`${t.kind} in ('sale','delivery','refund')`),
    check(
      'share_entries_sign',
      sql`(${t.kind} = 'refund' and ${t.amountNgwee} <= 0) or (${t.kind} <> 'refund' and ${t.amountNgwee} >= 0)`,
    ),
    check('share_entries_refund_named', sql`(${t.kind} = 'refund') = (${t.refundId} is not null)`),
    check('share_entries_fund_unpaid', sql`${t.memberId} is not null or ${t.payoutId} is null`),
    index('share_entries_order_idx').on(t.orderId),
    index('share_entries_member_idx').on(t.memberId, t.createdAt),
    index('share_entries_owed_idx')
      .on(t.memberId)
      .where(sql`${t.payoutId} is null and ${t.memberId} is not null`),
    index('share_entries_payout_idx').on(t.payoutId),
  ],
);

/**
 * A shopper's photo for a return (decision 069), stored by the image store before the return is asked;
 * the return names it. Kept with the order it was sent for, so a photo of one order never goes on another's.
 */
export const returnPhotos = pgTable(
  'return_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('return_photos_order_idx').on(t.orderId)],
);

/**
 * A return or exchange of some of an order's units (decision 069): asked by its shopper (or an admin for
 * her), accepted or refused, received (each unit restocked or written off), then refunded through the
 * refund it asked, or exchanged for the replacement order it made. Amounts in ngwee, worked out once when
 * asked (src/shared/return-share.ts) and capped again when the refund is asked.
 */
export const returns = pgTable(
  'returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The number said to people: R and this. */
    number: integer('number').generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('requested'),
    outcome: text('outcome').notNull(),
    reason: text('reason').notNull(),
    note: text('note'),
    photoId: uuid('photo_id').references(() => returnPhotos.id, { onDelete: 'set null' }),
    /** The shopper confirmed the unopened-only lines are unopened. */
    unopened: boolean('unopened').notNull().default(false),
    /** The lines' shares, and delivery when the whole order came back for the shop's fault. */
    worthNgwee: integer('worth_ngwee').notNull(),
    deliveryNgwee: integer('delivery_ngwee').notNull().default(0),
    /** The worth capped at what the order still held when asked (collected less refunds and exchange credits). */
    amountNgwee: integer('amount_ngwee').notNull(),
    /** Where it is brought: the order's pickup point, or the courier. */
    whereKind: text('where_kind').notNull(),
    whereText: text('where_text').notNull(),
    refusalReason: text('refusal_reason'),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
    replacementOrderId: uuid('replacement_order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** An exchange's replacement total less the return's worth: > 0 the shopper pays, < 0 refunded. */
    differenceNgwee: integer('difference_ngwee'),
    /** How it was asked: web (the order page), link (the signed order link), ussd, admin (on her behalf). */
    channel: text('channel').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'returns_state_known',
      sql`${t.state} in ('requested','accepted','received','refunded','exchanged','refused')`,
    ),
    check('returns_outcome_known', sql`${t.outcome} in ('refund','exchange')`),
    check('returns_reason_known', sql`${t.reason} in ('damaged','wrong-item','not-as-described','changed-mind')`),
    check('returns_where_known', sql`${t.whereKind} in ('pickup','courier')`),
    check('returns_channel_known', sql`${t.channel} in ('web','link','ussd','admin')`),
    check(
      'returns_amounts_nonnegative',
      sql`${t.worthNgwee} >= 0 and ${t.deliveryNgwee} >= 0 and ${t.amountNgwee} between 0 and ${t.worthNgwee}`,
    ),
    uniqueIndex('returns_number_key').on(t.number),
    uniqueIndex('returns_refund_key').on(t.refundId),
    index('returns_order_idx').on(t.orderId, t.createdAt),
    index('returns_state_created_idx').on(t.state, t.createdAt),
  ],
);

/** One returned line of a return: units of one order line, and what became of them on receipt. */
export const returnLines = pgTable(
  'return_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    returnId: uuid('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    shareNgwee: integer('share_ngwee').notNull(),
    restocked: integer('restocked').notNull().default(0),
    writtenOff: integer('written_off').notNull().default(0),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    check('return_lines_quantity_positive', sql`${t.quantity} > 0`),
    check(
      'return_lines_received_within',
      sql`${t.restocked} >= 0 and ${t.writtenOff} >= 0 and ${t.restocked} + ${t.writtenOff} <= ${t.quantity}`,
    ),
    index('return_lines_return_idx').on(t.returnId, t.position),
    index('return_lines_item_idx').on(t.orderItemId),
  ],
);

/** What an exchange asks for instead: a product (and size), priced again at today's price on receipt. */
export const returnExchangeLines = pgTable(
  'return_exchange_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    returnId: uuid('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    variantLabel: text('variant_label'),
    quantity: integer('quantity').notNull(),
    /** The unit price when asked; the replacement order charges the price of the day it is made. */
    unitPriceNgwee: integer('unit_price_ngwee').notNull(),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    check('return_exchange_lines_quantity_positive', sql`${t.quantity} > 0`),
    index('return_exchange_lines_return_idx').on(t.returnId, t.position),
  ],
);

/** A return's steps, for its timeline: each state it reached, when and by whom. */
export const returnSteps = pgTable(
  'return_steps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    returnId: uuid('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    byName: text('by_name').notNull(),
  },
  (t) => [index('return_steps_return_idx').on(t.returnId, t.at)],
);
