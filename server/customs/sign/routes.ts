/**
 * Sign record routes (all POST {data} → {code, message, data}; module /bill/export/signRecord).
 *
 * Screens (bills §7 "Sign", under /api/enterprise):
 *   /sign/signData/list                  list request (pageIndex 0-based, pageSize, sorts, terms)
 *                                        → {total, datas: row[]}; columns: see screens.ts
 *   /sign/signData/findById              {id} → row + waitSignData, signResult, certificate,
 *                                        messageGuid, messageStatus, xml (pretty-printed)
 *   /sign/signData/downloadQueryTemplate {} → {downloadUri}
 *   /sign/signData/exportData            list request (selected rows: term id in ids) → {downloadUri}
 * 批量查询 of the generic list (the bill lists' path, docs/bill-engine.md):
 *   /api/enterprise/bills/export/signRecord/parseQueryTemplate {filePath | filePaths} → {column: 'cop_no', values}
 * The external signing client (SIGN_MODE=external), logged in as a user of the company:
 *   /api/sign/client/pending   {limit?} → [{id, copNo, type, typeName, purpose, waitSignData, algorithm,
 *                                signData: [{algorithm: 'sm2' | 'rsa', signatureMethod, digestMethod, data}], createTime}]
 *                              waitSignData = the record's own data (SIGN_ALGORITHM's when it was made);
 *                              signData = what to sign for either kind of card, the record's own first
 *   /api/sign/client/complete  {id, signature (base64: SM2 r‖s or DER / RSA-SHA1), certificate (base64 DER
 *                                or PEM; SM2 or RSA key)} → {id, state}
 *   /api/sign/client/fail      {id, reason} → {id, state}
 * Reads and the client need the page; exportData the page's export button.
 */
import type { FastifyInstance } from 'fastify';
import { billServerText } from '../../../domain/texts/bills.ts';
import { serverText } from '../../../domain/texts/server.ts';
import { signingText } from '../../../domain/texts/signing.ts';
import type { AuthUser } from '../../auth/auth-user.ts';
import { templateValues } from '../../bills/query-template.ts';
import { MAX_TEMPLATE_FILES } from '../../bills/routes.ts';
import { listRequestSchema, parseTemplateSchema } from '../../bills/schema.ts';
import { resolveUpload } from '../../files/uploads.ts';
import { chinaDateTime } from '../../bills/time.ts';
import { BizError, defineRoute } from '../../http/route.ts';
import { signTypeName } from './message-types.ts';
import { signRecordPageOf } from '../../bills/bill-grant.ts';
import { completeSignature, failSignature, pendingSignatures, SignState } from './records.ts';
import { exportSignRecords, findSignRecord, listSignRecords, signQueryTemplate } from './screens.ts';

export const SIGN_RECORD_URI = '/bill/export/signRecord';
const TAGS = ['签名记录'];
const MAX_PENDING = 100;

const idSchema = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, title: '签名记录ID' } } };

