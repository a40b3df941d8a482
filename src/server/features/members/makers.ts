import type { FastifyInstance } from 'fastify';
import { BadRequest, NotFound } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import type { ProductMakers, productMakersInputSchema } from '../../../shared/schemas/members';
import type { z } from 'zod';
import { recordAudit } from '../audit';
import { getShopSettings, shopSettingsInTransaction } from '../settings';
import { makersChangedEntry } from './member-audit';
import {
  findProductForMakers,
  lockProductForMakers,
  makersOfProduct,
  membersToName,
  replaceMakers,
  type MakerRow,
} from './queries';
import type { Admin } from './service';

/**
 * Who made what (docs/decisions/065-members-and-wallet-changes.md): each product names its makers with their
 * parts, and may have its own makers' percent instead of the shop's. The split itself is
 * src/shared/member-shares.ts; the ledger reads these rows when an order is handed over.
 */

const productNotFound = () => NotFound('Product not found');

const view = (
  product: { id: string; makersPercent: number | null },
  makers: MakerRow[],
  defaultMakersPercent: number,
): ProductMakers => ({ productId: product.id, makersPercent: product.makersPercent, defaultMakersPercent, makers });

/** GET /products/{id}/makers. */
export async function productMakers(app: FastifyInstance, productId: string): Promise<ProductMakers> {
  const product = isUuid(productId) ? await findProductForMakers(app.db, productId) : null;
  if (!product) throw productNotFound();
  const [makers, shopDefault] = await Promise.all([
    makersOfProduct(app.db, product.id),
    getShopSettings(app.db).then((s) => s.makersPercent),
  ]);
  return view(product, makers, shopDefault);
}

/** Unknown ids and inactive members, named in one 400; null when every maker may be named. */
function makersProblem(wanted: string[], found: Array<{ id: string; name: string; active: boolean }>): string | null {
  const byId = new Map(found.map((m) => [m.id, m]));
  const unknown = wanted.filter((id) => !byId.has(id));
  const inactive = wanted.flatMap((id) => {
    const member = byId.get(id);
    return member && !member.active ? [member.name] : [];
  });
  const problems = [
    ...unknown.map((id) => `no member has the id ${id}`),
    ...(inactive.length === 1
      ? [`${inactive[0]} is inactive: only active members can be named as makers`]
      : inactive.length > 1
        ? [`${inactive.join(', ')} are inactive: only active members can be named as makers`]
        : []),
  ];
  return problems.length > 0 ? `makers: ${problems.join('; ')}` : null;
}

/**
 * PUT /products/{id}/makers: the whole list and the product's percent, replaced in one transaction under the
 * product's row lock (two saves at once are taken one after the other), with an audit line of before and after.
 */
export async function saveProductMakers(
  app: FastifyInstance,
  admin: Admin,
  productId: string,
  input: z.output<typeof productMakersInputSchema>,
): Promise<ProductMakers> {
  if (!isUuid(productId)) throw productNotFound();
  const makers = input.makers.map((m) => ({ memberId: m.memberId.trim().toLowerCase(), parts: m.parts }));
  return app.db.transaction(async (tx) => {
    const product = await lockProductForMakers(tx, productId);
    if (!product) throw productNotFound();
    const wanted = makers.map((m) => m.memberId);
    const problem = makersProblem(wanted, await membersToName(tx, wanted.filter(isUuid)));
    if (problem) throw BadRequest(problem);
    const [before, shopDefault] = await Promise.all([
      makersOfProduct(tx, product.id),
      shopSettingsInTransaction(tx).then((s) => s.makersPercent),
    ]);
    await replaceMakers(tx, product.id, input.makersPercent, makers);
    const after = await makersOfProduct(tx, product.id);
    const entry = makersChangedEntry(
      product,
      { makersPercent: product.makersPercent, makers: before },
      { makersPercent: input.makersPercent, makers: after },
      shopDefault,
    );
    if (entry) await recordAudit(tx, admin, entry);
    return view({ id: product.id, makersPercent: input.makersPercent }, after, shopDefault);
  });
}
