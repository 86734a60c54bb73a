import { mkdtempSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A temporary exchange folder for the folder transport (send/, receive/, done/, error/ below it) and
 * the app settings that use it: the outbox worker runs on drain() only; the inbox is polled for real.
 */
export function folderExchange(prefix: string) {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const dir = (name: string) => join(root, name);
  return {
    dir,
    /** the file names in one of the folders, sorted (none when it does not exist yet) */
    list: async (name: string) => (await readdir(dir(name)).catch(() => [] as string[])).sort(),
    env: (more: Record<string, string> = {}): Record<string, string> => ({
      CUSTOMS_TRANSPORT: 'folder',
      CUSTOMS_OUTBOX_DIR: dir('send'),
      CUSTOMS_INBOX_DIR: dir('receive'),
      CUSTOMS_POLL_MS: '0',
      CUSTOMS_INBOX_POLL_MS: '30',
      CUSTOMS_INBOX_SETTLE_MS: '100',
      ...more,
    }),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
