/**
 * Work tickets (accounts-and-enterprise.md §2, §3, §4, §5, §7): the enterprise writes, lists, reads
 * and deletes its own tickets; the service desk takes them (process) and closes them with a
 * reason (stop). Every state change is decided by domain/content/tickets.ts on the locked row; a
 * batch with one refused ticket changes nothing.
 */
import { sql } from 'kysely';
import { ticketAccepts, ticketProblems, ticketStateAfter, ticketStateName, ticketTypeName, TICKET_BATCH_MAX, TICKET_REASON_MAX, TICKET_STATES, type TicketAction } from '../../domain/content/tickets.ts';
import { charLength } from '../../domain/bills/validation.ts';
import { ticketStateNames, ticketText as t } from '../../domain/texts/tickets.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import { chinaTime } from '../company/detail.ts';
import { fileUris, storeFile } from '../content/files.ts';
import type { Db } from '../db/database.ts';
import { BizError } from '../http/errors.ts';
import { compileListQuery, runPagedList, runStateCount, type ColumnWhitelist } from '../query/list-query.ts';
import { ticketReplies } from './desk.ts';
import { checkScreenshots, removeUploads, type FilePathItem } from './screenshots.ts';

const whitelist: ColumnWhitelist = {
  id: { sql: 'w.id', kind: 'number', label: '编号' },
  ticket_num: { sql: 'w.ticket_num', kind: 'text', label: t.ticketNum },
  ticket_title: { sql: 'w.ticket_title', kind: 'text', label: t.ticketTitle },
  ticket_type: { sql: 'w.ticket_type', kind: 'text', label: t.ticketType },
  state: { sql: 'w.state', kind: 'text', label: t.state },
  promoter: { sql: 'w.promoter', kind: 'text', label: t.promoter },
  create_time: { sql: 'w.create_time', kind: 'timestamp', label: t.createTime },
};
const listOptions = { defaultSort: [{ name: 'create_time', order: 'desc' as const }], defaultPageSize: 10, tiebreaker: 'w.id' };

const ticketsOf = (db: Db, companyId: number) => db.selectFrom('work_tickets as w').where('w.company_id', '=', companyId);

type TicketRow = { id: number; ticket_num: string; ticket_title: string; ticket_type: string; promoter: string; state: string; reason: string | null; create_time: Date; update_time: Date };
const rowVo = (r: TicketRow) => ({
  id: r.id, ticketNum: r.ticket_num, ticketTitle: r.ticket_title, ticketType: r.ticket_type, ticketTypeName: ticketTypeName(r.ticket_type),
  promoter: r.promoter, state: r.state, stateName: ticketStateName(r.state), reason: r.reason,
  createTime: chinaTime(r.create_time), updateTime: chinaTime(r.update_time),
});

export async function listTickets(db: Db, user: AuthUser, request: unknown) {
  const compiled = compileListQuery(request, whitelist, listOptions);
  const base = ticketsOf(db, user.companyId).select(['w.id', 'w.ticket_num', 'w.ticket_title', 'w.ticket_type', 'w.promoter', 'w.state', 'w.reason', 'w.create_time', 'w.update_time']);
  const answer = await runPagedList(db, base, compiled, { simple: false });
  const rows = Array.isArray(answer) ? answer : answer.datas;
  return { total: Array.isArray(answer) ? rows.length : answer.total, datas: rows.map(rowVo) };
}

/** Count per state for the list's tabs, every state in order (0 included), the state term left out. */
export async function ticketStateCount(db: Db, user: AuthUser, request: unknown) {
  const compiled = compileListQuery(request, whitelist, listOptions);
  const counts = await runStateCount(db, ticketsOf(db, user.companyId).selectAll(), compiled, 'state');
  return TICKET_STATES.map((state) => ({ state, stateName: ticketStateNames[state], count: counts.find((c) => c.state === state)?.count ?? 0 }));
}

export async function ticketDetail(db: Db, user: AuthUser, id: number) {
  const row = await ticketsOf(db, user.companyId).selectAll('w').where('w.id', '=', id).executeTakeFirst();
  if (!row) throw new BizError(t.notFound);
  const files = await db.selectFrom('work_ticket_files as tf').innerJoin('stored_files as f', 'f.id', 'tf.file_id')
    .select(['f.token', 'f.file_name', 'f.content_type', 'f.size']).where('tf.ticket_id', '=', id).orderBy('tf.sort_no').execute();
  return {
    ...rowVo(row), ticketContent: row.ticket_content, telephone: row.telephone,
    attachments: files.map((f) => ({ name: f.file_name, contentType: f.content_type, size: f.size, ...fileUris(f.token, f.file_name) })),
    filePath: files.map((f) => ({ path: fileUris(f.token, f.file_name).uri, name: f.file_name })),
    // the service desk's answers (issue 20, 工单处理)
    replies: await ticketReplies(db, id),
  };
}

