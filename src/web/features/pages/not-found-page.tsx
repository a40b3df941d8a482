import { useEffect } from 'react';
import { useLocation } from '../../lib/router';
import { ButtonLink } from '../../components/ui/button';
import { useDocumentTitle } from '../../lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  const { pathname } = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="mb-2 font-serif text-7xl font-bold text-forest-600" aria-hidden="true">
        404
      </p>
      <h1 className="mb-4 text-3xl font-bold">Oops! Page not found</h1>
      <p className="mb-8 text-bark-700">The page you are looking for may have moved, or the link may be mistyped.</p>
      <ButtonLink to="/">Return to Home</ButtonLink>
    </div>
  );
}
