export function Spinner({ label = 'Loading', className = '' }: { label?: string; className?: string }) {
  return (
    <div role="status" className={`flex justify-center py-12 ${className}`}>
      <span
        aria-hidden="true"
        className="h-10 w-10 animate-spin rounded-full border-4 border-forest-100 border-t-forest-700"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}
