/**
 * npm run backup -- <file>: one archive of everything a restore needs (server/ops/backup/write.ts).
 * PGlite: the running server holding DATA_DIR writes it (asked on its admin socket); when none runs,
 * this command opens the database itself. PostgreSQL: pg_dump beside any running servers.
 */
import { resolve } from 'node:path';
import { backupText } from '../domain/texts/backup.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase, pgliteDir } from '../server/db/database.ts';
import { askRunningServer } from '../server/ops/backup/admin-socket.ts';
import { backupDatabaseOf } from '../server/ops/backup/index.ts';
import { sizeMb } from '../server/ops/backup/restore.ts';
import { writeBackup } from '../server/ops/backup/write.ts';

const target = process.argv[2];
if (!target) { console.error(backupText.usageBackup); process.exit(2); }
const file = resolve(target);
const config = loadConfig();
try {
  const fromServer = config.databaseUrl ? undefined : await askRunningServer(config.dataDir, file);
  if (!fromServer) {
    const handle = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: pgliteDir(config.dataDir) });
    try {
      await writeBackup({ dataDir: config.dataDir, database: backupDatabaseOf(handle, config.databaseUrl), exclude: [config.backup.dir] }, file);
    } finally {
      await handle.close();
    }
  }
  console.log(backupText.written(file, await sizeMb(file)));
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
