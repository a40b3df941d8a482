import { sql } from 'drizzle-orm';
import { type Tx, rowsOf } from '../../db/client';

/** A product as the stock module locks it: what it costs now and how its stock is kept. */
export interface LockedProduct {
  id: string;
  name: string;
  priceNgwee: number;
  image: string;
  countInStock: number;
  isSet: boolean;
  hasOptions: boolean;
}

export interface VariantRow {
  id: string;
  productId: string;
  optionValues: string[];
  isDefault: boolean;
  priceNgwee: number;
  countInStock: number;
  image: string;
}

export interface PartRow {
  setProductId: string;
  productId: string;
  variantId: string | null;
  quantity: number;
}

const idList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`(${id}::uuid)`),
    sql`, `,
  );

/**
 * Locks, in id order, every product whose stock a move of these products can change: the products
 * themselves, the parts of those that are sets, and the sets that hold any of them (their stock is what
 * their parts allow). Every stock change locks this way first, so two never wait on each other in a
 * circle; a variant's row is written only under its product's lock. Answers the locked rows.
 */
export async function lockForStock(tx: Tx, productIds: readonly string[]): Promise<Map<string, LockedProduct>> {
  const result = await tx.execute(sql`
    with asked (id) as (values ${idList(productIds)}),
    touched as (
      select id from asked
      union select part_product_id from set_parts where set_product_id in (select id from asked)
    ),
    involved as (
      select id from touched
      union select set_product_id from set_parts where part_product_id in (select id from touched)
    )
    select id, name, price_ngwee, count_in_stock, is_set, jsonb_array_length(options) > 0 as has_options,
      coalesce(nullif(main_image, ''), images->>0, '') as image
    from products where id in (select id from involved)
    order by id for update`);
  const rows = rowsOf<{
    id: string;
    name: string;
    price_ngwee: number | string;
    count_in_stock: number | string;
    is_set: boolean;
    has_options: boolean;
    image: string;
  }>(result);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        name: row.name,
        priceNgwee: Number(row.price_ngwee),
        image: row.image,
        countInStock: Number(row.count_in_stock),
        isSet: row.is_set,
        hasOptions: row.has_options,
      },
    ]),
  );
}

/** The variants of these products (locked by the caller through their products) and the parts of these sets. */
export async function variantsAndParts(
  tx: Tx,
  withOptions: readonly string[],
  sets: readonly string[],
): Promise<{ variants: VariantRow[]; parts: PartRow[] }> {
  const variants =
    withOptions.length === 0
      ? []
      : rowsOf<{
          id: string;
          product_id: string;
          option_values: string[];
          is_default: boolean;
          price_ngwee: number | string;
          count_in_stock: number | string;
          image: string;
        }>(
          await tx.execute(sql`
            select id, product_id, option_values, is_default, price_ngwee, count_in_stock, image
            from product_variants where product_id in (select id from (values ${idList(withOptions)}) as p (id))`),
        ).map((row) => ({
          id: row.id,
          productId: row.product_id,
          optionValues: row.option_values,
          isDefault: row.is_default,
          priceNgwee: Number(row.price_ngwee),
          countInStock: Number(row.count_in_stock),
          image: row.image,
        }));
  const parts =
    sets.length === 0
      ? []
      : rowsOf<{ set_product_id: string; part_product_id: string; part_variant_id: string | null; quantity: number }>(
          await tx.execute(sql`
            select set_product_id, part_product_id, part_variant_id, quantity from set_parts
            where set_product_id in (select id from (values ${idList(sets)}) as s (id))
            order by set_product_id, position`),
        ).map((row) => ({
          setProductId: row.set_product_id,
          productId: row.part_product_id,
          variantId: row.part_variant_id,
          quantity: Number(row.quantity),
        }));
  return { variants, parts };
}

/** A change of stock: `quantity` taken (positive) or returned (negative) from a product or one of its variants. */
export interface StockMove {
  productId: string;
  variantId: string | null;
  quantity: number;
}

/**
 * Applies the moves, all or nothing: a variant's move changes the variant and its product's sum, a plain
 * product's changes the product. A take happens only if that many are left; answers the moves that could
 * not be made (none: every move was made; otherwise the caller rolls back).
 */
export async function applyMoves(tx: Tx, moves: readonly StockMove[]): Promise<StockMove[]> {
  const short: StockMove[] = [];
  const variantMoves = moves.filter((m) => m.variantId !== null);
  if (variantMoves.length > 0) {
    const values = sql.join(
      variantMoves.map((m) => sql`(${m.variantId}::uuid, ${m.quantity}::int)`),
      sql`, `,
    );
    const done = new Set(
      rowsOf<{ id: string }>(
        await tx.execute(sql`
          update product_variants v set count_in_stock = v.count_in_stock - m.quantity
          from (values ${values}) as m (id, quantity)
          where v.id = m.id and v.count_in_stock >= m.quantity
          returning v.id`),
      ).map((row) => row.id),
    );
    short.push(...variantMoves.filter((m) => !done.has(m.variantId!)));
  }
  const perProduct = new Map<string, number>();
  for (const m of moves) perProduct.set(m.productId, (perProduct.get(m.productId) ?? 0) + m.quantity);
  const values = sql.join(
    [...perProduct].map(([id, quantity]) => sql`(${id}::uuid, ${quantity}::int)`),
    sql`, `,
  );
  const done = new Set(
    rowsOf<{ id: string }>(
      await tx.execute(sql`
        update products p set count_in_stock = p.count_in_stock - m.quantity
        from (values ${values}) as m (id, quantity)
        where p.id = m.id and p.count_in_stock >= m.quantity
        returning p.id`),
    ).map((row) => row.id),
  );
  short.push(...moves.filter((m) => m.variantId === null && !done.has(m.productId)));
  return short;
}

/** Each of these sets' stock made what its parts allow now (a set without parts has none). */
export async function refreshSetStock(tx: Tx, setIds: readonly string[]): Promise<void> {
  if (setIds.length === 0) return;
  await tx.execute(sql`
    update products s set count_in_stock = coalesce((
      select min(coalesce(v.count_in_stock, p.count_in_stock) / sp.quantity)
      from set_parts sp
      join products p on p.id = sp.part_product_id
      left join product_variants v on v.id = sp.part_variant_id
      where sp.set_product_id = s.id), 0)
    where s.id in (select id from (values ${idList(setIds)}) as s (id))`);
}
