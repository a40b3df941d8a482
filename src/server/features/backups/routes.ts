import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../shared/schemas/common';
import {
  backupIdParamsSchema,
  backupOverviewSchema,
  backupRunSchema,
  BACKUP_INTERRUPTED_AFTER_MINUTES,
  type BackupRunJson,
} from '../../../shared/schemas/backups';
import { HttpError } from '../../lib/http-errors';
import { BACKUP_FILE_NAME } from './backup-file';
import { BackupBusy, type BackupRun } from './backup-runner';

const security = [{ bearerAuth: [] }];
const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = app.config.backups;
  const folder = () => settings?.folder ?? path.join(app.config.dataDir, 'backups');
  // Only this server's folder: another machine's backups are not here (the list says where each was made).
  const fileHere = (run: BackupRun) =>
    run.file && BACKUP_FILE_NAME.test(run.file) ? path.join(folder(), run.file) : null;
  const toJson = (run: BackupRun): BackupRunJson => {
    const local = fileHere(run);
    const cutOff = !run.finishedAt && Date.now() - run.startedAt.getTime() > BACKUP_INTERRUPTED_AFTER_MINUTES * 60_000;
    return {
      id: run.id,
      trigger: run.trigger,
      state: run.error ? 'failed' : run.finishedAt ? 'done' : cutOff ? 'interrupted' : 'running',
      startedAt: run.startedAt.toISOString(),
      finishedAt: run.finishedAt?.toISOString() ?? null,
      file: run.file,
      bytes: run.bytes,
      rows: run.rows,
      images: run.images,
      error: run.error,
      downloadable: Boolean(local && existsSync(local)),
    };
  };

  app.get(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['backups'],
        summary: 'Admin: the backup schedule and the latest 20 backups, newest first',
        security,
        response: { 200: backupOverviewSchema, ...errors },
      },
    },
    async () => {
      const schedule = settings?.schedule;
      const pad = (n: number) => String(n).padStart(2, '0');
      return {
        schedule: schedule ? `${pad(schedule.hour)}:${pad(schedule.minute)}` : null,
        keep: settings?.keep ?? 14,
        runs: (await app.backups.recent()).map(toJson),
      };
    },
  );

  app.post(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['backups'],
        summary: 'Admin: make a backup now (202: started; read GET / until it is done or failed)',
        description: '409 while another backup is being made, here or on another instance.',
        security,
        response: { 202: backupRunSchema, ...errors },
      },
    },
    async (_request, reply) => {
      try {
        const run = await app.backups.run('admin', { background: true });
        return reply.status(202).send(toJson(run!));
      } catch (error) {
        if (error instanceof BackupBusy) throw new HttpError(409, error.message);
        throw error;
      }
    },
  );

  app.get(
    '/:id/file',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['backups'],
        summary: 'Admin: download a backup file (a gzip-compressed tar) kept by this server',
        security,
        params: backupIdParamsSchema,
        response: { 404: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const run = await app.backups.byId(request.params.id);
      const local = run && fileHere(run);
      if (!run || !local || !existsSync(local))
        throw new HttpError(
          404,
          'That backup file is not kept on this server (deleted as an old one, or made by another server).',
        );
      reply.header('content-type', 'application/gzip');
      reply.header('content-disposition', `attachment; filename="${run.file}"`);
      reply.header('cache-control', 'no-store');
      // A stream is sent as it is: the response schemas above describe the errors only.
      return reply.send(createReadStream(local) as never);
    },
  );
};

export default backupRoutes;
