import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { secretToCarry } from '../../lib/signing-secret';
import { storageLocation } from '../uploads';
import { createBackupRunner, type BackupRunner } from './backup-runner';
import { scheduleBackups } from './backup-schedule';

declare module 'fastify' {
  interface FastifyInstance {
    backups: BackupRunner;
  }
}

/** The backup runner of this instance, and the daily schedule from ready to close when BACKUP_SCHEDULE is a time. */
export default fp(
  async function backupsPlugin(app: FastifyInstance) {
    const { config } = app;
    const settings = config.backups ?? { folder: path.join(config.dataDir, 'backups'), schedule: null, keep: 14 };
    const runner = createBackupRunner({
      database: app.database,
      folder: settings.folder,
      keep: settings.keep,
      uploadsDir: config.storage ? undefined : path.join(config.dataDir, 'uploads'),
      imagesKeptIn: config.storage ? storageLocation(config.storage) : undefined,
      signingSecret: secretToCarry(config.dataDir, config.jwtSecretSetting),
      log: app.log.child({ feature: 'backups' }),
    });
    app.decorate('backups', runner);
    let stop = () => {};
    const schedule = settings.schedule;
    if (schedule)
      app.addHook(
        'onReady',
        async () => void (stop = scheduleBackups(runner, app.db, schedule, app.log.child({ feature: 'backups' }))),
      );
    app.addHook('onClose', async () => {
      stop();
      await runner.idle();
    });
  },
  { name: 'backups', dependencies: ['db'] },
);
