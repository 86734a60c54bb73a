/**
 * Exchange settlement calls (accounts-and-enterprise.md §7, prefix /api/enterprise): the list
 * (/declarel/severList, /declarel/queryPageList), 提交申请 (/declarel/declaration), 撤销申请
 * (/declare/revoke/revoke), 删除申请 (/declarel/delete), the revocation history
 * (/declare/revoke/revokePageList, verificationPageList), and the detail page's calls: heads
 * (queryInventHead, queryExpuInventHead), lines (queryInventList, queryExpuInventList,
 * /SeInventory/queryPageList, /SeExpuInventory/queryPageList), released inventories to add
 * (/invtInventory/querySeInventList, /expuInventry/quertSeList), adding (declarationSeList) and
 * deleting lines (/SeInventory/delete, /SeExpuInventory/delete), and the head's specDeclFlag
 * (/declarel/saveHead, ours), and 批量锁定 / 批量解锁 (/declarel/lock, /declarel/unlock {ids}, ours: §5
 * names the buttons' selection rule only). A filed enterprise only; writes need the page's button codes.
 */
import type { FastifyInstance } from 'fastify';
import type { BillType } from '../../domain/settlement/states.ts';
import { settlementText as t } from '../../domain/texts/settlement.ts';
import { defineRoute } from '../http/route.ts';
import { revocationHistory } from '../settlement/history.ts';
import { addInventories, deleteLines, listCandidates, listLines, type AddInput } from '../settlement/inventories.ts';
import { applySettlement, deleteSettlements, findSettlement, listSettlements, revokeSettlements, saveSettlementHead, setSettlementsLock, type ApplyInput } from '../settlement/settlements.ts';

const LIST = '/exchangeSettlement';
const DETAIL = '/exchangeSettlement/applicationDetail';
const tags = ['结汇'];
const access = 'company' as const;
const listRequest = { type: 'object', additionalProperties: true, properties: { pageIndex: { type: 'integer', minimum: 0 }, pageSize: { type: 'integer', minimum: 1, maximum: 1000 } } };
const ids = (title: string) => ({ type: 'array', title, maxItems: 500, items: { type: 'integer', minimum: 1 } });
const id = { type: 'object', required: ['id'], properties: { id: { type: 'integer', title: '结汇单', minimum: 1 } } };

