/**
 * npm run restore -- <file>: a backup archive into a stopped, empty DATA_DIR (and, with DATABASE_URL,
 * an empty PostgreSQL database). A damaged archive, or one of a newer migration level, is refused
 * before anything is written (server/ops/backup/restore.ts).
 */
import { backupText } from '../domain/texts/backup.ts';
import { loadConfig } from '../server/config.ts';
import { adminSocketPath, askRunningServer } from '../server/ops/backup/admin-socket.ts';
import { restoreBackup } from '../server/ops/backup/restore.ts';
import { existsSync } from 'node:fs';

const file = process.argv[2];
if (!file) { console.error(backupText.usageRestore); process.exit(2); }
const config = loadConfig();
try {
  if (existsSync(adminSocketPath(config.dataDir))) {
    // a socket that answers is a running server (it refuses a relative path at once): never restore under it
    const running = await askRunningServer(config.dataDir, 'probe').then((answer) => answer !== undefined, () => true);
    if (running) throw new Error(backupText.serverRunning(config.dataDir));
  }
  await restoreBackup(file, { dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  console.log(backupText.restored(config.dataDir));
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
