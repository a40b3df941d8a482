const STAR_PATH = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

function StarRow({ size, color }: { size: number; color: string }) {
  return (
    <span className="flex gap-0.5">
      {[1, 2, 3, 4, 5].map((star) => (
        <svg key={star} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" className="shrink-0">
          <path fill={color} d={STAR_PATH} />
        </svg>
      ))}
    </span>
  );
}

/** Five stars filled to the rating (partial stars by clipping); the number is read out, the stars are decoration. */
export function StarRating({ rating, size = 18, label }: { rating: number; size?: number; label?: string }) {
  const safe = Number.isFinite(rating) ? Math.min(5, Math.max(0, rating)) : 0;
  return (
    <span role="img" aria-label={label ?? `Rated ${safe.toFixed(1)} out of 5`} className="relative inline-flex">
      <StarRow size={size} color="#e5dccd" />
      <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${(safe / 5) * 100}%` }}>
        <StarRow size={size} color="#d99a2b" />
      </span>
    </span>
  );
}
