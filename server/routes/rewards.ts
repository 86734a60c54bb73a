/**
 * Reward application calls (accounts §7, prefix /api/enterprise): /subsidy/list, detail, export,
 * apply (a refusal is code -1000), the company picker (/subsidy/company/queryRecCompany,
 * queryCompany), the bill-number import (/subsidy/bill/import, list, delete, deleteAll,
 * /subsidy/downloadTemplate) and the verification result (/subsidy/result/{applyType}/list, export).
 * A filed enterprise only; writes need the pages' button codes.
 */
import type { FastifyInstance } from 'fastify';
import { rewardText as t } from '../../domain/texts/rewards.ts';
import { defineRoute } from '../http/route.ts';
import { deleteRewardBill, deleteRewardImport, importRewardBills, listRewardBills, rewardTemplate } from '../rewards/bills.ts';
import { exportResults, listResults } from '../rewards/results.ts';
import { applySubsidy, bindableCompanies, exportSubsidies, listSubsidies, ownCompany, subsidyDetail, type ApplyInput } from '../rewards/subsidies.ts';

const LIST = '/rewardApplication';
const APPLY = '/rewardApplication/apply/apply';
const DETAIL = '/rewardApplication/apply/detail';
const tags = ['补贴'];
const access = 'company' as const;
const listRequest = { type: 'object', additionalProperties: true };

export default async function rewardRoutes(app: FastifyInstance) {
  const { db } = app;
  const dataDir = app.config.dataDir;

  defineRoute(app, {
    path: '/api/enterprise/subsidy/list', permission: { uri: LIST }, summary: '补贴申请列表 (ck_time 范围为 ck_start_time gte 与 ck_end_time lte)', tags, access, data: listRequest, dataOptional: true,
    handler: ({ user, data }) => listSubsidies(db, user, data),
  });
  defineRoute<{ id: number }>(app, {
    path: '/api/enterprise/subsidy/detail', permission: [{ uri: LIST }, { uri: DETAIL }], summary: '补贴申请详情 (含绑定企业)', tags, access,
    data: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } },
    handler: ({ user, data }) => subsidyDetail(db, user, data.id),
  });
  defineRoute(app, {
    path: '/api/enterprise/subsidy/export', summary: '导出补贴申请 → downloadUri', tags, access, data: listRequest, dataOptional: true,
    permission: { uri: LIST, code: 'export' },
    handler: ({ user, data }) => exportSubsidies(db, dataDir, user, data),
  });
  defineRoute<ApplyInput>(app, {
    path: '/api/enterprise/subsidy/apply', summary: '提交补贴申请 (拒绝时 code -1000)', tags, access,
    permission: { uri: LIST, code: 'add' }, message: t.applied,
    data: {
      type: 'object',
      properties: {
        applyType: { type: 'string', maxLength: 4 }, companyType: { type: 'string', maxLength: 1 },
        ckStartTime: { type: 'string', maxLength: 19 }, ckEndTime: { type: 'string', maxLength: 19 },
        note: { anyOf: [{ type: 'string', maxLength: 1000 }, { type: 'null' }] },
        recCompanyList: { type: 'array', maxItems: 1000, items: { type: 'object' } },
        importNo: { anyOf: [{ type: 'integer' }, { type: 'string', maxLength: 20 }, { type: 'null' }] },
      },
    },
    handler: async ({ user, data }) => {
      const vo = await applySubsidy(db, user, data);
      app.settlementSandboxWake();
      return vo;
    },
  });
  defineRoute<{ companyName?: string }>(app, {
    path: '/api/enterprise/subsidy/company/queryRecCompany', permission: { uri: LIST, code: 'add' }, summary: '可绑定的企业 (按名称) → [{recCompanyName, recCompanyCode}]', tags, access,
    data: { type: 'object', properties: { companyName: { type: 'string', maxLength: 100 } } }, dataOptional: true,
    handler: ({ data }) => bindableCompanies(db, data?.companyName),
  });
  defineRoute(app, {
    path: '/api/enterprise/subsidy/company/queryCompany', permission: { uri: LIST }, summary: '申请企业 (本企业)', tags, access, dataOptional: true,
    handler: ({ user }) => ownCompany(user),
  });

  defineRoute(app, {
    path: '/api/enterprise/subsidy/downloadTemplate', summary: '提单号导入模板 → downloadUri', tags, access, dataOptional: true,
    permission: { uri: APPLY, code: 'downTemplate' },
    handler: () => rewardTemplate(dataDir),
  });
  defineRoute<{ filePath?: unknown }>(app, {
    path: '/api/enterprise/subsidy/bill/import', summary: '导入提单号 (一个Excel文件，最多20000行，仅主运单号) → {importNo, total}', tags, access,
    permission: { uri: APPLY, code: 'upExcel' }, message: t.imported,
    data: { type: 'object', properties: { filePath: { anyOf: [{ type: 'string', maxLength: 300 }, { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 300 } }] } } },
    handler: ({ user, data }) => importRewardBills(db, dataDir, user, data.filePath),
  });
  defineRoute(app, {
    path: '/api/enterprise/subsidy/bill/list', permission: [{ uri: APPLY }, { uri: DETAIL }], summary: '提单号列表 (terms subsidy_id 或 import_no)', tags, access, data: listRequest, dataOptional: true,
    handler: ({ user, data }) => listRewardBills(db, user, data),
  });
  defineRoute<{ id: number }>(app, {
    path: '/api/enterprise/subsidy/bill/delete', summary: '删除一条导入的提单号 (未提交的)', tags, access,
    permission: { uri: APPLY, code: 'delete' }, message: t.deleted,
    data: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } },
    handler: async ({ user, data }) => { await deleteRewardBill(db, user, data.id); return null; },
  });
  defineRoute<{ id: number }>(app, {
    path: '/api/enterprise/subsidy/bill/deleteAll', summary: '删除一次导入的全部提单号 (id 为导入编号)', tags, access,
    permission: { uri: APPLY, code: 'delete' }, message: t.deleted,
    data: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
    handler: async ({ user, data }) => { await deleteRewardImport(db, user, data.id); return null; },
  });

  defineRoute(app, {
    path: '/api/enterprise/subsidy/result/:applyType/list', permission: { uri: DETAIL }, summary: '核验结果 (terms subsidy_id eq；仅核验完成)', tags, access, data: listRequest, dataOptional: true,
    handler: ({ user, data, request }) => listResults(db, user, (request.params as { applyType: string }).applyType, data),
  });
  defineRoute(app, {
    path: '/api/enterprise/subsidy/result/:applyType/export', summary: '导出核验结果 → downloadUri', tags, access, data: listRequest, dataOptional: true,
    permission: { uri: DETAIL, code: 'export' },
    handler: ({ user, data, request }) => exportResults(db, dataDir, user, (request.params as { applyType: string }).applyType, data),
  });
}
