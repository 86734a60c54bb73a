/**
 * Settlement authorization calls (accounts §6, §7): /declare/authCommerce/queryPageList (the
 * caller's requests and the requests to it; terms state in, agentCode eq or commerceCode eq),
 * audit {flag, id} (agree / refuse), tackBack {ids} (recall), delete {ids}, findCompany
 * {companyName}, save {commerceCode, commerceName}. A filed enterprise only.
 */
import type { FastifyInstance } from 'fastify';
import { authorizationText as t } from '../../domain/texts/settlement.ts';
import { defineRoute, ok } from '../http/route.ts';
import { actOnAuthorizations, findCompanies, listAuthorizations, requestAuthorization } from '../settlement/authorization.ts';

const APPLY = '/settlementAuthorization/apply';
const CONFIRM = '/settlementAuthorization/confirm';
const tags = ['结汇授权'];
const access = 'company' as const;
const idsBody = { type: 'object', properties: { ids: { type: 'array', maxItems: 1000 } } };

export default async function authorizationRoutes(app: FastifyInstance) {
  const { db } = app;

  defineRoute(app, {
    path: '/api/enterprise/declare/authCommerce/queryPageList', permission: [{ uri: APPLY }, { uri: CONFIRM }], summary: '授权记录 (申请方或电商企业方)', tags, access,
    data: { type: 'object', additionalProperties: true }, dataOptional: true,
    handler: ({ user, data }) => listAuthorizations(db, user, data),
  });

  defineRoute<{ flag?: unknown; id?: number }>(app, {
    path: '/api/enterprise/declare/authCommerce/audit', summary: '同意 (flag true) 或拒绝 (flag false) 授权 (仅待审核)', tags, access,
    // the two outcomes have their own success texts (§8): the handler writes the envelope itself
    raw: true,
    data: { type: 'object', required: ['flag', 'id'], properties: { flag: { type: 'boolean' }, id: { type: 'integer', minimum: 1 } } },
    permission: (data) => ({ uri: CONFIRM, code: data.flag === true ? 'agree' : 'refuse' }),
    handler: async ({ user, data, reply }) => {
      const agree = data.flag === true;
      await actOnAuthorizations(db, user, [data.id], agree ? 'agree' : 'refuse');
      return reply.send(ok(null, agree ? t.agreed : t.refused));
    },
  });

  defineRoute<{ ids?: unknown }>(app, {
    path: '/api/enterprise/declare/authCommerce/tackBack', summary: '回收授权 (仅已授权)', tags, access,
    permission: { uri: CONFIRM, code: 'recall' }, message: t.recalled, data: idsBody,
    handler: async ({ user, data }) => { await actOnAuthorizations(db, user, data.ids, 'recall'); return null; },
  });

  defineRoute<{ ids?: unknown }>(app, {
    path: '/api/enterprise/declare/authCommerce/delete', summary: '删除授权申请 (待审核、已拒绝、已回收)', tags, access,
    permission: { uri: APPLY, code: 'delete' }, message: t.deleted, data: idsBody,
    handler: async ({ user, data }) => { await actOnAuthorizations(db, user, data.ids, 'delete'); return null; },
  });

  defineRoute<{ companyName?: string }>(app, {
    path: '/api/enterprise/declare/authCommerce/findCompany', permission: { uri: APPLY, code: 'add' }, summary: '按名称查找已备案企业 → [{companyCode, companyName}]', tags, access,
    data: { type: 'object', properties: { companyName: { type: 'string', maxLength: 100 } } }, dataOptional: true,
    handler: ({ user, data }) => findCompanies(db, user, data?.companyName),
  });

  defineRoute<{ commerceCode?: unknown; commerceName?: unknown }>(app, {
    path: '/api/enterprise/declare/authCommerce/save', summary: '向电商企业申请授权 (待审核)', tags, access,
    permission: { uri: APPLY, code: 'add' }, message: t.created,
    data: { type: 'object', properties: { commerceCode: { type: 'string', maxLength: 18 }, commerceName: { type: 'string', maxLength: 100 } } },
    handler: ({ user, data }) => requestAuthorization(db, user, data),
  });
}
