import { existsSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { BACKUP_FILE_NAME } from './backup-file';
import {
  failRun,
  finishRun,
  insertRun,
  recentRuns,
  runById,
  scheduledBackupFiles,
  tryBackupLock,
  type BackupRun,
} from './queries';
import { writeBackup, type BackupSource } from './write-backup';

export type { BackupRun };
export type BackupTrigger = BackupRun['trigger'];
export type BackupDestination = { folder: string } | { file: string };

/** Another backup is being made (here or by another instance): this one is not started. */
export class BackupBusy extends Error {
  override name = 'BackupBusy';
  constructor() {
    super('A backup is being made right now. Wait for it to finish.');
  }
}

/** The key of the advisory lock every instance takes while it writes a backup. */
export const BACKUP_LOCK = 0x62_61_63_6b; // "back"

export interface BackupRunnerOptions extends Omit<BackupSource, 'database'> {
  database: Database;
  /** BACKUP_DIR: where the files go. */
  folder: string;
  /** Scheduled backups kept in the folder; older ones are deleted after each new one. */
  keep: number;
  log: FastifyBaseLogger;
}

/**
 * Makes backups one at a time: at most one per process, and across instances on one PostgreSQL one at a
 * time (an advisory lock held by the writing transaction). Each is recorded in backup_runs before it
 * starts and when it ends, so admins see the last one and any failure.
 */
export function createBackupRunner(options: BackupRunnerOptions) {
  const { database, log } = options;
  const { db } = database;
  const instance = `${hostname()}:${process.pid}`;
  let current: Promise<unknown> | null = null;

  /**
   * Records a run and makes the backup. A scheduled run first claims its day's slot and answers null when
   * another instance already has it. `background` answers as soon as the run is recorded.
   */
  async function run(
    trigger: BackupTrigger,
    opts: { slot?: string; background?: boolean; to?: BackupDestination } = {},
  ): Promise<BackupRun | null> {
    if (current) throw new BackupBusy();
    const started = await insertRun(db, { trigger, slot: opts.slot ?? null, instance });
    if (!started) return null;
    const work = make(started, opts.to).finally(() => {
      current = null;
    });
    current = work;
    if (opts.background) {
      work.catch(() => {}); // recorded and logged in make()
      return started;
    }
    return work;
  }

  async function make(started: BackupRun, to?: BackupDestination): Promise<BackupRun> {
    try {
      const summary = await writeBackup({ ...options }, to ?? { folder: options.folder }, {
        // Inside the backup's own transaction: held exactly as long as the rows are read.
        lock: async (tx) => {
          if (!(await tryBackupLock(tx, BACKUP_LOCK))) throw new BackupBusy();
        },
      });
      const done = await finishRun(db, started.id, {
        file: path.basename(summary.file),
        bytes: summary.bytes,
        rows: summary.rows,
        images: summary.images,
      });
      log.info(
        {
          file: summary.file,
          bytes: summary.bytes,
          rows: summary.rows,
          images: summary.images,
          seconds: summary.seconds,
          trigger: started.trigger,
        },
        'backup made',
      );
      if (started.trigger === 'schedule' && !to) await prune();
      return done;
    } catch (error) {
      const message =
        error instanceof BackupBusy
          ? 'Another backup was being made at the same time; this one was not made.'
          : (error as Error).message || String(error);
      log.error({ err: error, trigger: started.trigger }, 'backup failed');
      await failRun(db, started.id, message).catch((err) => log.error({ err }, 'backup failure not recorded'));
      throw error;
    }
  }

  /**
   * Deletes the files of the oldest scheduled backups kept in the folder beyond `keep`. Which backups were
   * scheduled is read from backup_runs, never guessed from a file's name: one an admin or the command
   * asked for stays until a person deletes it.
   */
  async function prune() {
    try {
      const kept = (await scheduledBackupFiles(db)).filter(
        (file) => BACKUP_FILE_NAME.test(file) && existsSync(path.join(options.folder, file)),
      );
      for (const file of kept.slice(options.keep)) {
        await unlink(path.join(options.folder, file));
        log.info({ file }, 'old backup deleted');
      }
    } catch (err) {
      log.warn({ err }, 'old backups not pruned');
    }
  }

  return {
    run,
    /** The latest runs, newest first. */
    recent: (limit = 20) => recentRuns(db, limit),
    byId: (id: string) => runById(db, id),
    /** Resolves when a run in progress here has ended. */
    idle: async () => {
      await current?.catch(() => {});
    },
    instance,
  };
}

export type BackupRunner = ReturnType<typeof createBackupRunner>;
