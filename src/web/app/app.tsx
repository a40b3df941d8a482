import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from '../lib/router';
import { LazyToaster } from '../components/ui/lazy-toaster';
import { AuthProvider } from '../features/auth';
import { CartProvider } from '../features/cart';
import { createQueryClient } from '../lib/query-client';
import { AppRoutes } from './routes';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <CartProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
          <LazyToaster />
        </CartProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
