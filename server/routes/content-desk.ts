/**
 * 内容发布 (issue 20, /review/content): the operator writes news and notices (drafts until
 * published), uploads knowledge PDFs and cover pictures, and publishes or takes down each item.
 * The enterprise's home page, 通知公告, 新闻动态 and 知识库 read published items only.
 * Operator access: a PLATFORM login or X-Review-Token.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { KNOWLEDGE_PDF_MAX_MB } from '../../domain/content/publishing.ts';
import { reviewContentText as t } from '../../domain/texts/review-content.ts';
import { receiveImage, receivePdf } from '../content/desk-uploads.ts';
import {
  addImage, addKnowledge, deskKnowledge, deskNotice, deskNotices, publishKnowledge, publishNotice, saveKnowledge, saveNotice,
  type DeskListRequest, type NoticeInput,
} from '../content/publishing.ts';
import { defineRoute } from '../http/route.ts';

const tags = ['内容发布'];
const id = { type: 'integer', title: '编号', minimum: 1, maximum: 2_147_483_647 };
const listRequest = {
  type: 'object',
  properties: {
    pageIndex: { type: 'integer', minimum: 0, maximum: 100_000 }, pageSize: { type: 'integer', minimum: 1, maximum: 100 },
    type: { type: 'string', maxLength: 10 }, published: { type: 'boolean' }, keyword: { type: 'string', maxLength: 100 },
  },
};
const publishBody = { type: 'object', required: ['id', 'published'], properties: { id, published: { type: 'boolean' } } };

export default async function contentDeskRoutes(app: FastifyInstance) {
  const { db } = app;
  // the uploads' own limits are set per call (server/content/desk-uploads.ts); this scope only parses
  await app.register(multipart, { limits: { fileSize: (KNOWLEDGE_PDF_MAX_MB + 1) * 1024 * 1024, files: 2, fields: 10, parts: 12 } });
  // defineRoute validates the body as {data}; a multipart body is read by the handler instead
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart() && request.body === undefined) request.body = {};
  });

  defineRoute<DeskListRequest | undefined, 'operator'>(app, {
    idColumn: 'integer', access: 'operator', log: false,
    path: '/api/review/content/notice/pageList', summary: '新闻与公告 (含未发布；type NEWS|NOTICE、published、keyword)', tags, dataOptional: true,
    data: listRequest,
    handler: ({ data }) => deskNotices(db, data ?? {}),
  });

  defineRoute<{ id: number }, 'operator'>(app, {
    idColumn: 'integer', access: 'operator', log: false,
    path: '/api/review/content/notice/detail', summary: '新闻或公告详情 (含未发布)', tags,
    data: { type: 'object', required: ['id'], properties: { id } },
    handler: ({ data }) => deskNotice(db, data.id),
  });

  defineRoute<NoticeInput, 'operator'>(app, {
    idColumn: 'integer', access: 'operator', log: { action: '保存内容' }, message: t.saved,
    path: '/api/review/content/notice/save', summary: '新增 (无 id，未发布) 或编辑新闻、公告；正文 HTML 保存前清理；coverToken 为 null 时移除封面', tags,
    data: {
      type: 'object',
      properties: {
        id, type: { type: 'string', title: t.titleLabel, maxLength: 10 }, title: { type: 'string', title: t.titleLabel, maxLength: 1000 },
        content: { type: 'string', title: t.content, maxLength: 200_000 }, coverToken: { anyOf: [{ type: 'string', maxLength: 36 }, { type: 'null' }], title: t.cover },
      },
    },
    handler: ({ data }) => saveNotice(db, data ?? {}),
  });

  defineRoute<{ id: number; published: boolean }, 'operator'>(app, {
    idColumn: 'integer', access: 'operator', log: { action: '发布/下线内容' },
    path: '/api/review/content/notice/publish', summary: '发布 (published true) 或下线 (false) 新闻、公告', tags, data: publishBody,
    handler: ({ data }) => publishNotice(db, data.id, data.published),
  });

  defineRoute<DeskListRequest | undefined, 'operator'>(app, {
    idColumn: 'integer', access: 'operator', log: false,
    path: '/api/review/content/knowledge/pageList', summary: '知识文档 (含未发布；type e|i|other、published、keyword)', tags, dataOptional: true,
    data: listRequest,
    handler: ({ data }) => deskKnowledge(db, data ?? {}),
  });

  defineRoute<unknown, 'operator'>(app, {
    idColumn: 'integer', access: 'operator', log: { action: '上传知识文档' }, message: t.uploaded,
    path: '/api/review/content/knowledge/upload', summary: `上传知识文档 (multipart，一个 PDF，不超过${KNOWLEDGE_PDF_MAX_MB}MB；?type=e|i|other) → 未发布的文档`, tags,
    querystring: { type: 'object', properties: { type: { type: 'string', maxLength: 10 } } },
    handler: async ({ request, query }) => addKnowledge(db, await receivePdf(request), query.type),
  });

  defineRoute<{ id: number; fileName?: string; type?: string }, 'operator'>(app, {
    idColumn: 'integer', access: 'operator', log: { action: '保存知识文档' }, message: t.saved,
    path: '/api/review/content/knowledge/save', summary: '修改知识文档的名称 (.pdf) 或类型', tags,
    data: { type: 'object', required: ['id'], properties: { id, fileName: { type: 'string', maxLength: 1000 }, type: { type: 'string', maxLength: 10 } } },
    handler: ({ data }) => saveKnowledge(db, data),
  });

  defineRoute<{ id: number; published: boolean }, 'operator'>(app, {
    idColumn: 'integer', access: 'operator', log: { action: '发布/下线知识文档' },
    path: '/api/review/content/knowledge/publish', summary: '发布或下线知识文档', tags, data: publishBody,
    handler: ({ data }) => publishKnowledge(db, data.id, data.published),
  });

  defineRoute<unknown, 'operator'>(app, {
    idColumn: 'integer', access: 'operator', log: { action: '上传图片' }, message: t.uploaded,
    path: '/api/review/content/image/upload', summary: '上传图片 (新闻封面、工单回复截图；multipart，一个 JPG/PNG，不超过2MB) → {token, displayUri}', tags,
    handler: async ({ request }) => addImage(db, await receiveImage(request)),
  });
}
