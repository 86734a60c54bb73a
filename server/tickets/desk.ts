/**
 * 工单处理 (issue 20): the service desk's side of every company's tickets — the list with its
 * filters (state, company, submission date), a ticket with its conversation, and the answer (text
 * and pictures) given through the ticket rules of domain/content/tickets.ts on the locked row, like
 * 受理 and 关闭 (tickets.ts handleTicket). The enterprise reads the same conversation in its detail.
 */
import { sql } from 'kysely';
import { TICKET_IMAGES_MAX, TICKET_REPLY_MAX, ticketAccepts, ticketStateAfter, ticketStateName, ticketTypeName } from '../../domain/content/tickets.ts';
import { charLength } from '../../domain/bills/validation.ts';
import { ticketText } from '../../domain/texts/tickets.ts';
import { reviewTicketText as t } from '../../domain/texts/review-ticket.ts';
import { chinaTime } from '../company/detail.ts';
import { fileUris } from '../content/files.ts';
import type { Db } from '../db/database.ts';
import { BizError } from '../http/errors.ts';

export interface DeskTicketRequest { pageIndex?: number; pageSize?: number; state?: string; companyName?: string; dateFrom?: string; dateTo?: string }

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A China calendar day's start as an instant (the list's dates are China dates, like chinaTime). */
const chinaDayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);

export async function deskTickets(db: Db, request: DeskTicketRequest) {
  for (const d of [request.dateFrom, request.dateTo]) if (d && (!DATE.test(d) || Number.isNaN(chinaDayStart(d).getTime()))) throw new BizError(t.badDate);
  let query = db.selectFrom('work_tickets as w').innerJoin('companies as c', 'c.id', 'w.company_id');
  if (request.state) query = query.where('w.state', '=', request.state);
  if (request.companyName?.trim()) query = query.where('c.company_name', 'ilike', `%${request.companyName.trim().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`);
  if (request.dateFrom) query = query.where('w.create_time', '>=', chinaDayStart(request.dateFrom));
  if (request.dateTo) query = query.where('w.create_time', '<', new Date(chinaDayStart(request.dateTo).getTime() + 86_400_000));
  const pageSize = Math.min(Math.max(Math.trunc(request.pageSize ?? 10), 1), 100);
  const offset = Math.max(Math.trunc(request.pageIndex ?? 0), 0) * pageSize;
  const total = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await query
    .select(['w.id', 'w.ticket_num', 'w.ticket_title', 'w.ticket_type', 'w.state', 'w.promoter', 'w.telephone', 'w.create_time', 'w.update_time', 'c.company_name'])
    .select((eb) => eb.selectFrom('work_ticket_replies as r').whereRef('r.ticket_id', '=', 'w.id').select(sql<string>`count(*)`.as('n')).as('replies'))
    // the open ones first (pending, then process), oldest first: the desk works the queue in order
    .orderBy(sql`case w.state when 'pending' then 0 when 'process' then 1 else 2 end`).orderBy('w.create_time').orderBy('w.id')
    .limit(pageSize).offset(offset).execute();
  return {
    total: Number(total.n),
    datas: rows.map((r) => ({
      id: r.id, ticketNum: r.ticket_num, ticketTitle: r.ticket_title, ticketType: r.ticket_type, ticketTypeName: ticketTypeName(r.ticket_type),
      state: r.state, stateName: ticketStateName(r.state), promoter: r.promoter, telephone: r.telephone, companyName: r.company_name,
      replies: Number(r.replies ?? 0), createTime: chinaTime(r.create_time), updateTime: chinaTime(r.update_time),
    })),
  };
}

/** The service desk's answers to a ticket, oldest first, each with its pictures. */
export async function ticketReplies(db: Db, ticketId: number) {
  const replies = await db.selectFrom('work_ticket_replies').select(['id', 'author', 'content', 'create_time']).where('ticket_id', '=', ticketId).orderBy('id').execute();
  if (replies.length === 0) return [];
  const files = await db.selectFrom('work_ticket_reply_files as rf').innerJoin('stored_files as f', 'f.id', 'rf.file_id')
    .select(['rf.reply_id', 'f.token', 'f.file_name', 'f.content_type']).where('rf.reply_id', 'in', replies.map((r) => r.id)).orderBy('rf.reply_id').orderBy('rf.sort_no').execute();
  return replies.map((r) => ({
    id: r.id, author: r.author, content: r.content, createTime: chinaTime(r.create_time),
    images: files.filter((f) => f.reply_id === r.id).map((f) => ({ name: f.file_name, contentType: f.content_type, ...fileUris(f.token, f.file_name) })),
  }));
}

