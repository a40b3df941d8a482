import { lazy, Suspense, useEffect, useState } from 'react';
import { loadSonner, onToastRequested } from '../../lib/toast';

const Toaster = lazy(async () => ({ default: (await loadSonner()).Toaster }));

export function LazyToaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onToastRequested(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" richColors closeButton duration={4000} />
    </Suspense>
  );
}
