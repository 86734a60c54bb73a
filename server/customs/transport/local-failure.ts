/**
 * The folder transport could not write its own send folder (a full or read-only disk, a missing
 * permission): the file never left this machine, so customs' side was never tried (issue 27). Such a
 * failure is not a delivery attempt: the message goes back to waiting — its attempt given back, its
 * bill untouched (no 发送失败, no system text in 回执信息) — and is sent once the disk recovers.
 * Temporary files a killed writer left in the folder are removed at start.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { outboxStorageText } from '../../../domain/texts/storage.ts';
import { transportText } from '../../../domain/texts/transport.ts';
import type { Database } from '../../db/schema.ts';

export class LocalWriteFailure extends Error {
  constructor(message: string, readonly code: string) {
    super(message);
  }
}

/**
 * The disk's conditions, which pass (space freed, remounted, permission restored). A send folder
 * configured wrong (a file where the folder should be) is no condition: that stays a failed delivery
 * the operator sees on the bill.
 */
const DISK_CONDITIONS = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EIO', 'EACCES', 'EPERM', 'EFBIG']);

/** The error a failed write of the send folder throws: a LocalWriteFailure for a disk condition. */
export function outboxWriteError(message: string, code: string): Error {
  return DISK_CONDITIONS.has(code) ? new LocalWriteFailure(message, code) : new Error(message);
}

/**
 * Puts a claimed message back to 'pending' after a local write failure, without counting the attempt;
 * it is tried again after `waitMs`. Answers whether the message was still this sender's.
 */
export async function waitForLocalDisk(db: Kysely<Database>, m: { id: number; companyId: number }, failure: LocalWriteFailure, waitMs: number): Promise<boolean> {
  const reason = transportText.fsReasons[failure.code] ?? outboxStorageText.unknownReason;
  const r = await db.updateTable('customs_messages')
    .set({
      status: 'pending', claimed_by: null, last_error: outboxStorageText.waiting(reason),
      attempts: sql<number>`greatest(attempts - 1, 0)`,
      next_attempt_at: sql<Date>`now() + make_interval(secs => ${waitMs / 1000}::double precision)`,
    })
    .where('company_id', '=', m.companyId).where('id', '=', m.id).where('status', '=', 'sending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** A writer's temporary file (files.ts writeAtomically: `.<name>.<hex>.tmp`). */
const TEMP = /^\..+\.[0-9a-f]{12}\.tmp$/;
/** older than any write in progress: another server sharing the folder may be writing one right now */
const STALE_MS = 10 * 60_000;

/** Removes the temporary files killed writers left in `dir`; answers how many. */
export async function removeStaleTemps(dir: string, now = Date.now()): Promise<number> {
  let removed = 0;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!TEMP.test(name)) continue;
    const info = await stat(join(dir, name)).catch(() => undefined);
    if (info?.isFile() && now - info.mtimeMs > STALE_MS) {
      await rm(join(dir, name), { force: true });
      removed++;
    }
  }
  return removed;
}
