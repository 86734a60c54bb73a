/**
 * Enterprise attachments: /company/saveFile takes a file uploaded through /api/file/upload and keeps
 * it with the enterprise (a jpeg or png of at most 500 KB, checked by its bytes, not only its name);
 * the upload itself is removed, so the bytes live once, in the database. Deleting needs the same
 * filing state as editing (not while under review).
 */
import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { ATTACHMENT_MAX_BYTES, attachmentTypeName, imageKindOf } from '../../domain/enterprise/attachments.ts';
import { enterpriseText } from '../../domain/texts/enterprise.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import type { Db } from '../db/database.ts';
import { resolveUpload } from '../files/uploads.ts';
import { BizError } from '../http/errors.ts';
import { decideFiling } from './filing.ts';

export interface SaveFileInput { fileType: string; fileUri: string; companyId?: number | string | null }

export async function saveAttachment(db: Db, dataDir: string, user: AuthUser, input: SaveFileInput) {
  if (input.companyId !== undefined && input.companyId !== null && input.companyId !== '' && Number(input.companyId) !== user.companyId) {
    throw new BizError(enterpriseText.companyNotFound);
  }
  if (!attachmentTypeName(input.fileType)) throw new BizError(enterpriseText.chooseFileType);
  const path = await resolveUpload(db, dataDir, user.companyId, input.fileUri);
  const upload = await db.selectFrom('files').select(['name']).where('uri', '=', input.fileUri).where('company_id', '=', user.companyId).executeTakeFirstOrThrow();
  const bytes = await readFile(path);
  const kind = imageKindOf(bytes);
  if (!kind || !/\.(jpe?g|png)$/i.test(upload.name)) throw new BizError(enterpriseText.fileTypeBad);
  if (bytes.length > ATTACHMENT_MAX_BYTES) throw new BizError(enterpriseText.fileTooLarge);
  const saved = await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('companies').select(['approve_state']).where('id', '=', user.companyId).forUpdate().executeTakeFirstOrThrow();
    decideFiling(row.approve_state, 'attach');
    const file = await trx.insertInto('company_files').values({
      company_id: user.companyId, file_type: input.fileType, file_name: upload.name, content_type: kind, size: bytes.length,
      content: bytes, token: randomUUID(),
    }).returning(['id', 'file_type', 'file_name']).executeTakeFirstOrThrow();
    await trx.deleteFrom('files').where('uri', '=', input.fileUri).where('company_id', '=', user.companyId).execute();
    return file;
  });
  await rm(path, { force: true });
  return { id: saved.id, fileType: saved.file_type, fileTypeName: attachmentTypeName(saved.file_type), fileName: saved.file_name };
}

export async function deleteAttachment(db: Db, user: AuthUser, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('companies').select(['approve_state']).where('id', '=', user.companyId).forUpdate().executeTakeFirstOrThrow();
    const file = await trx.selectFrom('company_files').select('id').where('id', '=', id).where('company_id', '=', user.companyId).executeTakeFirst();
    if (!file) throw new BizError(enterpriseText.fileNotFound);
    decideFiling(row.approve_state, 'attach');
    await trx.deleteFrom('company_files').where('id', '=', id).execute();
  });
}

/** The bytes behind a download link; undefined for an unknown token. */
export async function attachmentByToken(db: Db, token: string) {
  if (!/^[0-9a-f-]{36}$/.test(token)) return undefined;
  return db.selectFrom('company_files').select(['file_name', 'content_type', 'content']).where('token', '=', token).executeTakeFirst();
}