export interface TicketInput { ticketType?: unknown; ticketTitle?: unknown; ticketContent?: unknown; telephone?: unknown; filePath?: FilePathItem[] }

/** GD + the China date + the day's next number (GD202611210001); the advisory lock keeps two saves apart. */
async function nextTicketNum(trx: Db, now: Date): Promise<string> {
  await sql`select pg_advisory_xact_lock(hashtext('work_ticket_num'))`.execute(trx);
  const day = chinaTime(now)!.slice(0, 10).replaceAll('-', '');
  const prefix = `GD${day}`;
  const last = await trx.selectFrom('work_tickets').select('ticket_num').where('ticket_num', 'like', `${prefix}%`).orderBy('ticket_num', 'desc').limit(1).executeTakeFirst();
  const seq = last ? Number(last.ticket_num.slice(prefix.length)) + 1 : 1;
  return `${prefix}${String(seq).padStart(4, '0')}`;
}

export async function saveTicket(db: Db, dataDir: string, user: AuthUser, input: TicketInput) {
  const errors = ticketProblems(input);
  if (errors.length > 0) throw BizError.fields(errors[0]!.message, errors);
  const screenshots = await checkScreenshots(db, dataDir, user.companyId, input.filePath ?? []);
  const str = (v: unknown) => String(v).trim();
  const saved = await db.transaction().execute(async (trx) => {
    const now = new Date();
    const ticket = await trx.insertInto('work_tickets').values({
      company_id: user.companyId, user_id: user.userId, promoter: user.userName || user.loginName, ticket_num: await nextTicketNum(trx, now),
      ticket_type: str(input.ticketType), ticket_title: str(input.ticketTitle), ticket_content: str(input.ticketContent), telephone: str(input.telephone),
      create_time: now, update_time: now,
    }).returning(['id', 'ticket_num']).executeTakeFirstOrThrow();
    for (const [i, s] of screenshots.entries()) {
      const file = await storeFile(trx, { companyId: user.companyId, fileName: s.name, contentType: s.contentType, content: s.content });
      await trx.insertInto('work_ticket_files').values({ ticket_id: ticket.id, file_id: file.id, sort_no: i }).execute();
      await trx.deleteFrom('files').where('uri', '=', s.uri).where('company_id', '=', user.companyId).execute();
    }
    return ticket;
  });
  await removeUploads(screenshots);
  return { id: saved.id, ticketNum: saved.ticket_num };
}

function refuse(ticketNum: string, state: string, action: TicketAction): never {
  throw new BizError(t.refused(ticketNum, ticketStateName(state), t.verbs[action]));
}

export async function deleteTickets(db: Db, user: AuthUser, ids: readonly number[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw new BizError(t.selectRows);
  if (unique.length > TICKET_BATCH_MAX) throw new BizError(t.tooMany);
  await db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('work_tickets').select(['id', 'ticket_num', 'state']).where('id', 'in', unique)
      .where('company_id', '=', user.companyId).orderBy('id').forUpdate().execute();
    if (rows.length !== unique.length) throw new BizError(t.notFound);
    for (const r of rows) if (!ticketAccepts(r.state, 'delete')) refuse(r.ticket_num, r.state, 'delete');
    const files = await trx.selectFrom('work_ticket_files').select('file_id').where('ticket_id', 'in', unique).execute();
    await trx.deleteFrom('work_tickets').where('id', 'in', unique).execute();
    if (files.length > 0) await trx.deleteFrom('stored_files').where('id', 'in', files.map((f) => f.file_id)).execute();
  });
}

/** The service desk's side: take a ticket (process) or close it with a reason (stop). */
export async function handleTicket(db: Db, id: number, action: 'process' | 'close', reason?: string) {
  const text = reason?.trim() ?? '';
  if (action === 'close' && !text) throw BizError.fields(t.reasonRequired, [{ field: 'reason', message: t.reasonRequired }]);
  if (charLength(text) > TICKET_REASON_MAX) throw BizError.fields(t.reasonTooLong, [{ field: 'reason', message: t.reasonTooLong }]);
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('work_tickets').select(['id', 'ticket_num', 'state']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw new BizError(t.notFound);
    if (!ticketAccepts(row.state, action)) refuse(row.ticket_num, row.state, action);
    const state = ticketStateAfter(action)!;
    await trx.updateTable('work_tickets').set({ state, update_time: new Date(), ...(action === 'close' ? { reason: text } : {}) }).where('id', '=', id).execute();
    return { id, ticketNum: row.ticket_num, state, stateName: ticketStateName(state) };
  });
}
