/**
 * News and notices (accounts-and-enterprise.md §3 News/notice, §7 /notice/queryPageList and
 * /notice/detail): published by the platform, read by every logged-in user. A list row carries the
 * card's fields and a plain-text summary (the card's three-line preview) besides the HTML content.
 */
import { contentText } from '../../domain/texts/content.ts';
import { chinaTime } from '../company/detail.ts';
import type { Db } from '../db/database.ts';
import { BizError } from '../http/errors.ts';
import { compileListQuery, runPagedList, type ColumnWhitelist } from '../query/list-query.ts';
import { fileUris } from './files.ts';

const whitelist: ColumnWhitelist = {
  id: { sql: 'n.id', kind: 'number', label: '编号' },
  type: { sql: 'n.type', kind: 'text', label: '类型' },
  title: { sql: 'n.title', kind: 'text', label: '标题' },
  create_time: { sql: 'n.create_time', kind: 'timestamp', label: '发布时间' },
  update_time: { sql: 'n.update_time', kind: 'timestamp', label: '更新时间' },
};
const SUMMARY_CHARS = 160;

/** The text of an HTML fragment, for the card preview (tags dropped, entities of the seeded text decoded). */
export function plainText(html: string): string {
  return html.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ').trim();
}

/** Published items only: a draft or an item the operator took down is nobody's but the operator's (server/content/publishing.ts). */
function baseQuery(db: Db) {
  return db.selectFrom('notices as n').leftJoin('stored_files as f', 'f.id', 'n.cover_file_id').where('n.published', '=', true)
    .select(['n.id', 'n.type', 'n.title', 'n.content', 'n.create_time', 'n.update_time', 'f.token as cover_token', 'f.file_name as cover_name']);
}
type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

function vo(r: Row) {
  const cover = r.cover_token && r.cover_name ? fileUris(r.cover_token, r.cover_name) : null;
  const text = plainText(r.content);
  return {
    id: r.id, type: r.type, title: r.title, content: r.content,
    summary: [...text].length > SUMMARY_CHARS ? `${[...text].slice(0, SUMMARY_CHARS).join('')}…` : text,
    createTime: chinaTime(r.create_time), updateTime: chinaTime(r.update_time),
    coverFile: cover ? { fileName: r.cover_name, attachment: { displayUri: cover.displayUri, downloadUri: cover.downloadUri } } : null,
  };
}

export async function listNotices(db: Db, request: unknown) {
  const compiled = compileListQuery(request, whitelist, {
    defaultSort: [{ name: 'update_time', order: 'desc' }], defaultPageSize: 10, maxPageSize: 100, tiebreaker: 'n.id',
  });
  const answer = await runPagedList(db, baseQuery(db), compiled, { simple: false });
  const rows = Array.isArray(answer) ? answer : answer.datas;
  return { total: Array.isArray(answer) ? rows.length : answer.total, datas: rows.map(vo) };
}

export async function noticeDetail(db: Db, id: number) {
  const row = await baseQuery(db).where('n.id', '=', id).executeTakeFirst();
  if (!row) throw new BizError(contentText.notFound);
  const files = await db.selectFrom('notice_files as nf').innerJoin('stored_files as f', 'f.id', 'nf.file_id')
    .select(['f.id', 'f.token', 'f.file_name']).where('nf.notice_id', '=', id).orderBy('nf.sort_no').orderBy('f.id').execute();
  return {
    ...vo(row),
    fileVos: files.map((f) => ({ id: f.id, fileName: f.file_name, attachment: fileUris(f.token, f.file_name) })),
  };
}
