/**
 * Files kept in the database (stored_files): news covers and attachments, knowledge documents and
 * ticket screenshots. A file is opened by a link carrying its random token (an <img> or a new
 * window sends no token header), like the enterprise attachments: the token is the capability.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';

export const FILE_ROUTE = '/api/enterprise/content/file';

export interface NewStoredFile { companyId: number | null; fileName: string; contentType: string; content: Uint8Array }

export async function storeFile(db: Db, file: NewStoredFile): Promise<{ id: number; token: string }> {
  return db.insertInto('stored_files').values({
    company_id: file.companyId, token: randomUUID(), file_name: file.fileName, content_type: file.contentType,
    size: file.content.length, content: file.content,
  }).returning(['id', 'token']).executeTakeFirstOrThrow();
}

/** Where a browser shows the file (inline) and where it downloads it (attachment). */
export function fileUris(token: string, name: string) {
  const uri = `${FILE_ROUTE}/${token}/${encodeURIComponent(name)}`;
  return { uri, displayUri: uri, downloadUri: `${uri}?download=1` };
}

/** The bytes behind a link; undefined for an unknown token or a name that is not the file's. */
export async function fileByToken(db: Db, token: string, name: string) {
  if (!/^[0-9a-f-]{36}$/.test(token)) return undefined;
  const row = await db.selectFrom('stored_files').select(['file_name', 'content_type', 'content']).where('token', '=', token).executeTakeFirst();
  return row && row.file_name === name ? row : undefined;
}
