/**
 * The system upgrade (accounts-and-enterprise.md §2, §3, §5, §7, prefix /api/enterprise):
 * /agreement/queryInfo, /agreement/next, /agreement/read, /agreement/back (ours: the server decides
 * each step with machines/upgrade-progress.ts), /agreement/createRs and /agreement/template (the
 * finish screen's sample image), and /agreement/getDownloadUrl (the header's agreement download).
 * Any logged-in user may ask; only the main account works the wizard.
 */
import type { FastifyInstance } from 'fastify';
import { upgradeText as t } from '../../domain/texts/upgrade.ts';
import { decryptPassword } from '../auth/passwords.ts';
import { defineRoute } from '../http/route.ts';
import { AGREEMENT_DOWNLOAD_URI, AGREEMENT_FILE_NAME, AGREEMENT_PATH, agreementPdf } from '../upgrade/agreement.ts';
import { sampleImageSvg } from '../upgrade/sample-image.ts';
import { createResourceAccount, moveUpgrade, SAMPLE_IMAGE_URI, upgradeInfo, type CreateRsInput } from '../upgrade/wizard.ts';

const tags = ['系统升级'];
const encrypted = (title: string) => ({ type: 'string', title, maxLength: 1024 });

export default async function upgradeRoutes(app: FastifyInstance) {
  const { db } = app;

  defineRoute(app, {
    path: '/api/enterprise/agreement/queryInfo', permission: 'session', summary: '是否需要升级 (needPromotion, bizRegNo, companyName) 与当前步骤', tags, dataOptional: true,
    handler: ({ user }) => upgradeInfo(db, user),
  });

  for (const [action, summary] of [['next', '升级公告 → 阅读协议'], ['read', '已阅读 (协议打开5秒后) → 创建资源中心账号'], ['back', '上一步']] as const) {
    defineRoute(app, {
      path: `/api/enterprise/agreement/${action}`, permission: 'session', // the wizard refuses a sub-account in its own words (系统升级须由企业主账号办理)
      summary: `${summary} (仅主账号；步骤不允许时 code -1)`, tags, dataOptional: true,
      handler: ({ user }) => moveUpgrade(db, user, action),
    });
  }

  defineRoute<CreateRsInput>(app, {
    path: '/api/enterprise/agreement/createRs', permission: 'session', summary: '创建资源中心账号 (bizRegNo 统一社会信用代码；loginPwd 为 RSA-OAEP 密文的 base64)', tags,
    message: t.created,
    data: {
      type: 'object', required: ['bizRegNo', 'loginPwd'],
      properties: { bizRegNo: { type: 'string', title: t.bizRegNo, maxLength: 40 }, loginPwd: encrypted(t.password), againPassword: encrypted(t.againPassword) },
    },
    handler: ({ user, data }) => createResourceAccount(db, user, data, (v) => (v ? decryptPassword(app.secrets.rsaPrivateKeyPem, v) : '')),
  });

  defineRoute(app, {
    path: '/api/enterprise/agreement/template', permission: 'session', summary: '资源中心登录示例图 → displayUri', tags, dataOptional: true,
    handler: () => ({ displayUri: SAMPLE_IMAGE_URI }),
  });

  defineRoute(app, {
    path: '/api/enterprise/agreement/getDownloadUrl', permission: 'session', summary: '协议下载 (页头) → downloadUri', tags, dataOptional: true,
    handler: () => ({ downloadUri: AGREEMENT_DOWNLOAD_URI }),
  });

  defineRoute(app, {
    path: AGREEMENT_PATH, method: 'GET', summary: '《资源中心用户服务协议》(PDF；download=1 时作为附件下载)', tags, access: 'public', raw: true,
    querystring: { type: 'object', properties: { download: { type: 'string', maxLength: 1 } } },
    handler: ({ query, reply }) => reply.header('content-type', 'application/pdf').header('cache-control', 'public, max-age=3600')
      .header('content-disposition', `${query.download === '1' ? 'attachment' : 'inline'}; filename="agreement.pdf"; filename*=UTF-8''${encodeURIComponent(AGREEMENT_FILE_NAME)}`)
      .send(Buffer.from(agreementPdf())),
  });

  defineRoute(app, {
    path: SAMPLE_IMAGE_URI, method: 'GET', summary: '资源中心登录示例图 (SVG)', tags, access: 'public', raw: true,
    handler: ({ reply }) => reply.header('content-type', 'image/svg+xml; charset=utf-8').header('cache-control', 'public, max-age=86400')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox").send(sampleImageSvg),
  });
}
