/**
 * 内容发布 (issue 20): the operator's side of news, notices and knowledge documents. The operator
 * sees every item, published or not; a new item is a draft until published; the enterprise's own
 * calls (notices.ts, knowledge.ts, server/archive) read published items only. An article's HTML is
 * cleaned by domain/content/rich-text.ts before it is stored, so what is kept is what is shown.
 */
import { isDocType, knowledgeNameProblem, noticeProblems, type NoticeValues } from '../../domain/content/publishing.ts';
import { sanitizeRichText } from '../../domain/content/rich-text.ts';
import { archiveTypeName } from '../../domain/texts/archive.ts';
import { reviewContentText as t } from '../../domain/texts/review-content.ts';
import { chinaTime } from '../company/detail.ts';
import type { Db } from '../db/database.ts';
import { BizError } from '../http/errors.ts';
import type { ReceivedFile } from './desk-uploads.ts';
import { fileUris, storeFile } from './files.ts';
import { knowledgePath } from './knowledge.ts';
import { plainText } from './notices.ts';

export interface DeskListRequest { pageIndex?: number; pageSize?: number; type?: string; published?: boolean; keyword?: string }

const paging = (r: DeskListRequest) => {
  const pageSize = Math.min(Math.max(Math.trunc(r.pageSize ?? 10), 1), 100);
  return { pageSize, offset: Math.max(Math.trunc(r.pageIndex ?? 0), 0) * pageSize };
};
const likeOf = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function noticeRows(db: Db) {
  return db.selectFrom('notices as n').leftJoin('stored_files as f', 'f.id', 'n.cover_file_id')
    .select(['n.id', 'n.type', 'n.title', 'n.content', 'n.published', 'n.published_at', 'n.create_time', 'n.update_time', 'f.token as cover_token', 'f.file_name as cover_name']);
}
type NoticeRow = Awaited<ReturnType<ReturnType<typeof noticeRows>['executeTakeFirstOrThrow']>>;

function noticeVo(r: NoticeRow) {
  const cover = r.cover_token && r.cover_name ? fileUris(r.cover_token, r.cover_name) : null;
  return {
    id: r.id, type: r.type, title: r.title, content: r.content, summary: [...plainText(r.content)].slice(0, 80).join(''),
    published: r.published, publishedAt: chinaTime(r.published_at), createTime: chinaTime(r.create_time), updateTime: chinaTime(r.update_time),
    cover: cover ? { fileName: r.cover_name, displayUri: cover.displayUri } : null,
  };
}

export async function deskNotices(db: Db, request: DeskListRequest) {
  let query = noticeRows(db);
  if (request.type) query = query.where('n.type', '=', request.type);
  if (typeof request.published === 'boolean') query = query.where('n.published', '=', request.published);
  if (request.keyword?.trim()) query = query.where('n.title', 'ilike', likeOf(request.keyword.trim()));
  const { pageSize, offset } = paging(request);
  const total = await query.clearSelect().select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await query.orderBy('n.update_time', 'desc').orderBy('n.id', 'desc').limit(pageSize).offset(offset).execute();
  return { total: Number(total.n), datas: rows.map(noticeVo) };
}

export async function deskNotice(db: Db, id: number) {
  const row = await noticeRows(db).where('n.id', '=', id).executeTakeFirst();
  if (!row) throw new BizError(t.notFound);
  return noticeVo(row);
}

export interface NoticeInput extends NoticeValues { id?: number; coverToken?: string | null }

/** The cover a save names: undefined keeps the current one, null removes it, a token must be an operator's picture. */
async function coverOf(db: Db, token: string | null | undefined): Promise<number | null | undefined> {
  if (token === undefined) return undefined;
  // null (or the empty string the schema's type coercion makes of it) removes the cover
  if (token === null || token === '') return null;
  const file = await db.selectFrom('stored_files').select('id').where('token', '=', token).where('company_id', 'is', null)
    .where('content_type', 'in', ['image/png', 'image/jpeg']).executeTakeFirst();
  if (!file) throw BizError.fields(t.coverNotFound, [{ field: 'coverToken', message: t.coverNotFound }]);
  return file.id;
}

/** Creates (a draft) or edits an article; the HTML is cleaned first and must keep some content. */
export async function saveNotice(db: Db, input: NoticeInput) {
  const errors = noticeProblems(input);
  if (errors.length > 0) throw BizError.fields(errors[0]!.message, errors);
  const content = sanitizeRichText(String(input.content).trim());
  if (!plainText(content) && !/<img\b/.test(content)) throw BizError.fields(t.contentEmptyAfterClean, [{ field: 'content', message: t.contentEmptyAfterClean }]);
  const cover = await coverOf(db, input.coverToken);
  const values = { type: String(input.type), title: String(input.title).trim(), content, update_time: new Date(), ...(cover === undefined ? {} : { cover_file_id: cover }) };
  if (input.id === undefined) {
    const row = await db.insertInto('notices').values({ ...values, published: false }).returning('id').executeTakeFirstOrThrow();
    return deskNotice(db, row.id);
  }
  const updated = await db.updateTable('notices').set(values).where('id', '=', input.id).returning('id').executeTakeFirst();
  if (!updated) throw new BizError(t.notFound);
  return deskNotice(db, input.id);
}

