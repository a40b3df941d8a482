import type { Product, ProductSummary, Review, SetPart, Variant } from '../../../shared/schemas/products';
import { toKwacha } from '../../../shared/money';
import type { productReviews, products } from '../../db/schema';

/** A product as the queries read it: every column but the search text, which only the database reads. */
export type ProductRow = Omit<typeof products.$inferSelect, 'searchText'>;
export type ReviewRow = Pick<typeof productReviews.$inferSelect, 'id' | 'name' | 'rating' | 'comment' | 'createdAt'>;

/** Average of the stored ratings, one decimal, 0 before the first review. */
export function averageRating(ratingTotal: number, numReviews: number): number {
  return numReviews > 0 ? Math.round((ratingTotal / numReviews) * 10) / 10 : 0;
}

export function toProductSummary(row: ProductRow): ProductSummary {
  return {
    _id: row.id,
    name: row.name,
    price: toKwacha(row.priceNgwee),
    category: row.category,
    description: row.description,
    countInStock: row.countInStock,
    sku: row.sku,
    isFeatured: row.isFeatured,
    brand: row.brand,
    rating: averageRating(row.ratingTotal, row.numReviews),
    numReviews: row.numReviews,
    ingredients: row.ingredients,
    benefits: row.benefits,
    size: row.size ?? null,
    howToUse: row.howToUse,
    images: row.images,
    mainImage: row.mainImage,
    image: row.mainImage,
    lowStockThreshold: row.lowStockThreshold ?? null,
    // A plain product answers exactly as the spec has it; options and sets add their fields (decision 067).
    ...(row.options.length > 0 && {
      options: row.options,
      ...(row.priceFromNgwee !== null && { priceFrom: toKwacha(row.priceFromNgwee) }),
    }),
    ...(row.isSet && { isSet: true }),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toReview(row: ReviewRow): Review {
  return {
    _id: row.id,
    name: row.name,
    rating: row.rating,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A product's variants and a set's parts, read only for a product that has them. */
export interface ProductMakeUp {
  variants?: Variant[];
  setParts?: SetPart[];
}

export function toProduct(row: ProductRow, reviews: readonly ReviewRow[], makeUp: ProductMakeUp = {}): Product {
  return {
    ...toProductSummary(row),
    ...(row.options.length > 0 && { variants: makeUp.variants ?? [] }),
    ...(row.isSet && { setParts: makeUp.setParts ?? [] }),
    reviews: reviews.map(toReview),
  };
}
