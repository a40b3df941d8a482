import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditList, AuditSubject } from '../../../../shared/schemas/audit';
import { apiRequest } from '../../../lib/api-client';

export interface AuditSearch {
  subjectType: AuditSubject | '';
  /** Days as the date inputs give them (YYYY-MM-DD, the admin's own calendar), or ''. */
  fromDay: string;
  toDay: string;
  keyword: string;
  page: number;
}

/** The admin's day as the moments it starts and ends, so a day means the same on the server as on the phone. */
function momentOf(day: string, end: boolean): string | undefined {
  if (!day) return undefined;
  const [year, month, date] = day.split('-').map(Number);
  const start = new Date(year, month - 1, date);
  return new Date(end ? new Date(year, month - 1, date + 1).getTime() - 1 : start.getTime()).toISOString();
}

export function useAuditTrail(search: AuditSearch) {
  return useQuery({
    queryKey: ['admin', 'audit', search],
    queryFn: ({ signal }) =>
      apiRequest<AuditList>('/audit', {
        query: {
          subjectType: search.subjectType,
          from: momentOf(search.fromDay, false),
          to: momentOf(search.toDay, true),
          q: search.keyword,
          page: search.page,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    // Read again on every visit: the lines of what an admin just did must be there.
    staleTime: 0,
    meta: { errorToast: false },
  });
}
