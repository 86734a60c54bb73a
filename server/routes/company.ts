/**
 * The enterprise page's calls (accounts-and-enterprise.md §7, prefix /api/enterprise):
 * /company/queryDetailById, saveCompany, apply, queryAuthCode, generateAuthCode, saveFile,
 * deleteFileByFileId, the attachment download, and /area/getProvinces, /area/getByCode.
 * Any logged-in user (a registered company files here before it has a companyCode); writes need
 * the /enterprise button codes; every action is decided by the filing machine (server/company/filing.ts).
 */
import type { FastifyInstance } from 'fastify';
import { enterpriseText } from '../../domain/texts/enterprise.ts';
import { contentDisposition } from '../files/index.ts';
import { BizError, HttpError, defineRoute } from '../http/route.ts';
import { attachmentByToken, deleteAttachment, saveAttachment, type SaveFileInput } from '../company/attachments.ts';
import { generateAuthCode, queryAuthCode } from '../company/auth-code.ts';
import { companyDetail } from '../company/detail.ts';
import { divisionVo, divisions } from '../company/divisions.ts';
import { storeProfile } from '../company/profile.ts';

const PAGE = '/enterprise';
const tags = ['企业备案'];
/** The whole record; its fields are checked by domain/enterprise/rules.ts in the handler (Chinese messages per field). */
const record = { type: 'object', additionalProperties: true, maxProperties: 200 };
const id = { type: 'object', required: ['id'], properties: { id: { type: 'integer', title: '编号', minimum: 1 } } };

export default async function companyRoutes(app: FastifyInstance) {
  const { db } = app;

  defineRoute(app, {
    path: '/api/enterprise/company/queryDetailById', permission: { uri: PAGE }, summary: '企业备案信息 (含附件与审批记录)', tags, dataOptional: true,
    handler: ({ user }) => companyDetail(db, user.companyId),
  });

  defineRoute<Record<string, unknown>>(app, {
    path: '/api/enterprise/company/saveCompany', summary: '保存企业信息 (整条记录；审核中不能修改)', tags,
    data: record, permission: { uri: PAGE, code: 'save' }, message: enterpriseText.saved,
    handler: ({ user, data }) => storeProfile(db, user, data, 'save'),
  });

  defineRoute<Record<string, unknown>>(app, {
    path: '/api/enterprise/company/apply', summary: '保存并申报企业备案 (整条记录 → 审核中)', tags,
    data: record, permission: { uri: PAGE, code: 'saveDeclare' }, message: enterpriseText.declared,
    handler: async ({ user, data }) => {
      const detail = await storeProfile(db, user, data, 'apply');
      app.filingDeclared();
      return detail;
    },
  });

  defineRoute(app, {
    path: '/api/enterprise/company/queryAuthCode', summary: '查看企业授权码', tags, dataOptional: true,
    permission: { uri: PAGE, code: 'viewAuthCode' },
    handler: ({ user }) => queryAuthCode(db, user.companyId),
  });

  defineRoute(app, {
    path: '/api/enterprise/company/generateAuthCode', summary: '生成企业授权码 (原授权码失效；仅备案通过的企业)', tags, dataOptional: true,
    permission: { uri: PAGE, code: 'generateAuthCode' }, message: enterpriseText.generated,
    handler: ({ user }) => generateAuthCode(db, user.companyId),
  });

  defineRoute<SaveFileInput>(app, {
    path: '/api/enterprise/company/saveFile', summary: '保存企业附件 (先经 /api/file/upload 上传；jpeg/png，不超过500KB)', tags,
    permission: { uri: PAGE, code: 'upload' }, message: enterpriseText.uploaded,
    data: {
      type: 'object', required: ['fileType', 'fileUri'],
      properties: {
        fileType: { type: 'string', title: '文件类型', minLength: 1, maxLength: 10 },
        fileUri: { type: 'string', title: '文件', minLength: 1, maxLength: 300 },
        companyId: { anyOf: [{ type: 'integer' }, { type: 'string', maxLength: 20 }, { type: 'null' }], title: '企业编号' },
      },
    },
    handler: ({ user, data }) => saveAttachment(db, app.config.dataDir, user, data),
  });

  defineRoute<{ id: number }>(app, {
    path: '/api/enterprise/company/deleteFileByFileId', summary: '删除企业附件', tags,
    data: id, permission: { uri: PAGE, code: 'upload' }, message: enterpriseText.deleted,
    handler: async ({ user, data }) => { await deleteAttachment(db, user, data.id); return null; },
  });

  defineRoute(app, {
    path: '/api/enterprise/company/file/:token/:name', method: 'GET', summary: '企业附件下载 (链接即凭证)', tags,
    access: 'public', raw: true,
    handler: async ({ request, reply }) => {
      const { token } = request.params as { token: string };
      const file = await attachmentByToken(db, token);
      if (!file) throw new HttpError(404, enterpriseText.fileNotFound);
      reply.header('content-type', file.content_type)
        .header('content-disposition', contentDisposition(file.file_name).replace(/^attachment/, 'inline'))
        // a company's own file: kept by no browser or proxy (the link is its only credential)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff');
      return reply.send(Buffer.from(file.content));
    },
  });

  defineRoute(app, {
    path: '/api/enterprise/area/getProvinces', permission: 'open', summary: '省级行政区划 (GB/T 2260)', tags, dataOptional: true,
    handler: async () => (await divisions()).provinces.map(divisionVo),
  });

  defineRoute<{ id: string }>(app, {
    path: '/api/enterprise/area/getByCode', permission: 'open', summary: '下级行政区划 (id 为上级代码)', tags,
    data: { type: 'object', required: ['id'], properties: { id: { type: 'string', title: '行政区划代码', minLength: 1, maxLength: 12 } } },
    handler: async ({ data }) => {
      const parent = (await divisions()).byCode.get(String(data.id));
      if (!parent) throw new BizError(enterpriseText.badArea);
      return parent.children.map(divisionVo);
    },
  });
}
