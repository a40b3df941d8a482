import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { BackupRunner } from './backup-runner';
import { scheduledBackupSince } from './queries';

export interface DailyTime {
  hour: number;
  minute: number;
}

/** "02:00" → { hour: 2, minute: 0 }; "off" → null. Checked by config.ts. */
export function parseDailyTime(value: string): DailyTime | null {
  if (value === 'off') return null;
  const [hour, minute] = value.split(':').map(Number);
  return { hour, minute };
}

/** The day a scheduled backup stands for, in server time: YYYY-MM-DD. */
export function slotOf(date: Date) {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Milliseconds from `now` to the next `at` in server time (tomorrow's when today's has passed). */
export function msUntil(at: DailyTime, now: Date) {
  const next = new Date(now);
  next.setHours(at.hour, at.minute, 0, 0);
  if (next <= now) next.setDate(next.getDate() + 1);
  return next.getTime() - now.getTime();
}

/**
 * One backup a day at `at`, made by whichever instance claims the day first. A shop that was off at that
 * hour (a laptop closed for the night) makes up for it `catchUpMs` after starting, when no scheduled
 * backup succeeded in the last 24 hours.
 */
export function scheduleBackups(
  runner: BackupRunner,
  db: Db,
  at: DailyTime,
  log: FastifyBaseLogger,
  catchUpMs = 60_000,
) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const attempt = async (why: string) => {
    try {
      const made = await runner.run('schedule', { slot: slotOf(new Date()) });
      if (!made) log.debug({ why }, "today's backup is another instance's");
    } catch {
      // recorded in backup_runs and logged by the runner
    }
  };
  const next = () => {
    if (stopped) return;
    timer = setTimeout(() => void attempt('schedule').finally(next), msUntil(at, new Date()));
    timer.unref();
  };
  const catchUp = setTimeout(async () => {
    if (stopped) return;
    const made = await scheduledBackupSince(db, new Date(Date.now() - 24 * 60 * 60 * 1000)).catch(() => true);
    if (!made) await attempt('catch-up');
  }, catchUpMs);
  catchUp.unref();
  next();
  return () => {
    stopped = true;
    clearTimeout(timer);
    clearTimeout(catchUp);
  };
}
