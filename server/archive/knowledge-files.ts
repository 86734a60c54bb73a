/**
 * The knowledge-file archive beyond the list and single download the home page shares
 * (server/content/knowledge.ts): the count per document type (/Knowledge_file/state_count, over the
 * list's terms, a type term ignored so every tab keeps its count) and 批量下载 (/Knowledge_file/
 * batchDownload {ids}): the chosen documents in one .zip, kept as a file of the caller's company and
 * answered as its downloadUri. No ids → 请选择下载文件 (bills §5).
 */
import { archiveText, archiveTypes, archiveTypeName } from '../../domain/texts/archive.ts';
import { billText } from '../../domain/texts/bills.ts';
import { chinaTime } from '../company/detail.ts';
import { fileUris, storeFile } from '../content/files.ts';
import { knowledgeWhitelist } from '../content/knowledge.ts';
import type { Db } from '../db/database.ts';
import { BizError } from '../http/errors.ts';
import { compileListQuery, runStateCount } from '../query/list-query.ts';
import { zip } from './zip.ts';

/** The most documents one 批量下载 packs. */
export const MAX_BATCH_DOWNLOAD = 100;

export async function knowledgeTypeCounts(db: Db, request: unknown): Promise<{ state: string; stateName: string; count: number }[]> {
  const compiled = compileListQuery(request, knowledgeWhitelist, { defaultSort: [{ name: 'create_time', order: 'desc' }], defaultPageSize: 10 });
  const counts = await runStateCount(db, db.selectFrom('knowledge_files as k').select('k.id').where('k.published', '=', true), compiled, 'type');
  const byType = new Map(counts.map((c) => [String(c.state), c.count]));
  return archiveTypes.map((t) => ({ state: t.value, stateName: t.name, count: byType.get(t.value) ?? 0 }));
}

export async function knowledgeBatchDownload(db: Db, companyId: number, ids: unknown, now = new Date()): Promise<{ downloadUri: string }> {
  if (!Array.isArray(ids) || ids.length === 0) throw new BizError(billText.selectDownload);
  const wanted = [...new Set(ids.map((v) => Number(v)))];
  if (wanted.some((n) => !Number.isSafeInteger(n) || n < 1)) throw new BizError(archiveText.notFound);
  if (wanted.length > MAX_BATCH_DOWNLOAD) throw new BizError(archiveText.tooMany(MAX_BATCH_DOWNLOAD));
  const rows = await db.selectFrom('knowledge_files as k').innerJoin('stored_files as f', 'f.id', 'k.file_id')
    .select(['k.id', 'k.file_name', 'k.doc_type', 'k.create_time', 'f.content'])
    .where('k.id', 'in', wanted).where('k.published', '=', true).orderBy('k.create_time', 'desc').execute();
  if (rows.length !== wanted.length) throw new BizError(archiveText.notFound);
  // one folder per type (出口说明/…), a repeated name numbered so none is lost
  const used = new Set<string>();
  const entries = rows.map((r) => {
    let name = `${archiveTypeName(r.doc_type)}/${r.file_name}`;
    for (let n = 2; used.has(name); n++) name = `${archiveTypeName(r.doc_type)}/${r.file_name.replace(/(\.[^.]*)?$/, `(${n})$1`)}`;
    used.add(name);
    return { name, content: r.content, date: r.create_time };
  });
  const stamp = (chinaTime(now) ?? '').replace(/\D/g, '').slice(0, 14);
  const file = await storeFile(db, { companyId, fileName: archiveText.zipName(stamp), contentType: 'application/zip', content: zip(entries) });
  return { downloadUri: fileUris(file.token, archiveText.zipName(stamp)).downloadUri };
}
