import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AskWalletChangeInput,
  CreateMemberInput,
  Member,
  MemberList,
  MemberShares,
  UpdateMemberInput,
} from '../../../../shared/schemas/members';
import { apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';

/** Every screen that shows members: the list, a member's page, the product editor's makers. */
export const MEMBERS_QUERY_ROOT = ['admin', 'members'] as const;

/** A member's ledger, a page at a time: a year of a busy maker's sales is a few hundred lines. */
const SHARES_PAGE_SIZE = 50;

export type MemberShown = 'active' | 'inactive' | 'all';

/** GET /members: in name order, with what each is owed; only the active or inactive when asked. */
export function useMembers(shown: MemberShown) {
  return useQuery({
    queryKey: [...MEMBERS_QUERY_ROOT, 'list', shown],
    queryFn: ({ signal }) =>
      apiRequest<MemberList>('/members', {
        query: { active: shown === 'all' ? undefined : String(shown === 'active') },
        signal,
      }),
    meta: { errorToast: false },
  });
}

export function useMember(id: string) {
  return useQuery({
    queryKey: [...MEMBERS_QUERY_ROOT, 'one', id],
    queryFn: ({ signal }) => apiRequest<Member>(`/members/${encodeURIComponent(id)}`, { signal }),
    meta: { errorToast: false },
  });
}

export function useMemberShares(id: string, page: number) {
  return useQuery({
    queryKey: [...MEMBERS_QUERY_ROOT, 'shares', id, page],
    queryFn: ({ signal }) =>
      apiRequest<MemberShares>(`/members/${encodeURIComponent(id)}/shares`, {
        query: { page, limit: SHARES_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
}

function useReloadMembers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: MEMBERS_QUERY_ROOT });
}

/** Adds (no id) or changes (an id: name, role, active) a member; the form shows a refusal, nothing is toasted. */
export function useSaveMember() {
  const reload = useReloadMembers();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: CreateMemberInput | UpdateMemberInput }) =>
      id
        ? apiRequest<Member, UpdateMemberInput>(`/members/${encodeURIComponent(id)}`, {
            method: 'PATCH',
            body: input as UpdateMemberInput,
          })
        : apiRequest<Member, CreateMemberInput>('/members', { method: 'POST', body: input as CreateMemberInput }),
    meta: { errorToast: false },
    onSettled: reload,
  });
}

/** One admin asks for a new wallet number; another approves it. A refusal is shown where it was asked. */
export function useAskWalletChange(id: string) {
  const reload = useReloadMembers();
  return useMutation({
    mutationFn: (input: AskWalletChangeInput) =>
      apiRequest<Member, AskWalletChangeInput>(`/members/${encodeURIComponent(id)}/wallet`, {
        method: 'POST',
        body: input,
      }),
    meta: { errorToast: false },
    onSettled: reload,
  });
}

/**
 * A 403 (the asker) or 409 (already approved or cancelled) reloads too, so the screen stops offering it.
 * The toast is the hook's: the waiting change's buttons are gone once the member is read again.
 */
export function useApproveWalletChange(id: string) {
  const reload = useReloadMembers();
  return useMutation({
    mutationFn: () =>
      apiRequest<Member>(`/members/${encodeURIComponent(id)}/wallet/approve`, {
        method: 'PUT',
      }),
    meta: { errorToast: false },
    onSuccess: () => toast.success('Wallet number changed'),
    onSettled: reload,
  });
}

export function useCancelWalletChange(id: string) {
  const reload = useReloadMembers();
  return useMutation({
    mutationFn: () => apiRequest<Member>(`/members/${encodeURIComponent(id)}/wallet`, { method: 'DELETE' }),
    meta: { errorToast: false },
    onSuccess: () => toast.success('Wallet change cancelled'),
    onSettled: reload,
  });
}
