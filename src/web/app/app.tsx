import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LazyToaster } from '../components/ui/lazy-toaster';
import { AuthProvider } from '../features/auth';
import { CartProvider } from '../features/cart';
import { AppRoutes } from './routes';

/**
 * The whole app under a router given by the caller: the browser's history in main.tsx, a fixed address
 * when the server renders a page (entry-server.tsx). Both must draw the same first screen.
 */
export function App({
  queryClient,
  router: Router,
}: {
  queryClient: QueryClient;
  router: (props: { children: ReactNode }) => ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <CartProvider>
          <Router>
            <AppRoutes />
          </Router>
          <LazyToaster />
        </CartProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
