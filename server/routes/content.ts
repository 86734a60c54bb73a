/**
 * News, notices and knowledge documents (accounts-and-enterprise.md §7, prefix /api/enterprise):
 * /notice/queryPageList, /notice/detail, /Knowledge_file/list, /Knowledge_file/download, and the
 * GET of stored files (covers, attachments, documents, ticket screenshots) by their link.
 * Reading needs a login, nothing more: the content is the platform's, the same for every company.
 */
import type { FastifyInstance } from 'fastify';
import { contentText } from '../../domain/texts/content.ts';
import { contentDisposition } from '../files/index.ts';
import { HttpError, defineRoute } from '../http/route.ts';
import { FILE_ROUTE, fileByToken } from '../content/files.ts';
import { knowledgeDownload, listKnowledge } from '../content/knowledge.ts';
import { listNotices, noticeDetail } from '../content/notices.ts';
import { cityOf, createWeatherSource } from '../content/weather.ts';
import { divisions } from '../company/divisions.ts';

const tags = ['新闻公告'];
const listRequest = { type: 'object', additionalProperties: true };

export default async function contentRoutes(app: FastifyInstance) {
  const { db } = app;
  const weather = createWeatherSource(app.config.weatherUrl);

  defineRoute(app, {
    idColumn: 'integer',
    path: '/api/enterprise/notice/queryPageList', permission: [{ uri: '/home' }, { uri: '/notice' }, { uri: '/news' }], summary: '新闻 (type eq NEWS) 与公告 (type eq NOTICE) 分页列表', tags, dataOptional: true,
    data: listRequest,
    handler: ({ data }) => listNotices(db, data ?? {}),
  });

  defineRoute<{ id: number }>(app, {
    idColumn: 'integer',
    path: '/api/enterprise/notice/detail', permission: [{ uri: '/home' }, { uri: '/notice' }, { uri: '/news' }], summary: '新闻或公告详情 (含附件 fileVos)', tags,
    data: { type: 'object', required: ['id'], properties: { id: { type: 'integer', title: '编号', minimum: 1, maximum: 2_147_483_647 } } },
    handler: ({ data }) => noticeDetail(db, data.id),
  });

  defineRoute(app, {
    idColumn: 'integer',
    path: '/api/enterprise/Knowledge_file/list', permission: [{ uri: '/home' }, { uri: '/archive' }], summary: '知识文档分页列表 (默认 create_time desc)', tags, dataOptional: true,
    data: listRequest,
    handler: ({ data }) => listKnowledge(db, data ?? {}),
  });

  defineRoute<{ file_path?: string; filePath?: string } | undefined>(app, {
    idColumn: 'integer',
    path: '/api/enterprise/Knowledge_file/download', permission: [{ uri: '/home' }, { uri: '/archive', code: 'download' }], summary: '知识文档下载地址 (?file_path=) → downloadUri', tags, dataOptional: true,
    querystring: { type: 'object', properties: { file_path: { type: 'string', maxLength: 300 } } },
    data: { type: 'object', properties: { file_path: { type: 'string', maxLength: 300 }, filePath: { type: 'string', maxLength: 300 } } },
    handler: ({ query, data }) => knowledgeDownload(db, query.file_path ?? data?.file_path ?? data?.filePath),
  });

  defineRoute(app, {
    idColumn: 'integer',
    path: '/api/enterprise/home/weather', permission: { uri: '/home' }, summary: '首页天气 (所在企业备案的城市；WEATHER_URL 未配置或取不到时为 null)', tags, dataOptional: true,
    data: { type: 'object' },
    handler: async ({ user }) => {
      if (!app.config.weatherUrl) return null;
      const company = await db.selectFrom('companies').select('profile').where('id', '=', user.companyId).executeTakeFirst();
      return weather.forCity(cityOf(company?.profile, (await divisions()).byCode));
    },
  });

  defineRoute(app, {
    idColumn: 'integer',
    path: `${FILE_ROUTE}/:token/:name`, method: 'GET', summary: '存储文件 (封面、附件、文档、工单截图；链接即凭证；?download=1 下载)', tags,
    access: 'public', raw: true,
    querystring: { type: 'object', properties: { download: { type: 'string', maxLength: 5 } } },
    handler: async ({ request, reply, query }) => {
      const { token, name } = request.params as { token: string; name: string };
      const file = await fileByToken(db, token, name);
      if (!file) throw new HttpError(404, contentText.fileNotFound);
      const disposition = contentDisposition(file.file_name);
      reply.header('content-type', file.content_type)
        .header('content-disposition', query.download ? disposition : disposition.replace(/^attachment/, 'inline'))
        // stored files are a company's or a user's (attachments, ticket screenshots): kept by no cache
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        // an SVG cover opened on its own runs nothing
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox");
      return reply.send(Buffer.from(file.content));
    },
  });
}
