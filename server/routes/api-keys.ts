/**
 * API keys (issue 17 part 3), fixed paths under /api/enterprise/apiKey: save {name, grants,
 * expiresAt?} → {id, secret} (the secret is answered this once), pageList, disable {ids},
 * deleteByIds {ids}. The main account only: a key never manages keys.
 */
import type { FastifyInstance } from 'fastify';
import { apiKeyText as t } from '../../domain/texts/api-keys.ts';
import { API_KEY_BATCH_MAX, checkedNewKey, createKey, deleteKeys, disableKeys, listKeys } from '../accounts/api-keys.ts';
import { defineRoute } from '../http/route.ts';
import { grantsSchema } from './accounts.ts';

const tags = ['接口密钥'];
const PAGE = '/apiKey';
const ids = { type: 'array', title: '密钥', maxItems: API_KEY_BATCH_MAX, items: { type: 'integer', minimum: 1 } };

export default async function apiKeyRoutes(app: FastifyInstance) {
  const { db } = app;
  const forget = (keyIds: number[]) => { for (const id of keyIds) app.grants.forget({ kind: 'apiKey', id }); };

  defineRoute(app, {
    idColumn: 'integer',
    path: '/api/enterprise/apiKey/pageList', summary: '接口密钥列表 (不含密钥本身)', tags, dataOptional: true,
    permission: { uri: PAGE }, data: { type: 'object' },
    handler: ({ user, data }) => listKeys(db, user, data),
  });

  defineRoute<{ name?: string; grants?: { moduleId: number; code: string }[]; expiresAt?: string | null }>(app, {
    idColumn: 'integer',
    path: '/api/enterprise/apiKey/save', summary: '新建接口密钥 → {id, secret} (密钥只返回这一次，仅保存其 SHA-256)', tags,
    permission: { uri: PAGE, code: 'add' }, message: t.created,
    data: {
      type: 'object',
      properties: {
        name: { type: 'string', title: t.name, maxLength: 200 },
        grants: grantsSchema,
        expiresAt: { anyOf: [{ type: 'string', maxLength: 40 }, { type: 'null' }], title: t.expiresAt },
      },
    },
    handler: ({ user, data }) => createKey(db, user, checkedNewKey(data ?? {}, Date.now())),
  });

  defineRoute<{ ids: number[] }>(app, {
    idColumn: 'integer',
    path: '/api/enterprise/apiKey/disable', summary: '停用接口密钥 (下一次调用即 401)', tags,
    permission: { uri: PAGE, code: 'disable' }, message: t.disabledOk,
    data: { type: 'object', required: ['ids'], properties: { ids } },
    handler: async ({ user, data }) => { forget(await disableKeys(db, user, data.ids)); return null; },
  });

  defineRoute<{ ids: number[] }>(app, {
    idColumn: 'integer',
    path: '/api/enterprise/apiKey/deleteByIds', summary: '删除接口密钥 (下一次调用即 401)', tags,
    permission: { uri: PAGE, code: 'delete' }, message: t.deleted,
    data: { type: 'object', required: ['ids'], properties: { ids } },
    handler: async ({ user, data }) => { forget(await deleteKeys(db, user, data.ids)); return null; },
  });
}
