import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BulkEmailInput } from '../../../../shared/schemas/mail';
import type { AdminUserUpdate, User } from '../../../../shared/schemas/users';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { failureMessage } from '../../../lib/failure-message';
import { DASHBOARD_QUERY_KEY } from '../dashboard/api';

/** The server's default page of users. */
const CUSTOMERS_PAGE_SIZE = 20;

export interface UserList {
  users: User[];
  page: number;
  pages: number;
  totalUsers: number;
}

export interface BulkEmailResult {
  message: string;
  sent: number;
  failed: number;
  failedRecipients: string[];
}

const usersRoot = ['admin', 'users'] as const;

export function useCustomers(search: { keyword: string; page: number }) {
  return useQuery({
    queryKey: [...usersRoot, search],
    queryFn: ({ signal }) =>
      apiRequest<UserList>('/users', {
        query: { keyword: search.keyword, page: search.page, limit: CUSTOMERS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
}

function useUserChange<V, R>(call: (variables: V) => Promise<R>, success: string, fallback: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    meta: { errorToast: false },
    onSuccess: () => {
      toast.success(success);
      void queryClient.invalidateQueries({ queryKey: usersRoot });
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY });
    },
    // The server explains its refusals ('You cannot remove the last admin'): show its words.
    onError: (error) => toast.error(failureMessage(error, fallback)),
  });
}

export function useSetAdmin() {
  return useUserChange(
    ({ id, isAdmin }: { id: string; isAdmin: boolean }) =>
      apiRequest<User, AdminUserUpdate>(`/users/${encodeURIComponent(id)}`, { method: 'PUT', body: { isAdmin } }),
    'User updated successfully',
    'Failed to update user',
  );
}

export function useDeleteUser() {
  return useUserChange(
    (id: string) => apiRequest<{ message: string }>(`/users/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    'User deleted successfully',
    'Failed to delete user',
  );
}

const SEND_FAILED = 'Failed to send email. Please try again.';

/** A 400 names what the server refused (too many recipients, a bad address); anything else gets the spec's words. */
function bulkEmailFailure(error: unknown): string {
  return error instanceof ApiError && error.status === 400 ? failureMessage(error, SEND_FAILED) : SEND_FAILED;
}

export function useSendBulkEmail() {
  return useMutation({
    mutationFn: (email: BulkEmailInput) =>
      apiRequest<BulkEmailResult, BulkEmailInput>('/email/bulk', { method: 'POST', body: email }),
    meta: { errorToast: false },
    onSuccess: (result) => {
      toast.success(`Email sent to ${result.sent} customer(s)`);
      if (result.failed > 0) {
        toast.error(`${result.failed} could not be sent`, { description: result.failedRecipients.join(', ') });
      }
    },
    onError: (error) => toast.error(bulkEmailFailure(error)),
  });
}
