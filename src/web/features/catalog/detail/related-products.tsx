import { useRelatedProducts } from '../api';
import { ProductGrid } from '../components/product-grid';

/** Up to 4 from the same category, without the product itself (SPEC §2, §9). */
export function RelatedProducts({ productId }: { productId: string }) {
  const { data } = useRelatedProducts(productId, true);
  const related = (data ?? []).filter((product) => product._id !== productId).slice(0, 4);
  if (related.length === 0) return null;
  return (
    <section aria-labelledby="related-title" className="mt-14">
      <h2 id="related-title" className="mb-6 text-2xl font-bold">
        You might also like
      </h2>
      <ProductGrid products={related} label="Related products" columns={4} />
    </section>
  );
}
