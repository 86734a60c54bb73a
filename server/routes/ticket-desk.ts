/**
 * 工单处理 (issue 20, /review/ticket): the operator's calls beside /api/review/ticket/{pageList,
 * process, close} (server/routes/tickets.ts) — every company's tickets with filters, a ticket with
 * its conversation, and the answer. Operator access: a PLATFORM login or X-Review-Token.
 */
import type { FastifyInstance } from 'fastify';
import { TICKET_IMAGES_MAX } from '../../domain/content/tickets.ts';
import { reviewTicketText as t } from '../../domain/texts/review-ticket.ts';
import { defineRoute } from '../http/route.ts';
import { deskTicket, deskTickets, replyTicket, type DeskTicketRequest, type ReplyInput } from '../tickets/desk.ts';

const tags = ['工单处理'];
const id = { type: 'integer', title: '工单', minimum: 1, maximum: 2_147_483_647 };

export default async function ticketDeskRoutes(app: FastifyInstance) {
  const { db } = app;

  defineRoute<DeskTicketRequest | undefined, 'operator'>(app, {
    idColumn: 'integer', access: 'operator', log: false,
    path: '/api/review/ticket/list', summary: '全部企业的工单 (state、companyName、dateFrom/dateTo 按提交日期；待处理、处理中在前)', tags, dataOptional: true,
    data: {
      type: 'object',
      properties: {
        pageIndex: { type: 'integer', minimum: 0, maximum: 100_000 }, pageSize: { type: 'integer', minimum: 1, maximum: 100 },
        state: { type: 'string', maxLength: 10 }, companyName: { type: 'string', maxLength: 100 },
        dateFrom: { type: 'string', maxLength: 10 }, dateTo: { type: 'string', maxLength: 10 },
      },
    },
    handler: ({ data }) => deskTickets(db, data ?? {}),
  });

  defineRoute<{ id: number }, 'operator'>(app, {
    idColumn: 'integer', access: 'operator', log: false,
    path: '/api/review/ticket/detail', summary: '工单详情：企业提问、截图与沟通记录', tags,
    data: { type: 'object', required: ['id'], properties: { id } },
    handler: ({ data }) => deskTicket(db, data.id),
  });

  defineRoute<ReplyInput, 'operator'>(app, {
    idColumn: 'integer', access: 'operator', log: { action: '回复工单' }, message: t.replied,
    path: '/api/review/ticket/reply', summary: `回复工单 (文字必填；图片先经 /api/review/content/image/upload 上传，最多${TICKET_IMAGES_MAX}张；待处理的工单随之受理)`, tags,
    data: {
      type: 'object', required: ['id'],
      properties: {
        id, content: { type: 'string', title: t.reply, maxLength: 5000 },
        images: { type: 'array', title: t.images, maxItems: TICKET_IMAGES_MAX * 4, items: { type: 'string', maxLength: 36 } },
      },
    },
    handler: ({ user, data }) => replyTicket(db, user, data),
  });
}