export async function publishNotice(db: Db, id: number, published: boolean) {
  const now = new Date();
  const updated = await db.updateTable('notices')
    .set(published ? { published: true, published_at: now, update_time: now } : { published: false })
    .where('id', '=', id).returning('id').executeTakeFirst();
  if (!updated) throw new BizError(t.notFound);
  return deskNotice(db, id);
}

function knowledgeRows(db: Db) {
  return db.selectFrom('knowledge_files as k').innerJoin('stored_files as f', 'f.id', 'k.file_id')
    .select(['k.id', 'k.file_name', 'k.doc_type', 'k.published', 'k.create_time', 'f.token', 'f.size']);
}
type KnowledgeRow = Awaited<ReturnType<ReturnType<typeof knowledgeRows>['executeTakeFirstOrThrow']>>;
const knowledgeVo = (r: KnowledgeRow) => ({
  id: r.id, fileName: r.file_name, filePath: knowledgePath(r.id, r.file_name), type: r.doc_type, typeName: archiveTypeName(r.doc_type),
  published: r.published, size: r.size, createTime: chinaTime(r.create_time), downloadUri: fileUris(r.token, r.file_name).downloadUri,
});

export async function deskKnowledge(db: Db, request: DeskListRequest) {
  let query = knowledgeRows(db);
  if (request.type) query = query.where('k.doc_type', '=', request.type);
  if (typeof request.published === 'boolean') query = query.where('k.published', '=', request.published);
  if (request.keyword?.trim()) query = query.where('k.file_name', 'ilike', likeOf(request.keyword.trim()));
  const { pageSize, offset } = paging(request);
  const total = await query.clearSelect().select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await query.orderBy('k.create_time', 'desc').orderBy('k.id', 'desc').limit(pageSize).offset(offset).execute();
  return { total: Number(total.n), datas: rows.map(knowledgeVo) };
}

async function knowledgeOne(db: Db, id: number) {
  const row = await knowledgeRows(db).where('k.id', '=', id).executeTakeFirst();
  if (!row) throw new BizError(t.documentNotFound);
  return knowledgeVo(row);
}

/** An uploaded PDF becomes a draft document of the given type (default 其他). */
export async function addKnowledge(db: Db, file: ReceivedFile, type: string | undefined) {
  const docType = type ?? 'other';
  if (!isDocType(docType)) throw new BizError(t.badDocType);
  const id = await db.transaction().execute(async (trx) => {
    const stored = await storeFile(trx, { companyId: null, ...file });
    const row = await trx.insertInto('knowledge_files').values({ file_name: file.fileName, file_id: stored.id, doc_type: docType, published: false }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  });
  return knowledgeOne(db, id);
}

export async function saveKnowledge(db: Db, input: { id: number; fileName?: string; type?: string }) {
  const set: { file_name?: string; doc_type?: string } = {};
  if (input.fileName !== undefined) {
    const problem = knowledgeNameProblem(input.fileName);
    if (problem) throw BizError.fields(problem, [{ field: 'fileName', message: problem }]);
    set.file_name = input.fileName.trim();
  }
  if (input.type !== undefined) {
    if (!isDocType(input.type)) throw BizError.fields(t.badDocType, [{ field: 'type', message: t.badDocType }]);
    set.doc_type = input.type;
  }
  if (Object.keys(set).length > 0) {
    const updated = await db.updateTable('knowledge_files').set(set).where('id', '=', input.id).returning('id').executeTakeFirst();
    if (!updated) throw new BizError(t.documentNotFound);
  }
  return knowledgeOne(db, input.id);
}

export async function publishKnowledge(db: Db, id: number, published: boolean) {
  const updated = await db.updateTable('knowledge_files').set({ published }).where('id', '=', id).returning('id').executeTakeFirst();
  if (!updated) throw new BizError(t.documentNotFound);
  return knowledgeOne(db, id);
}

/** A picture for a cover or a ticket answer: stored, answered by its token and link. */
export async function addImage(db: Db, file: ReceivedFile) {
  const stored = await storeFile(db, { companyId: null, ...file });
  const uris = fileUris(stored.token, file.fileName);
  return { token: stored.token, fileName: file.fileName, displayUri: uris.displayUri };
}