export async function deskTicket(db: Db, id: number) {
  const row = await db.selectFrom('work_tickets as w').innerJoin('companies as c', 'c.id', 'w.company_id')
    .selectAll('w').select(['c.company_name', 'c.company_code']).where('w.id', '=', id).executeTakeFirst();
  if (!row) throw new BizError(ticketText.notFound);
  const files = await db.selectFrom('work_ticket_files as tf').innerJoin('stored_files as f', 'f.id', 'tf.file_id')
    .select(['f.token', 'f.file_name', 'f.content_type']).where('tf.ticket_id', '=', id).orderBy('tf.sort_no').execute();
  return {
    id: row.id, ticketNum: row.ticket_num, ticketTitle: row.ticket_title, ticketType: row.ticket_type, ticketTypeName: ticketTypeName(row.ticket_type),
    ticketContent: row.ticket_content, telephone: row.telephone, promoter: row.promoter, state: row.state, stateName: ticketStateName(row.state),
    reason: row.reason, companyName: row.company_name, companyCode: row.company_code,
    createTime: chinaTime(row.create_time), updateTime: chinaTime(row.update_time),
    attachments: files.map((f) => ({ name: f.file_name, contentType: f.content_type, ...fileUris(f.token, f.file_name) })),
    replies: await ticketReplies(db, id),
    actions: (['process', 'reply', 'close'] as const).filter((a) => ticketAccepts(row.state, a)),
  };
}

export interface ReplyInput { id: number; content?: string; images?: string[] }

/** An answer of the service desk: text required, up to five of the operator's uploaded pictures; a pending ticket is taken by it. */
/** Who answers: the operator (a PLATFORM login, or the scripted X-Review-Token caller). */
export interface Answerer { userId: number; loginName: string; userName: string }

export async function replyTicket(db: Db, operator: Answerer, input: ReplyInput) {
  const content = (input.content ?? '').trim();
  if (!content) throw BizError.fields(t.replyRequired, [{ field: 'content', message: t.replyRequired }]);
  if (charLength(content) > TICKET_REPLY_MAX) throw BizError.fields(t.replyTooLong, [{ field: 'content', message: t.replyTooLong }]);
  const tokens = [...new Set(input.images ?? [])];
  if (tokens.length > TICKET_IMAGES_MAX) throw BizError.fields(ticketText.tooManyImages, [{ field: 'images', message: ticketText.tooManyImages }]);
  const images = tokens.length === 0 ? [] : await db.selectFrom('stored_files').select(['id', 'token']).where('token', 'in', tokens)
    .where('company_id', 'is', null).where('content_type', 'in', ['image/png', 'image/jpeg']).execute();
  if (images.length !== tokens.length) throw BizError.fields(t.imageNotFound, [{ field: 'images', message: t.imageNotFound }]);
  const reply = await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('work_tickets').select(['id', 'ticket_num', 'state']).where('id', '=', input.id).forUpdate().executeTakeFirst();
    if (!row) throw new BizError(ticketText.notFound);
    if (!ticketAccepts(row.state, 'reply')) throw new BizError(ticketText.refused(row.ticket_num, ticketStateName(row.state), ticketText.verbs.reply));
    const now = new Date();
    const saved = await trx.insertInto('work_ticket_replies').values({
      // a scripted (X-Review-Token) caller is no account: the reply names nobody's row
      ticket_id: row.id, user_id: (await trx.selectFrom('users').select('id').where('id', '=', operator.userId).executeTakeFirst())?.id ?? null, author: operator.userName || operator.loginName || ticketText.serviceDesk, content, create_time: now,
    }).returning('id').executeTakeFirstOrThrow();
    for (const [i, token] of tokens.entries()) {
      await trx.insertInto('work_ticket_reply_files').values({ reply_id: saved.id, file_id: images.find((f) => f.token === token)!.id, sort_no: i }).execute();
    }
    await trx.updateTable('work_tickets').set({ state: ticketStateAfter('reply')!, update_time: now }).where('id', '=', row.id).execute();
    return { id: saved.id, ticketNum: row.ticket_num };
  });
  return { ...reply, state: ticketStateAfter('reply')!, stateName: ticketStateName(ticketStateAfter('reply')!) };
}
