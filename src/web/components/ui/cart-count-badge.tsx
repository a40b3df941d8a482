/** The little number on cart icons; shown only above zero (SPEC §2). */
export function CartCountBadge({ count, className = '' }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className={`absolute -top-1 -right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-honey-400 px-1 text-xs font-bold text-bark-900 tabular-nums ${className}`}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

export function cartLinkLabel(count: number) {
  return count > 0 ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart';
}
