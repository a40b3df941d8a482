import { json } from './http';

/** What the cold scenarios need of each product, read through the public list API. */
export interface CatalogueProduct {
  _id: string;
  name: string;
  description: string;
  price: number;
  countInStock: number;
}

/** Every product of the catalogue, 100 a page, in the list's order. */
export async function readCatalogue(base: string): Promise<CatalogueProduct[]> {
  const all: CatalogueProduct[] = [];
  for (let page = 1, pages = 1; page <= pages; page++) {
    const body = await json(`${base}/api/products?limit=100&page=${page}`);
    pages = body.pages;
    for (const p of body.products)
      all.push({ _id: p._id, name: p.name, description: p.description, price: p.price, countInStock: p.countInStock });
  }
  return all;
}

export const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];

/**
 * Keywords a shopper might type, never the same twice in one bench run: a stretch of 3 to 10 characters
 * of a real product's name (two times in three) or description, so most find something, the way a
 * partly typed word does. Compared lower-cased, so a case change does not count as new.
 */
export function neverSeenKeywords(catalogue: readonly CatalogueProduct[]) {
  const seen = new Set<string>();
  let repeats = 0;
  let found = 0;
  let answered = 0;
  return {
    next(): string {
      for (let attempt = 0; attempt < 1000; attempt++) {
        const product = pick(catalogue);
        const source = Math.random() < 2 / 3 ? product.name : product.description;
        const start = Math.floor(Math.random() * Math.max(1, source.length - 3));
        const keyword = source.slice(start, start + 3 + Math.floor(Math.random() * 8)).trim();
        if (keyword.length < 3 || !/[a-z]/i.test(keyword) || seen.has(keyword.toLowerCase())) continue;
        seen.add(keyword.toLowerCase());
        return keyword;
      }
      repeats++;
      return pick([...seen]);
    },
    /** Counts a search's answer: whether it listed at least one product. */
    answered(status: number, body: string) {
      answered++;
      if (status === 200 && body.includes('"_id"')) found++;
    },
    summary: () =>
      `${seen.size} distinct keywords, ${repeats} repeated; ${found} of ${answered} searches found at least one product`,
  };
}
