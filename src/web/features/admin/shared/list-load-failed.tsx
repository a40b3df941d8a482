/** Said in place of a back-office list whose load failed (these lists are not toasted: errorToast is false). */
export function ListLoadFailed({ what }: { what: string }) {
  return (
    <p role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center text-red-900">
      Failed to load {what}. Please try again.
    </p>
  );
}
