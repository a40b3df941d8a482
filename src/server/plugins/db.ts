import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import type { Database, Db } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    db: Db;
  }
}

/** Exposes the opened database and settings; whoever opened the database closes it (main.ts or a test). */
export default fp(
  async function dbPlugin(app: FastifyInstance, opts: { config: AppConfig; database: Database }) {
    app.decorate('config', opts.config);
    app.decorate('database', opts.database);
    app.decorate('db', opts.database.db);
  },
  { name: 'db' },
);
