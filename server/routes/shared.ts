import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../http/route.ts';

/** Calls every page uses: dictionaries and bill state dictionaries (cached by the web in session storage). */
export default async function sharedRoutes(app: FastifyInstance) {
  const { db } = app;

  defineRoute<{ dicCode: string }>(app, {
    path: '/api/dictionary/item/queryByCode', permission: 'open', summary: '字典项 (name, value)', tags: ['公共'],
    data: { type: 'object', required: ['dicCode'], properties: { dicCode: { type: 'string', title: '字典编码', minLength: 1, maxLength: 60 } } },
    handler: ({ data }) => db.selectFrom('dictionary_items').select(['name', 'value'])
      .where('dic_code', '=', data.dicCode).orderBy('sort_no').execute(),
  });

  defineRoute<{ mode: string; billType: string }>(app, {
    path: '/api/enterprise/state/list', permission: 'open', summary: '单据状态字典 (state, stateName)', tags: ['公共'],
    data: {
      type: 'object', required: ['mode', 'billType'],
      properties: { mode: { type: 'string', title: '业务模式', minLength: 1, maxLength: 10 }, billType: { type: 'string', title: '单据类型', minLength: 1, maxLength: 60 } },
    },
    handler: ({ data }) => db.selectFrom('state_dictionary').select(['state', 'state_name as stateName'])
      .where('mode', '=', data.mode).where('bill_type', '=', data.billType).orderBy('sort_no').execute(),
  });
}
