import type { Tx } from '../../db/client';
import { HttpError } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import { nameWithVariant } from '../../../shared/schemas/products';
import type { EditOrderInput } from '../../../shared/schemas/order-edits';
import {
  lineKey,
  lockStockOf,
  productNoLongerAvailable,
  returnStock,
  stockLines,
  takeStock,
  type CataloguePrice,
  type StockLine,
} from '../inventory';
import type { EditedLine } from '../orders';
import type { EditableOrder } from '../orders';

export interface StockProblem {
  message: string;
  product: string;
  variant: string | null;
  countInStock: number | null;
}

export interface MovedStock {
  lines: EditedLine[];
  problems: StockProblem[];
  /** Products whose stock may have moved, for the catalogue's answers. */
  changed: string[];
}

const problemOf = (error: HttpError, line: StockLine): StockProblem => ({
  message: error.message,
  product: line.productId,
  variant: line.variantId ?? null,
  countInStock: typeof error.details?.countInStock === 'number' ? error.details.countInStock : null,
});

/**
 * Moves the stock from the order's lines to the edited ones, in the edit's transaction, through the one
 * stock module (decision 067: a set takes its parts). Every product either side touches is locked first, in
 * id order, as placing an order locks them, so an edit and parallel orders never deadlock and never oversell.
 * The old lines go back, then each new line is taken in a savepoint of its own: a short one is answered as
 * a problem (the preview lists them all; the edit refuses with the first) and priced with nothing taken.
 * A line the order already held keeps the price it was sold at; a new one takes the catalogue's.
 */
export async function moveStockForEdit(
  tx: Tx,
  { items }: EditableOrder,
  input: EditOrderInput['lines'],
): Promise<MovedStock> {
  const old = stockLines(items);
  const wanted = stockLines(input.map((l) => ({ productId: l.productId, variantId: l.variantId, quantity: l.qty })));
  const problems: StockProblem[] = [];
  const valid = wanted.filter((line) => {
    if (isUuid(line.productId) && (!line.variantId || isUuid(line.variantId))) return true;
    problems.push(problemOf(productNoLongerAvailable(line.productId), line));
    return false;
  });
  const ids = [
    ...old.flatMap((l) => [l.productId, ...(l.stockTaken ?? []).map((m) => m.productId)]),
    ...valid.map((l) => l.productId),
  ];
  if (ids.length > 0) await lockStockOf(tx, [...new Set(ids)].sort());
  const changed = new Set((await returnStock(tx, old)).changed);

  const keptPrice = new Map(
    items.flatMap((item) =>
      item.productId ? [[lineKey({ productId: item.productId, variantId: item.variantId }), item.unitPriceNgwee]] : [],
    ),
  );
  const lines: EditedLine[] = [];
  for (const line of [...valid].sort((a, b) => (lineKey(a) < lineKey(b) ? -1 : 1))) {
    const sold = await takeOne(tx, line, problems);
    if (!sold) continue;
    for (const id of sold.changed) changed.add(id);
    const price = sold.price;
    lines.push({
      productId: line.productId,
      sold: price,
      quantity: line.quantity,
      unitPriceNgwee:
        keptPrice.get(lineKey({ productId: line.productId, variantId: price.variantId })) ?? price.priceNgwee,
      name: nameWithVariant(price.name, price.variantLabel),
    });
  }
  return { lines, problems, changed: [...changed] };
}

/** Takes one line in a savepoint; short: noted, and priced taking none; gone: noted and left out. */
async function takeOne(
  tx: Tx,
  line: StockLine,
  problems: StockProblem[],
): Promise<{ price: CataloguePrice; changed: string[] } | null> {
  const take = async (quantity: number) => {
    const taken = await tx.transaction((savepoint) => takeStock(savepoint, [{ ...line, quantity }]));
    return { price: taken.sold.get(lineKey(line))!, changed: taken.changed };
  };
  try {
    return await take(line.quantity);
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode !== 409) throw error;
    problems.push(problemOf(error, line));
  }
  try {
    return await take(0);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 409) return null;
    throw error;
  }
}
