/**
 * Uploaded files (bills §5): one .xlsx (or an enterprise attachment's picture), at most 10 MB, kept
 * per company under a name the server chooses; the name the client gave is only shown, as given
 * (issue 31 item 3: any name is taken, domain/upload-names.ts makes it safe to show). An
 * .xls (by name, or by its OLE2 bytes under an .xlsx name) is refused here with 请将文件另存为 .xlsx
 * 后上传: no reader takes it later (docs/decisions/i18-addresses-xls-refused-upload.md), so accepting it would only fail later as
 * 模板不正确.
 * A later call names the file by its opaque uri; only the uploading company can use it.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { extensionOf, isOle2, OLE2_SIGNATURE } from '../../domain/excel-files.ts';
import { uploadDisplayName } from '../../domain/upload-names.ts';
import { billServerText, billText } from '../../domain/texts/bills.ts';
import type { Db } from '../db/database.ts';
import { BizError } from '../http/errors.ts';
import { newUpload, uploadPath } from './store.ts';

export const MAX_UPLOAD_MB = 10;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;
const TYPES: Record<string, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  // images for the enterprise attachments (accounts §5: jpeg/png; their 500 KB limit and content are checked by /company/saveFile)
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** The extension (xlsx, or an image's) of a name as shown, or a refusal with the spec's message. */
export function checkUploadName(name: string): string {
  const ext = extensionOf(name);
  if (ext === 'xls') throw new BizError(billText.saveAsXlsx);
  if (!Object.hasOwn(TYPES, ext)) throw new BizError(billText.badTemplate);
  return ext;
}

export interface StoredUpload {
  uri: string;
  name: string;
}

/** Writes one uploaded file to disk and records it; nothing stays behind when it is refused. */
export async function storeUpload(db: Db, dataDir: string, companyId: number, part: MultipartFile): Promise<StoredUpload> {
  const name = uploadDisplayName(part.filename);
  let ext: string;
  try {
    ext = checkUploadName(name);
  } catch (error) {
    part.file.resume();
    throw error;
  }
  const { uri, path } = newUpload(dataDir, companyId, ext);
  await mkdir(dirname(path), { recursive: true });
  try {
    try {
      await pipeline(part.file, createWriteStream(path));
    } catch (error) {
      // the request's body broke off or is malformed (no closing boundary …): the client's fault, not ours
      // (a disk's error names its syscall: that one is ours and stays a server error)
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' || (error as NodeJS.ErrnoException).syscall) throw error;
      throw new BizError(billServerText.uploadIncomplete);
    }
    if (part.file.truncated) throw new BizError(billServerText.fileTooLarge(MAX_UPLOAD_MB));
    if (ext === 'xlsx' && isOle2(await headOf(path, OLE2_SIGNATURE.length))) throw new BizError(billText.saveAsXlsx);
    const { size } = await stat(path);
    await db.insertInto('files').values({ company_id: companyId, uri, name, size, content_type: TYPES[ext]! }).execute();
  } catch (error) {
    await rm(path, { force: true });
    if (error instanceof BizError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new BizError(billServerText.fileTooLarge(MAX_UPLOAD_MB));
    throw error;
  }
  return { uri, name };
}

/** The first `n` bytes of a file (fewer when it is shorter). */
async function headOf(path: string, n: number): Promise<Uint8Array> {
  const file = await open(path, 'r');
  try {
    const buffer = new Uint8Array(n);
    const { bytesRead } = await file.read(buffer, 0, n, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** The path of an upload of this company; another company's uri is as unknown as a made-up one. */
export async function resolveUpload(db: Db, dataDir: string, companyId: number, uri: unknown): Promise<string> {
  const row = typeof uri === 'string' && uri.length <= 300
    ? await db.selectFrom('files').select('uri').where('uri', '=', uri).where('company_id', '=', companyId).executeTakeFirst()
    : undefined;
  const path = row && uploadPath(dataDir, companyId, row.uri);
  if (!path) throw new BizError(billServerText.fileNotFound);
  return path;
}
