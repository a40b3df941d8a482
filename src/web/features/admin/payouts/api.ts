import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  Payout,
  PayoutList,
  PayoutNoteInput,
  PayoutRunDetail,
  PayoutRunList,
  ProposedRun,
  ProposeRunInput,
} from '../../../../shared/schemas/payouts';
import { apiRequest } from '../../../lib/api-client';
import { failureMessage } from '../../../lib/failure-message';
import { toast } from '../../../lib/toast';
import { DASHBOARD_QUERY_KEY } from '../dashboard/api';
import { MEMBERS_QUERY_ROOT } from '../members';
import { PAYMENTS_QUERY_ROOT } from '../orders/api';

export const PAYOUTS_QUERY_ROOT = ['admin', 'payouts'] as const;

/** As the other back-office lists: a phone's page stays short. */
const PAGE_SIZE = 20;

/** While a payout is on its way the sender reads it at the provider within seconds: look again as often. */
const WHILE_MOVING_MS = 5_000;

const moving = (payouts: readonly Payout[]) =>
  payouts.some((payout) => (payout.state === 'approved' || payout.state === 'sent') && !payout.stuck);

export function usePayoutRuns(page: number) {
  return useQuery({
    queryKey: [...PAYOUTS_QUERY_ROOT, 'runs', page],
    queryFn: ({ signal }) => apiRequest<PayoutRunList>('/payouts/runs', { query: { page, limit: PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    // A run just approved is being sent: its counts move within seconds.
    refetchInterval: (query) =>
      query.state.data?.runs.some(
        (run) => run.state === 'approved' && run.counts.approved + run.counts.sent > run.stuck,
      )
        ? WHILE_MOVING_MS
        : false,
    meta: { errorToast: false },
  });
}

export function usePayoutRun(id: string) {
  return useQuery({
    queryKey: [...PAYOUTS_QUERY_ROOT, 'run', id],
    queryFn: ({ signal }) => apiRequest<PayoutRunDetail>(`/payouts/runs/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: (query) => (query.state.data && moving(query.state.data.payouts) ? WHILE_MOVING_MS : false),
    meta: { errorToast: false },
  });
}

/** Failed payouts nobody has dealt with yet, from every run (Needs attention). */
export function useFailedPayouts() {
  return useQuery({
    queryKey: [...PAYOUTS_QUERY_ROOT, 'failed'],
    queryFn: ({ signal }) => apiRequest<PayoutList>('/payouts', { query: { filter: 'failed', limit: 100 }, signal }),
    meta: { errorToast: false },
  });
}

/** One member's payouts, newest first (her page). */
export function useMemberPayouts(memberId: string, page: number) {
  return useQuery({
    queryKey: [...PAYOUTS_QUERY_ROOT, 'member', memberId, page],
    queryFn: ({ signal }) =>
      apiRequest<PayoutList>('/payouts', { query: { memberId, page, limit: PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data && moving(query.state.data.payouts) ? WHILE_MOVING_MS : false),
    meta: { errorToast: false },
  });
}

/** A payout moves what members are owed, Needs attention and the dashboard's count too. */
function reloadAfterPayout(queryClient: QueryClient) {
  for (const queryKey of [PAYOUTS_QUERY_ROOT, MEMBERS_QUERY_ROOT, PAYMENTS_QUERY_ROOT, DASHBOARD_QUERY_KEY])
    void queryClient.invalidateQueries({ queryKey });
}

const proposedKey = (runId: string) => [...PAYOUTS_QUERY_ROOT, 'proposed', runId] as const;

/** Who the proposal left out, kept for the run's page (GET of a run does not name them). */
export const proposedSkips = (queryClient: QueryClient, runId: string) =>
  queryClient.getQueryData<ProposedRun>(proposedKey(runId))?.skipped;

/** Proposes a run of everything owed now; a refusal (409: another run waits, nobody is owed the minimum) is shown where it was asked. */
export function useProposeRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<ProposedRun, ProposeRunInput>('/payouts/runs', { method: 'POST', body: {} }),
    meta: { errorToast: false },
    onSuccess: (run) => {
      queryClient.setQueryData(proposedKey(run._id), run);
      toast.success('Payout run proposed: another admin must approve it');
    },
    onSettled: () => reloadAfterPayout(queryClient),
  });
}

/** Approve (or, for the schedule's run, confirm); a 403 or 409 reloads too, so the screen stops offering it. */
export function useApproveRun(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<PayoutRunDetail>(`/payouts/runs/${encodeURIComponent(id)}/approve`, { method: 'PUT' }),
    meta: { errorToast: false },
    onSuccess: (run) =>
      toast.success(
        run.state === 'approved'
          ? 'Payout run approved: the payouts are being sent'
          : 'Confirmed: another admin must approve it',
      ),
    onSettled: () => reloadAfterPayout(queryClient),
  });
}

export function useCancelRun(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PayoutNoteInput) =>
      apiRequest<PayoutRunDetail, PayoutNoteInput>(`/payouts/runs/${encodeURIComponent(id)}/cancel`, {
        method: 'PUT',
        body: input,
      }),
    meta: { errorToast: false },
    onSuccess: () => toast.success('Payout run cancelled: its members are owed the money again'),
    onError: (error) => toast.error(failureMessage(error, 'Failed to cancel the payout run')),
    onSettled: () => reloadAfterPayout(queryClient),
  });
}

/** Sent by hand, or a failure dealt with: one note each, on one payout. */
export function usePayoutNote(action: 'sent-by-hand' | 'resolve') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string } & PayoutNoteInput) =>
      apiRequest<Payout, PayoutNoteInput>(`/payouts/${encodeURIComponent(id)}/${action}`, {
        method: 'PUT',
        body: { note },
      }),
    meta: { errorToast: false },
    onSuccess: () =>
      toast.success(action === 'sent-by-hand' ? 'Recorded as sent: she gets a text' : 'Marked as dealt with'),
    onError: (error) => toast.error(failureMessage(error, 'Failed to save')),
    onSettled: () => reloadAfterPayout(queryClient),
  });
}
