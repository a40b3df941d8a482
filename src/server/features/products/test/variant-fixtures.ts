import type { TestApp } from '../../../test/test-app';
import type { Product, SetPartsInput, VariantsInput } from '../../../../shared/schemas/products';

/** Through the API, as an admin would: the product's options and variants. */
export async function putVariants(t: TestApp, admin: Record<string, string>, productId: string, body: VariantsInput) {
  const answer = await t.app.inject({
    method: 'PUT',
    url: `/api/products/${productId}/variants`,
    headers: admin,
    payload: body,
  });
  if (answer.statusCode !== 200) throw new Error(`variants: ${answer.statusCode} ${answer.body}`);
  return answer.json<Product>();
}

export async function putSetParts(t: TestApp, admin: Record<string, string>, setId: string, body: SetPartsInput) {
  const answer = await t.app.inject({
    method: 'PUT',
    url: `/api/products/${setId}/set-parts`,
    headers: admin,
    payload: body,
  });
  if (answer.statusCode !== 200) throw new Error(`set parts: ${answer.statusCode} ${answer.body}`);
  return answer.json<Product>();
}

export async function productAnswer(t: TestApp, productId: string) {
  const answer = await t.app.inject({ method: 'GET', url: `/api/products/${productId}` });
  return answer.json<Product>();
}

/** An oil in three sizes: 100 ml K 85 (the default), 250 ml K 180, 1 litre K 600. */
export function threeSizes(stock: [number, number, number]): VariantsInput {
  return {
    options: ['Size'],
    variants: [
      { options: ['100 ml'], size: '100 ml', price: 85, countInStock: stock[0], isDefault: true },
      { options: ['250 ml'], size: '250 ml', price: 180, countInStock: stock[1] },
      { options: ['1 litre'], size: '1 litre', price: 600, countInStock: stock[2] },
    ],
  };
}
