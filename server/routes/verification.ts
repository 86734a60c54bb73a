/**
 * Settlement verification calls (accounts §7): /declare/verification/pageList (the approved
 * settlements with what is left to verify), apply {amount, ids}, revokes {ids, reason}, and the
 * result detail of one settlement (/declare/verification/result, ours). A filed enterprise only.
 */
import type { FastifyInstance } from 'fastify';
import { verificationText as t } from '../../domain/texts/settlement.ts';
import { defineRoute } from '../http/route.ts';
import { applyVerification, listVerifiable, revokeVerifications, verificationResults } from '../settlement/verification.ts';

const PAGE = '/settlementVerification';
const tags = ['核销'];
const access = 'company' as const;

export default async function verificationRoutes(app: FastifyInstance) {
  const { db } = app;

  defineRoute(app, {
    path: '/api/enterprise/declare/verification/pageList', permission: { uri: PAGE }, summary: '可核销的结汇单 (审核通过；含已核销、核销中、可核销金额)', tags, access,
    data: { type: 'object', additionalProperties: true }, dataOptional: true,
    handler: ({ user, data }) => listVerifiable(db, user, data),
  });

  defineRoute<{ amount?: unknown; ids?: unknown }>(app, {
    path: '/api/enterprise/declare/verification/apply', summary: '申请核销 (单选一条结汇单；金额大于0、最多5位小数、不超过可核销金额)', tags, access,
    permission: { uri: PAGE, code: 'apply' }, message: t.applied,
    data: { type: 'object', properties: { amount: { anyOf: [{ type: 'number' }, { type: 'string', maxLength: 30 }, { type: 'null' }], title: t.amount }, ids: { type: 'array', maxItems: 10 } } },
    handler: async ({ user, data }) => {
      const result = await applyVerification(db, user, data);
      app.settlementSandboxWake();
      return result;
    },
  });

  defineRoute<{ ids?: unknown; reason?: unknown }>(app, {
    path: '/api/enterprise/declare/verification/revokes', summary: '撤销核销申请 (审核中，须填写理由)', tags, access,
    permission: { uri: PAGE, code: 'revoke' }, message: t.revoked,
    data: { type: 'object', properties: { ids: { type: 'array', maxItems: 1000 }, reason: { type: 'string', maxLength: 255 } } },
    handler: async ({ user, data }) => { await revokeVerifications(db, user, data); return null; },
  });

  defineRoute<{ id: number }>(app, {
    path: '/api/enterprise/declare/verification/result', permission: { uri: PAGE }, summary: '核销结果详情 (一条结汇单的核销申请)', tags, access,
    data: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } },
    handler: ({ user, data }) => verificationResults(db, user, data.id),
  });
}
