/**
 * Work tickets and feedback (accounts-and-enterprise.md §7, prefix /api/enterprise):
 * /Work_ticket/list, state_count, save, detail, delete and /feedback/save; plus the service desk's
 * side, /api/review/ticket/{pageList, process, close}: 'operator' routes like the filing review (a
 * PLATFORM login or X-Review-Token, issue 20), because the desk is not an enterprise user.
 * Every call reaches only the caller's company's tickets.
 */
import type { FastifyInstance } from 'fastify';
import { TICKET_BATCH_MAX, TICKET_IMAGES_MAX } from '../../domain/content/tickets.ts';
import { feedbackText, ticketText as t } from '../../domain/texts/tickets.ts';
import { chinaTime } from '../company/detail.ts';
import { defineRoute } from '../http/route.ts';
import { saveFeedback, type FeedbackInput } from '../tickets/feedback.ts';
import { deleteTickets, handleTicket, listTickets, saveTicket, ticketDetail, ticketStateCount, type TicketInput } from '../tickets/tickets.ts';

const PAGE = '/workorder';
const tags = ['工单与反馈'];
const listRequest = { type: 'object', additionalProperties: true };
const idBody = { type: 'object', required: ['id'], properties: { id: { type: 'integer', title: '工单', minimum: 1, maximum: 2_147_483_647 } } };
const scalar = (title: string, maxLength: number) => ({ anyOf: [{ type: 'string', maxLength }, { type: 'number' }, { type: 'null' }], title });

export default async function ticketRoutes(app: FastifyInstance) {
  const { db, config } = app;

  defineRoute(app, {
    idColumn: 'integer',
    path: '/api/enterprise/Work_ticket/list', permission: { uri: PAGE }, summary: '本企业工单分页列表 (默认 create_time desc)', tags, dataOptional: true,
    data: listRequest,
    handler: ({ user, data }) => listTickets(db, user, data ?? {}),
  });

  defineRoute(app, {
    idColumn: 'integer',
    path: '/api/enterprise/Work_ticket/state_count', permission: { uri: PAGE }, summary: '各状态工单数 (pending, process, stop)', tags, dataOptional: true,
    data: listRequest,
    handler: ({ user, data }) => ticketStateCount(db, user, data ?? {}),
  });

  defineRoute<TicketInput>(app, {
    idColumn: 'integer',
    path: '/api/enterprise/Work_ticket/save', summary: '写工单 (截图先经 /api/file/upload 上传：JPG/PNG，不超过2MB，最多5张)', tags,
    permission: { uri: PAGE, code: 'add' }, message: t.created,
    data: {
      type: 'object',
      properties: {
        ticketType: scalar(t.ticketType, 2), ticketTitle: scalar(t.ticketTitle, 1000), ticketContent: scalar(t.ticketContent, 5000), telephone: scalar(t.telephone, 5000),
        filePath: {
          type: 'array', title: t.screenshot, maxItems: TICKET_IMAGES_MAX * 4,
          items: { type: 'object', properties: { filePath: { type: 'string', maxLength: 300 }, fileName: { type: 'string', maxLength: 300 } } },
        },
      },
    },
    handler: ({ user, data }) => saveTicket(db, config.dataDir, user, data ?? {}),
  });

  defineRoute<{ id: number }>(app, {
    idColumn: 'integer',
    path: '/api/enterprise/Work_ticket/detail', permission: { uri: PAGE }, summary: '工单详情 (含截图 attachments)', tags, data: idBody,
    handler: ({ user, data }) => ticketDetail(db, user, data.id),
  });

  defineRoute<{ ids: number[] }>(app, {
    idColumn: 'integer',
    path: '/api/enterprise/Work_ticket/delete', summary: '删除工单 (处理中的不能删除；一条不能删则都不删)', tags,
    permission: { uri: PAGE, code: 'deleteWorkorder' }, message: t.deleted,
    data: { type: 'object', required: ['ids'], properties: { ids: { type: 'array', title: '工单', maxItems: TICKET_BATCH_MAX * 10, items: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } } } },
    handler: async ({ user, data }) => { await deleteTickets(db, user, data.ids); return null; },
  });

  defineRoute<FeedbackInput>(app, {
    idColumn: 'integer',
    path: '/api/enterprise/feedback/save', permission: { uri: '/feedback' }, summary: '意见反馈 (source 固定为 PC)', tags, message: feedbackText.success, limit: 'feedback',
    data: { type: 'object', properties: { content: scalar(feedbackText.content, 5000), phone: scalar(feedbackText.phone, 100), source: scalar('来源', 20) } },
    handler: ({ user, data }) => saveFeedback(db, user, data ?? {}),
  });

  // ── the service desk ───────────────────────────────────────────────────────────────────
  const deskTags = ['工单处理'];

  defineRoute<{ state?: string }, 'operator'>(app, {
    idColumn: 'integer',
    path: '/api/review/ticket/pageList', summary: '待处理与处理中的工单 (审核端)', tags: deskTags, access: 'operator', dataOptional: true,
    data: { type: 'object', properties: { state: { type: 'string', maxLength: 10 } } },
    handler: async ({ data }) => {
      const rows = await db.selectFrom('work_tickets as w').innerJoin('companies as c', 'c.id', 'w.company_id')
        .select(['w.id', 'w.ticket_num', 'w.ticket_title', 'w.ticket_type', 'w.state', 'w.promoter', 'w.telephone', 'w.create_time', 'c.company_name'])
        .where('w.state', 'in', data?.state ? [data.state] : ['pending', 'process']).orderBy('w.create_time').orderBy('w.id').limit(500).execute();
      return rows.map((r) => ({
        id: r.id, ticketNum: r.ticket_num, ticketTitle: r.ticket_title, ticketType: r.ticket_type, state: r.state,
        promoter: r.promoter, telephone: r.telephone, companyName: r.company_name, createTime: chinaTime(r.create_time),
      }));
    },
  });

  defineRoute<{ id: number }, 'operator'>(app, {
    idColumn: 'integer',
    path: '/api/review/ticket/process', summary: '受理工单 pending → process (审核端)', tags: deskTags, access: 'operator', data: idBody,
    handler: ({ data }) => handleTicket(db, data.id, 'process'),
  });

  defineRoute<{ id: number; reason?: string }, 'operator'>(app, {
    idColumn: 'integer',
    path: '/api/review/ticket/close', summary: '关闭工单并填写处理结果 → stop (审核端)', tags: deskTags, access: 'operator',
    data: { type: 'object', required: ['id'], properties: { id: idBody.properties.id, reason: { type: 'string', title: t.reason, maxLength: 2000 } } },
    handler: ({ data }) => handleTicket(db, data.id, 'close', data.reason),
  });
}
