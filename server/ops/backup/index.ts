/**
 * Backups of a running server (issue 30): the PGlite server answers `npm run backup` on its admin
 * socket (the embedded database can be read only by the process holding it) and, by default, backs
 * itself up daily; a PostgreSQL server runs the schedule only when BACKUP_AT is set (pg_dump is
 * the usual tool there, and the script takes it beside a running server).
 */
import { mkdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/database.ts';
import { serveAdminSocket } from './admin-socket.ts';
import { scheduleBackups } from './schedule.ts';
import { writeBackup, type BackupDatabase } from './write.ts';

export function backupDatabaseOf(handle: DatabaseHandle, databaseUrl: string | undefined): BackupDatabase {
  if (handle.kind === 'pglite') {
    const pglite = handle.pglite!;
    return { kind: 'pglite', db: handle.db, dump: () => pglite.dumpDataDir('gzip') };
  }
  return { kind: 'pg', db: handle.db, databaseUrl: databaseUrl! };
}

export async function installBackups(app: FastifyInstance, handle: DatabaseHandle): Promise<void> {
  const { config } = app;
  const database = backupDatabaseOf(handle, config.databaseUrl);
  const backup = (path: string) => writeBackup({ dataDir: config.dataDir, database, exclude: [config.backup.dir] }, path);
  if (handle.kind === 'pglite') {
    await mkdir(config.dataDir, { recursive: true });
    const stop = await serveAdminSocket(config.dataDir, backup);
    app.addHook('onClose', stop);
  }
  await mkdir(config.backup.dir, { recursive: true }).catch(() => undefined);
  const stopSchedule = scheduleBackups({ ...config.backup, backup, log: app.log, onRun: (status) => { app.serverState.lastBackup = status; } });
  app.addHook('onClose', stopSchedule);
}
