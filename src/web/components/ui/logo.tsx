/** The co-op's mark: a golden leaf on forest green (same drawing as the favicon). */
export function LogoMark({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" className="shrink-0">
      <rect width="32" height="32" rx="8" fill="#2c5a32" />
      <path d="M16 6c6 3 9 8 8 14-3 4-8 5-12 3C9 17 11 10 16 6z" fill="#e8b04a" />
      <path d="M12 23c2-5 5-9 9-12" stroke="#2c5a32" strokeWidth="1.6" fill="none" strokeLinecap="round" />
    </svg>
  );
}
