import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MemberMonthReport } from '../../../../shared/schemas/member-reports';
import type { MonthlyReport } from '../../../../shared/schemas/reports';
import { apiRequest } from '../../../lib/api-client';
import {
  downloadWithProgress,
  saveFile,
  type DownloadedFile,
  type DownloadProgress,
} from '../../../lib/download-with-progress';

/** Under 'admin' so logging out drops the figures (auth-context's private query roots). */
export function useMonthlyReport(month: string) {
  return useQuery({
    queryKey: ['admin', 'reports', 'monthly', month],
    queryFn: ({ signal }) => apiRequest<MonthlyReport>('/reports/monthly', { query: { month }, signal }),
    // The month's figures move with every order: opening the page asks again (the last ones show meanwhile).
    staleTime: 0,
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
}

export interface FileRequest {
  /** What is being downloaded, in the status line: 'orders with lines'. */
  what: string;
  path: string;
  query?: Record<string, string | undefined>;
  fallbackName: string;
}

/**
 * One download at a time with its progress. It runs as a mutation so that a session that ended (401, 403)
 * logs the admin out as every other back-office call does; the page shows the failure itself.
 */
export function useFileDownload() {
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  const mutation = useMutation<DownloadedFile, unknown, FileRequest>({
    mutationFn: async (request) => {
      controller.current = new AbortController();
      setProgress(null);
      const file = await downloadWithProgress({
        ...request,
        onProgress: setProgress,
        signal: controller.current.signal,
      });
      saveFile(file);
      return file;
    },
    meta: { errorToast: false },
  });
  useEffect(() => () => controller.current?.abort(), []);
  const cancel = useCallback(() => controller.current?.abort(), []);
  return { ...mutation, progress, cancel };
}

/** GET /reports/members: each member's shares, payouts and what she is owed, and the fund's, for a month. */
export function useMemberMonthReport(month: string) {
  return useQuery({
    queryKey: ['admin', 'reports', 'members', month],
    queryFn: ({ signal }) => apiRequest<MemberMonthReport>('/reports/members', { query: { month }, signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
}
