import { useQuery } from '@tanstack/react-query';
import type { DashboardStats } from '../../../../shared/schemas/dashboard';
import { apiRequest } from '../../../lib/api-client';

export type { DashboardStats };

/** Under 'admin' so logging out drops the figures (auth-context's private query roots). */
export const DASHBOARD_QUERY_KEY = ['admin', 'dashboard'] as const;

export function useDashboardStats() {
  return useQuery({
    queryKey: DASHBOARD_QUERY_KEY,
    queryFn: ({ signal }) => apiRequest<DashboardStats>('/dashboard', { signal }),
    // Figures move with every order: opening the dashboard asks again (the last ones show meanwhile).
    staleTime: 0,
    meta: { errorToast: false },
  });
}
