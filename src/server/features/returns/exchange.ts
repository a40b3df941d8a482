import type { Tx } from '../../db/client';
import { Conflict } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import { variantLabel } from '../../../shared/schemas/products';
import { lineKey, stockLines, takeStock, type CataloguePrice } from '../inventory';
import type { ReplacementLine } from '../orders';
import { exchangeCandidates, type ExchangeLineRow } from './queries';

/** What an exchange asks for, checked against the catalogue now: there, in stock, priced. */
export async function resolveExchange(
  tx: Tx,
  asked: readonly { productId: string; variantId?: string | null; qty: number }[],
) {
  const gone = () => Conflict('A product you asked for in exchange is no longer available');
  if (asked.some((a) => !isUuid(a.productId) || (a.variantId && !isUuid(a.variantId)))) throw gone();
  const candidates = await exchangeCandidates(
    tx,
    asked.map((a) => a.productId.toLowerCase()),
  );
  const wanted = new Map<string, number>();
  const lines = asked.map((a) => {
    const product = candidates.find((c) => c.productId === a.productId.toLowerCase());
    if (!product) throw gone();
    const variantId = a.variantId?.toLowerCase() ?? null;
    const variant = product.hasOptions
      ? variantId
        ? product.variants.find((v) => v.id === variantId)
        : product.variants.find((v) => v.isDefault)
      : null;
    if (product.hasOptions ? !variant : variantId) throw gone();
    const label = variant ? variantLabel(variant.optionValues) : null;
    const name = label ? `${product.name} (${label})` : product.name;
    const key = lineKey({ productId: product.productId, variantId: variant?.id });
    const total = (wanted.get(key) ?? 0) + a.qty;
    wanted.set(key, total);
    const left = variant ? variant.countInStock : product.productStock;
    if (left < total)
      throw Conflict(left === 0 ? `${name} is out of stock` : `Not enough stock for ${name}: only ${left} left`, {
        product: product.productId,
        countInStock: left,
      });
    return {
      productId: product.productId,
      variantId: variant?.id ?? null,
      name: product.name,
      variantLabel: label,
      quantity: a.qty,
      unitPriceNgwee: variant ? variant.priceNgwee : product.productPriceNgwee,
    };
  });
  return lines;
}

/** Takes the exchange's lines from stock (a 409 naming the one short) and prices them as the catalogue does today. */
export async function takeReplacement(tx: Tx, exchange: readonly ExchangeLineRow[]) {
  if (exchange.some((line) => !line.productId))
    throw Conflict('A product asked for in exchange is no longer available');
  const lines = stockLines(
    exchange.map((line) => ({
      productId: line.productId!,
      variantId: line.variantId,
      quantity: line.quantity,
      name: line.name,
    })),
  );
  const { sold, changed } = await takeStock(tx, lines);
  const replacement: ReplacementLine[] = exchange.map((line) => ({
    price: sold.get(lineKey({ productId: line.productId!, variantId: line.variantId })) as CataloguePrice,
    quantity: line.quantity,
  }));
  return { replacement, changed };
}
