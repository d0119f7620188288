import type { Core } from '@strapi/strapi';
import path from 'node:path';
import { guardConfig } from '../src/config-guard';

export default ({ env }: Core.Config.Shared.ConfigParams) => {
  guardConfig();
  if (env('DATABASE_CLIENT', 'sqlite') === 'postgres') {
    return {
      connection: {
        client: 'postgres',
        connection: env('DATABASE_URL')
          ? { connectionString: env('DATABASE_URL') }
          : {
              host: env('DATABASE_HOST', '127.0.0.1'),
              port: env.int('DATABASE_PORT', 5432),
              database: env('DATABASE_NAME', 'writory'),
              user: env('DATABASE_USERNAME', 'writory'),
              password: env('DATABASE_PASSWORD', ''),
              ssl: env.bool('DATABASE_SSL', false) ? { rejectUnauthorized: false } : false,
            },
        pool: { min: env.int('DATABASE_POOL_MIN', 0), max: env.int('DATABASE_POOL_MAX', 10) },
      },
    };
  }
  return {
    connection: {
      client: 'sqlite',
      connection: { filename: path.resolve(process.cwd(), env('DATABASE_FILENAME', '.tmp/data.db')) },
      useNullAsDefault: true,
      pool: {
        afterCreate(conn: { pragma(sql: string): unknown }, done: (err: Error | null, conn: unknown) => void) {
          // WAL lets readers and the writer work side by side; busy_timeout waits instead of failing on a lock.
          conn.pragma('journal_mode = WAL');
          conn.pragma('busy_timeout = 5000');
          conn.pragma('foreign_keys = ON');
          done(null, conn);
        },
      },
    },
  };
};
