import { useState } from 'react';
import { ProductImage } from '../../../components/ui/product-image';
import { PRODUCT_MAIN_IMAGE_SIZES } from '../../../../shared/images';

/** The main image first, then the others; thumbnails only when there is more than one (SPEC §2). */
export function ProductGallery({ images, mainImage, name }: { images: string[]; mainImage: string; name: string }) {
  const ordered = [mainImage, ...images.filter((url) => url !== mainImage)].filter(Boolean);
  const [selected, setSelected] = useState(0);
  const current = ordered[Math.min(selected, ordered.length - 1)] ?? '';
  return (
    <div>
      <ProductImage
        url={current}
        alt={ordered.length > 1 ? `${name}, image ${selected + 1} of ${ordered.length}` : name}
        sizes={PRODUCT_MAIN_IMAGE_SIZES}
        priority
        className="aspect-square w-full rounded-2xl"
      />
      {ordered.length > 1 && (
        <ul className="mt-3 grid grid-cols-4 gap-2" aria-label="Product images">
          {ordered.map((url, index) => (
            <li key={url}>
              <button
                type="button"
                onClick={() => setSelected(index)}
                aria-label={`Show image ${index + 1} of ${ordered.length}`}
                aria-pressed={index === selected}
                className={`block w-full overflow-hidden rounded-xl ring-2 ${index === selected ? 'ring-forest-700' : 'ring-transparent hover:ring-forest-300'}`}
              >
                <ProductImage url={url} alt="" sizes="96px" width={400} height={400} className="aspect-square w-full" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
