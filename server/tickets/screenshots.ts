/**
 * Ticket screenshots: files uploaded through /api/file/upload and named by the ticket's filePath
 * list. Each must be the caller's company's upload, a .jpg/.jpeg/.png whose bytes are a JPEG or a
 * PNG, and at most 2 MB (§5's image rule). All are checked before anything is stored.
 */
import { readFile, rm } from 'node:fs/promises';
import { imageKindOf } from '../../domain/enterprise/attachments.ts';
import { TICKET_IMAGE_MAX_BYTES, TICKET_IMAGES_MAX } from '../../domain/content/tickets.ts';
import { ticketText as t } from '../../domain/texts/tickets.ts';
import type { Db } from '../db/database.ts';
import { resolveUpload } from '../files/uploads.ts';
import { BizError } from '../http/errors.ts';

export interface FilePathItem { filePath?: string; fileName?: string }
export interface CheckedScreenshot { uri: string; path: string; name: string; contentType: string; content: Uint8Array }

export async function checkScreenshots(db: Db, dataDir: string, companyId: number, items: readonly FilePathItem[]): Promise<CheckedScreenshot[]> {
  if (items.length > TICKET_IMAGES_MAX) throw BizError.fields(t.tooManyImages, [{ field: 'filePath', message: t.tooManyImages }]);
  const checked: CheckedScreenshot[] = [];
  for (const item of items) {
    const path = await resolveUpload(db, dataDir, companyId, item.filePath);
    const row = await db.selectFrom('files').select(['name']).where('uri', '=', item.filePath!).where('company_id', '=', companyId).executeTakeFirstOrThrow();
    const content = await readFile(path);
    const kind = imageKindOf(content);
    if (!kind || !/\.(jpe?g|png)$/i.test(row.name)) throw BizError.fields(t.imageType, [{ field: 'filePath', message: t.imageType }]);
    if (content.length > TICKET_IMAGE_MAX_BYTES) throw BizError.fields(t.imageSize, [{ field: 'filePath', message: t.imageSize }]);
    if (checked.some((c) => c.uri === item.filePath)) continue;
    checked.push({ uri: item.filePath!, path, name: row.name, contentType: kind, content });
  }
  return checked;
}

/** After the ticket is committed the uploads are gone from disk (their bytes live in the database). */
export async function removeUploads(screenshots: readonly CheckedScreenshot[]): Promise<void> {
  for (const s of screenshots) await rm(s.path, { force: true });
}
