/**
 * Knowledge documents as the home page lists them (accounts-and-enterprise.md §3 Knowledge file,
 * §7 /Knowledge_file/list and /Knowledge_file/download?file_path=). The /archive page itself is
 * another issue's; these two calls serve both. filePath names a document (knowledge/<id>/<name>);
 * the download call answers the link the browser opens.
 */
import { contentText } from '../../domain/texts/content.ts';
import { archiveTypeName } from '../../domain/texts/archive.ts';
import { chinaTime } from '../company/detail.ts';
import type { Db } from '../db/database.ts';
import { BizError } from '../http/errors.ts';
import { compileListQuery, runPagedList, type ColumnWhitelist } from '../query/list-query.ts';
import { fileUris } from './files.ts';

const whitelist: ColumnWhitelist = {
  id: { sql: 'k.id', kind: 'number', label: '编号' },
  file_name: { sql: 'k.file_name', kind: 'text', label: '文件名称' },
  create_time: { sql: 'k.create_time', kind: 'timestamp', label: '创建时间' },
  // the archive's document type (e 出口说明, i 进口说明, other 其他; migration 011)
  type: { sql: 'k.doc_type', kind: 'text', label: '文档类型' },
};
/** The list's columns, shared with the archive's type counts (server/archive). */
export const knowledgeWhitelist = whitelist;

export const knowledgePath = (id: number, name: string) => `knowledge/${id}/${name}`;

export async function listKnowledge(db: Db, request: unknown) {
  const compiled = compileListQuery(request, whitelist, { defaultSort: [{ name: 'create_time', order: 'desc' }], defaultPageSize: 10, tiebreaker: 'k.id' });
  // published documents only (a draft is the operator's, server/content/publishing.ts)
  const base = db.selectFrom('knowledge_files as k').select(['k.id', 'k.file_name', 'k.create_time', 'k.doc_type']).where('k.published', '=', true);
  const answer = await runPagedList(db, base, compiled, { simple: false });
  const rows = Array.isArray(answer) ? answer : answer.datas;
  return {
    total: Array.isArray(answer) ? rows.length : answer.total,
    datas: rows.map((r) => ({ id: r.id, fileName: r.file_name, filePath: knowledgePath(r.id, r.file_name), createTime: chinaTime(r.create_time), type: r.doc_type, typeName: archiveTypeName(r.doc_type) })),
  };
}

export async function knowledgeDownload(db: Db, filePath: string | undefined) {
  const match = /^knowledge\/(\d{1,9})\/(.+)$/.exec(filePath ?? '');
  const row = match
    ? await db.selectFrom('knowledge_files as k').innerJoin('stored_files as f', 'f.id', 'k.file_id').select(['f.token', 'f.file_name', 'k.file_name as name'])
      .where('k.id', '=', Number(match[1])).where('k.published', '=', true).executeTakeFirst()
    : undefined;
  if (!row || row.name !== match?.[2]) throw new BizError(contentText.knowledgeFileNotFound);
  return { downloadUri: fileUris(row.token, row.file_name).downloadUri };
}
