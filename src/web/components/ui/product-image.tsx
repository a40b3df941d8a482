import { imageSrcSet, storedImageName, variantUrl } from '../../../shared/images';

interface ProductImageProps {
  url: string;
  alt: string;
  /** The CSS width the image takes at each breakpoint, for the browser to pick a variant. */
  sizes: string;
  /** The first image a shopper sees on the screen: loaded at once and before others. */
  priority?: boolean;
  className?: string;
  width?: number;
  height?: number;
}

/** Product photos through the sized WebP variants, with their box reserved so nothing jumps. */
export function ProductImage({
  url,
  alt,
  sizes,
  priority = false,
  className = '',
  width = 800,
  height = 800,
}: ProductImageProps) {
  if (!url) {
    return (
      <div
        role="img"
        aria-label={alt}
        className={`flex aspect-square items-center justify-center bg-sand-100 text-4xl text-forest-300 ${className}`}
      >
        <span aria-hidden="true">🌿</span>
      </div>
    );
  }
  const srcSet = imageSrcSet(url);
  // The 800 px copy is plenty for any phone; the 1600 px original is only worth it in the srcset's absence.
  const src = storedImageName(url) ? variantUrl(url, 800) : url;
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : 'auto'}
      className={`bg-sand-100 object-cover ${className}`}
    />
  );
}