export default async function signRoutes(app: FastifyInstance) {
  const page = { uri: SIGN_RECORD_URI };
  const dataDir = app.config.dataDir;

  defineRoute<Record<string, unknown>>(app, {
    path: '/api/enterprise/sign/signData/list', permission: page, summary: '签名记录列表', tags: TAGS, access: 'company', data: listRequestSchema,
    handler: async ({ user, data }) => { return listSignRecords(app.db, user.companyId, data); },
  });
  defineRoute<{ id: number }>(app, {
    path: '/api/enterprise/sign/signData/findById', permission: page, summary: '签名记录详情', tags: TAGS, access: 'company', data: idSchema,
    // its message is a bill's, with that bill's data: the bill type's page too (issue 29)
    billGrant: (data, user) => signRecordPageOf(app.db, user.companyId, data.id),
    handler: async ({ user, data }) => { return findSignRecord(app.db, user.companyId, data.id); },
  });
  defineRoute(app, {
    path: '/api/enterprise/sign/signData/downloadQueryTemplate', permission: page, summary: '签名记录下载查询模板', tags: TAGS, access: 'company',
    data: { type: 'object' }, dataOptional: true,
    handler: async ({ user }) => { return signQueryTemplate(dataDir); },
  });
  defineRoute<Record<string, unknown>>(app, {
    path: '/api/enterprise/sign/signData/exportData', summary: '签名记录导出Excel', tags: TAGS, access: 'company', data: listRequestSchema,
    permission: { uri: SIGN_RECORD_URI, code: 'export' },
    handler: async ({ user, data }) => exportSignRecords(app.db, user.companyId, data, dataDir),
  });

  defineRoute<{ filePath?: unknown; filePaths?: unknown }>(app, {
    path: `/api/enterprise/bills${SIGN_RECORD_URI.replace(/^\/bill/, '')}/parseQueryTemplate`,
    summary: '签名记录批量查询：读取已填写的查询模板', tags: TAGS, access: 'company', data: parseTemplateSchema, permission: page,
    handler: async ({ user, data }) => {
      const raw = data.filePaths ?? data.filePath;
      const uris = (Array.isArray(raw) ? raw : [raw]).filter((u): u is string => typeof u === 'string' && u !== '');
      if (uris.length === 0) throw new BizError(billServerText.noFileChosen);
      if (uris.length > MAX_TEMPLATE_FILES) throw new BizError(billServerText.tooManyFiles(MAX_TEMPLATE_FILES));
      const files = [];
      for (const uri of uris) files.push(await resolveUpload(app.db, dataDir, user.companyId, uri));
      // the query template's one column (signQueryTemplate): the records' 企业内部编号
      return { column: 'cop_no', values: await templateValues(signingText.columns.copNo, files) };
    },
  });

  defineRoute<{ limit?: number }>(app, {
    path: '/api/sign/client/pending', permission: page, summary: '签名客户端：待签名记录', tags: TAGS, access: 'company',
    data: { type: 'object', properties: { limit: { type: 'integer', minimum: 1, maximum: MAX_PENDING, title: '最多条数' } } }, dataOptional: true,
    handler: async ({ user, data }) => {
      const rows = await pendingSignatures(app.db, user.companyId, data?.limit ?? MAX_PENDING);
      return rows.map((r) => ({
        id: Number(r.id), copNo: r.cop_no, type: r.type, typeName: signTypeName(r.type), purpose: r.purpose,
        waitSignData: r.wait_sign_data, algorithm: r.algorithm ?? null, signData: r.signData, createTime: chinaDateTime(r.create_time),
      }));
    },
  });
  defineRoute<{ id: number; signature: string; certificate: string }>(app, {
    path: '/api/sign/client/complete', permission: page, summary: '签名客户端：提交签名', tags: TAGS, access: 'company',
    data: {
      type: 'object', required: ['id', 'signature', 'certificate'],
      properties: {
        id: { type: 'integer', minimum: 1, title: '签名记录ID' },
        signature: { type: 'string', minLength: 1, maxLength: 4096, title: '签名值（Base64；SM2 证书：对该算法的待签名数据做 SM2/SM3，r‖s 64 字节或 DER；RSA 证书：RSA-SHA1）' },
        certificate: { type: 'string', minLength: 1, maxLength: 16384, title: '签名证书（Base64 DER 或 PEM；SM2 或 RSA 密钥）' },
      },
    },
    handler: async ({ user, data }) => {
      await completeSignature(app.db, { recordId: data.id, companyId: user.companyId, signature: data.signature, certificate: data.certificate });
      if (app.hasDecorator('customs')) app.customs.wake();
      return { id: data.id, state: SignState.signed };
    },
  });
  defineRoute<{ id: number; reason?: string }>(app, {
    path: '/api/sign/client/fail', permission: page, summary: '签名客户端：签名失败', tags: TAGS, access: 'company',
    data: {
      type: 'object', required: ['id'],
      properties: { id: { type: 'integer', minimum: 1, title: '签名记录ID' }, reason: { type: 'string', maxLength: 500, title: '失败原因' } },
    },
    handler: async ({ user, data }) => {
      await failSignature(app.db, { recordId: data.id, companyId: user.companyId, ...(data.reason !== undefined ? { reason: data.reason } : {}) });
      return { id: data.id, state: SignState.failed };
    },
  });
}