export default async function settlementRoutes(app: FastifyInstance) {
  const { db } = app;

  for (const path of ['/declarel/severList', '/declarel/queryPageList']) {
    defineRoute(app, {
      path: `/api/enterprise${path}`, permission: [{ uri: LIST }, { uri: '/settlementVerification' }], summary: '结汇单列表 (状态多选、创建时间范围、授权状态)', tags, access, data: listRequest, dataOptional: true,
      handler: ({ user, data }) => listSettlements(db, user, data),
    });
  }

  defineRoute<ApplyInput>(app, {
    path: '/api/enterprise/declarel/declaration', summary: '提交申请 (选择结算银行；仅待生成)', tags, access,
    permission: { uri: LIST, code: 'apply' }, message: t.applied,
    data: {
      type: 'object', required: ['id'],
      properties: { id: { type: 'integer', title: '结汇单', minimum: 1 }, bankCode: { type: 'string', title: t.bank, maxLength: 10 }, note: { anyOf: [{ type: 'string', maxLength: 255 }, { type: 'null' }], title: t.note } },
    },
    handler: async ({ user, data }) => {
      const vo = await applySettlement(db, user, data);
      app.settlementSandboxWake();
      return vo;
    },
  });

  defineRoute<{ ids?: unknown; reason?: unknown; revokeType?: unknown }>(app, {
    path: '/api/enterprise/declare/revoke/revoke', summary: '撤销申请 (仅审核中，须填写理由；revokeType 1)', tags, access,
    permission: { uri: LIST, code: 'revoke' }, message: t.revoked,
    data: { type: 'object', properties: { ids: { type: 'array', maxItems: 1000 }, reason: { type: 'string', title: t.revokeReason, maxLength: 255 }, revokeType: { type: 'integer' } } },
    handler: async ({ user, data }) => { await revokeSettlements(db, user, data); return null; },
  });

  defineRoute<{ ids?: unknown }>(app, {
    path: '/api/enterprise/declarel/delete', summary: '删除申请 (仅待生成)', tags, access,
    permission: { uri: LIST, code: 'delete' }, message: t.deleted,
    data: { type: 'object', properties: { ids: { type: 'array', maxItems: 1000 } } },
    handler: async ({ user, data }) => { await deleteSettlements(db, user, data.ids); return null; },
  });

  for (const [path, lock, code, message] of [['/declarel/lock', true, 'lock', t.locked], ['/declarel/unlock', false, 'unlock', t.unlocked]] as const) {
    defineRoute<{ ids?: unknown }>(app, {
      path: `/api/enterprise${path}`, summary: lock ? '批量锁定 (任何状态；锁定后企业的修改、提交、删除、撤销被拒绝)' : '批量解锁 (仅已锁定)', tags, access,
      permission: { uri: LIST, code }, message,
      data: { type: 'object', properties: { ids: { type: 'array', maxItems: 1000 } } },
      handler: async ({ user, data }) => { await setSettlementsLock(db, user, data.ids, lock); return null; },
    });
  }

  for (const [path, type, summary] of [['/declare/revoke/revokePageList', 1, '结汇撤销历史'], ['/declare/revoke/verificationPageList', 2, '核销撤销历史']] as const) {
    defineRoute(app, {
      path: `/api/enterprise${path}`, permission: { uri: type === 1 ? LIST : '/settlementVerification', code: 'revokeHistory' }, summary: `${summary} ({pageIndex, pageSize} → {datas, total})`, tags, access, data: listRequest, dataOptional: true,
      handler: ({ user, data }) => revocationHistory(db, user, type, data),
    });
  }

  const byType: [BillType, { head: string; lines: string[]; candidates: string; add: string; deleteLines: string }][] = [
    ['import', { head: '/declarel/queryInventHead', lines: ['/declarel/queryInventList', '/SeInventory/queryPageList'], candidates: '/invtInventory/querySeInventList', add: '/invtInventory/declarationSeList', deleteLines: '/SeInventory/delete' }],
    ['export', { head: '/declarel/queryExpuInventHead', lines: ['/declarel/queryExpuInventList', '/SeExpuInventory/queryPageList'], candidates: '/expuInventry/quertSeList', add: '/expuInventry/declarationSeList', deleteLines: '/SeExpuInventory/delete' }],
  ];
  for (const [billType, p] of byType) {
    const label = billType === 'import' ? '进口' : '出口';
    defineRoute<{ id: number }>(app, {
      path: `/api/enterprise${p.head}`, permission: [{ uri: LIST }, { uri: DETAIL }], summary: `结汇单表头 (${label})`, tags, access, data: id,
      handler: ({ user, data }) => findSettlement(db, user, data.id, billType),
    });
    for (const path of p.lines) {
      defineRoute(app, {
        path: `/api/enterprise${path}`, permission: [{ uri: LIST }, { uri: DETAIL }], summary: `结汇单清单列表 (${label}；id 或 head_id 条件)`, tags, access, data: listRequest, dataOptional: true,
        handler: ({ user, data }) => listLines(db, user, billType, data),
      });
    }
    defineRoute(app, {
      path: `/api/enterprise${p.candidates}`, permission: { uri: DETAIL, code: 'add' }, summary: `可添加的已放行${label}清单 (贸易方式单选、创建时间)`, tags, access, data: listRequest, dataOptional: true,
      handler: ({ user, data }) => listCandidates(db, user, billType, data),
    });
    defineRoute<AddInput>(app, {
      path: `/api/enterprise${p.add}`, summary: `添加${label}清单 (无 headId 时新建结汇单) → {headId, added}`, tags, access,
      permission: { uri: DETAIL, code: 'add' }, message: t.ok,
      data: {
        type: 'object',
        properties: {
          ids: ids('清单'), headId: { anyOf: [{ type: 'integer', minimum: 1 }, { type: 'null' }], title: '结汇单' },
          startTime: { anyOf: [{ type: 'string', maxLength: 30 }, { type: 'null' }] }, endTime: { anyOf: [{ type: 'string', maxLength: 30 }, { type: 'null' }] },
        },
      },
      handler: ({ user, data }) => addInventories(db, user, billType, data),
    });
    defineRoute<{ ids?: unknown }>(app, {
      path: `/api/enterprise${p.deleteLines}`, summary: `删除${label}清单 (仅待生成)`, tags, access,
      permission: { uri: DETAIL, code: 'delete' }, message: t.deleted,
      data: { type: 'object', properties: { ids: ids('清单') } },
      handler: async ({ user, data }) => { await deleteLines(db, user, billType, data.ids); return null; },
    });
  }

  defineRoute<{ id: number; specDeclFlag?: unknown }>(app, {
    path: '/api/enterprise/declarel/saveHead', summary: '保存结汇单表头特殊申报标志 (七位 0/1；仅待生成)', tags, access,
    permission: { uri: DETAIL, code: 'add' }, message: t.saved,
    data: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 }, specDeclFlag: { type: 'string', title: t.specDeclFlag, maxLength: 7 } } },
    handler: ({ user, data }) => saveSettlementHead(db, user, data),
  });
}
