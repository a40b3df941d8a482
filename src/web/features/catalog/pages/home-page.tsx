import ArrowRight from 'lucide-react/icons/arrow-right';
import { ButtonLink } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFeaturedProducts } from '../api';
import { CategoryCards, Hero, MissionSection } from '../components/home-sections';
import { Newsletter, Testimonials } from '../components/home-community';
import { ProductGrid } from '../components/product-grid';

function FeaturedProducts() {
  const { data, isPending } = useFeaturedProducts();
  return (
    <section aria-labelledby="featured-title" className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
      <h2 id="featured-title" className="mb-8 text-center text-3xl font-bold">
        Featured Products
      </h2>
      {isPending ? (
        <Spinner label="Loading featured products" />
      ) : !data || data.length === 0 ? (
        <p className="py-8 text-center text-bark-700">No featured products available at the moment.</p>
      ) : (
        <ProductGrid products={data} showFeaturedBadge label="Featured products" columns={4} />
      )}
      <div className="mt-10 text-center">
        <ButtonLink to="/products" size="lg">
          View All Products
          <ArrowRight size={20} aria-hidden="true" />
        </ButtonLink>
      </div>
    </section>
  );
}

export function HomePage() {
  useDocumentTitle(undefined);
  return (
    <>
      <Hero />
      <CategoryCards />
      <MissionSection />
      <FeaturedProducts />
      <Testimonials />
      <Newsletter />
    </>
  );
}
