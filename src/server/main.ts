import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { readableLogStream } from './lib/readable-log';
import { openControlSocket } from './features/backups';
import { storageLocation } from './features/uploads';
import { ensureAdmin } from './features/users';
import { seedDemoIfEmpty } from './seed/demo';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pgdata'),
    pgliteBuffersMb: config.pgliteBuffersMb,
  });
  // In a terminal a person reads the log; anywhere else (a file, a service manager) a program does: JSON.
  const app = await buildApp({
    config,
    database,
    logStream: process.stdout.isTTY ? readableLogStream(process.stdout) : undefined,
  });
  if (config.admin) await ensureAdmin(app.db, config.admin, app.log);
  if (config.seedDemo) await seedDemoIfEmpty(app, app.log);

  let closeControl = async () => {};
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    // app.close() stops accepting connections and waits for in-flight requests before onClose hooks run.
    const force = setTimeout(() => {
      app.log.error('shutdown took over 10 s, exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await closeControl();
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // With the embedded database only this process can read it: npm run backup asks it over this socket.
  if (database.kind === 'pglite') closeControl = await openControlSocket(app);
  const images = config.storage ? storageLocation(config.storage) : 'DATA_DIR/uploads';
  app.log.info(`Shop ready on ${config.publicUrl} (database: ${database.kind}, images: ${images})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
