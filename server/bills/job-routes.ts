/**
 * Bulk jobs of the bill lists (批量申报 with a progress bar):
 *   POST /api/enterprise/bills/jobs/start  {mode, key, ids}  → {jobId}; the job runs in the background
 *   POST /api/enterprise/bills/jobs/detail {id}              → the job's progress and per-bill failures
 *   POST /api/enterprise/bills/jobs/list   {mode, key}       → the company's latest jobs of that bill type
 * Starting needs the bill's 批量申报 permission, like its apply path; reading needs the bill's page.
 */
import type { FastifyInstance } from 'fastify';
import { findBill } from '../../domain/bills/index.ts';
import { billServerText } from '../../domain/texts/bills.ts';
import { BizError, defineRoute } from '../http/route.ts';
import { batchIds } from './batch.ts';
import { MAX_SAVE_BATCH } from './save-batch.ts';
import { createDeclareJob, findJob, listJobs, type JobRunner } from './jobs.ts';
import { billModel } from './model.ts';
import { billRequirement, requireBillAccess } from './permissions.ts';

type Data = { mode?: unknown; key?: unknown; ids?: unknown; id?: unknown };

const billOf = (data: Data) => {
  const def = typeof data.mode === 'string' && typeof data.key === 'string' ? findBill(data.mode, data.key) : undefined;
  if (!def) throw new BizError(billServerText.unknownBill);
  return def;
};

const billRef = {
  type: 'object', required: ['mode', 'key'],
  properties: { mode: { type: 'string', maxLength: 10 }, key: { type: 'string', maxLength: 40 } },
};

export function registerJobRoutes(app: FastifyInstance, runner: JobRunner): void {
  defineRoute<Data>(app, {
    path: '/api/enterprise/bills/jobs/start', summary: '批量申报任务：开始', tags: ['批量任务'], access: 'company',
    // a job takes what saveBatch takes (1,000 bills), so an ERP declares what it just saved in one call;
    // more is refused in words by batchIds (一次最多操作1000条单据), not by the schema's bare 'ids不正确'
    data: { ...billRef, required: ['mode', 'key', 'ids'], properties: { ...billRef.properties, ids: { type: 'array', title: `单据ID，最多${MAX_SAVE_BATCH}个` } } },
    permission: (data) => billRequirement(billModel(billOf(data)), 'apply'),
    handler: async ({ user, data }) => {
      const def = billOf(data);
      const jobId = await createDeclareJob(app.db, { companyId: user.companyId, userId: user.userId, def, ids: batchIds(data.ids, MAX_SAVE_BATCH) });
      void runner.run(jobId);
      return { jobId };
    },
  });

  defineRoute<Data>(app, {
    path: '/api/enterprise/bills/jobs/detail', summary: '批量申报任务：进度', tags: ['批量任务'], access: 'company',
    data: { type: 'object', required: ['id'], properties: { id: { anyOf: [{ type: 'integer' }, { type: 'string', maxLength: 20 }] } } },
    // which bill page it needs is known once the job is read: checked below, against the same grants
    permission: 'open',
    handler: async ({ user, data }) => {
      const id = Number(data.id);
      const job = Number.isSafeInteger(id) && id > 0 ? await findJob(app.db, user.companyId, id) : undefined;
      if (!job) throw new BizError(billServerText.jobNotFound);
      const def = findBill(job.mode, job.key);
      if (def) await requireBillAccess(app, user, billModel(def), 'pageList');
      return job;
    },
  });

  defineRoute<Data>(app, {
    path: '/api/enterprise/bills/jobs/list', summary: '批量申报任务：最近任务', tags: ['批量任务'], access: 'company',
    data: billRef,
    permission: (data) => billRequirement(billModel(billOf(data)), 'pageList'),
    handler: async ({ user, data }) => {
      const def = billOf(data);
      return listJobs(app.db, user.companyId, def.mode, def.key);
    },
  });
}
