/**
 * The routes of one bill type, generated from its definition: every path of `def.api` under
 * /api/enterprise, plus parseQueryTemplate under /api/enterprise/bills/{mode}/{key}. Adding a bill
 * type adds its routes; nothing here names one.
 */
import type { FastifyInstance } from 'fastify';
import type { BillApi, BillDefinition } from '../../domain/bills/types.ts';
import { billServerText, billText } from '../../domain/texts/bills.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import { defineRoute, BizError } from '../http/route.ts';
import { resolveUpload } from '../files/uploads.ts';
import { applyBills, batchIds, deleteBills, resendReceipts } from './batch.ts';
import { batchAnswerOf, createDeclareJob, type JobRunner } from './jobs.ts';
import { batchBills, MAX_SAVE_BATCH, saveBatch } from './save-batch.ts';
import type { BillCall } from './call.ts';
import type { ReadTarget } from '../db/read-router.ts';
import { companyReader } from './defaults.ts';
import { exportBills } from './export.ts';
import { parseQueryTemplate, queryTemplate } from './query-template.ts';
import { deleteLines, listLines, saveLine } from './lines.ts';
import { billDetail, countStates, listBills } from './list.ts';
import { billModel } from './model.ts';
import { billRequirement } from './permissions.ts';
import { saveBill } from './save.ts';
import { refillIssuedBills } from './issued.ts';
import { pickList, pickSave } from './pick-lines.ts';
import { sumOverList } from './list-sum.ts';
import { actionHandlers } from './derive/handlers.ts';
import * as schemas from './schema.ts';
import { billOperationActions } from '../../domain/operation-log.ts';
import type { BillLogRef, RouteLog } from '../oplog/route-log.ts';
import { findHeads } from './repository.ts';
import { titleOf } from './values.ts';
import type { StateNamesLoader } from './states.ts';

type Data = Record<string, unknown>;

interface Handler {
  summary: string;
  data: object;
  message?: string;
  /** the api key whose permission the call needs, when not its own (订单汇总's list needs its save's) */
  access?: keyof BillApi;
  run(call: BillCall, data: Data): unknown;
}

/** The most files one parseQueryTemplate call reads (bills §2: at most 3). */
export const MAX_TEMPLATE_FILES = 3;

/**
 * The keys that only show what is there (a page, its state counts and sums, an export): they may
 * read on the read replica (server/db/read-router.ts). Detail and lines stay on the primary: what a
 * user opens to edit decides the write that follows.
 */
const SHOWING: ReadonlySet<string> = new Set(['pageList', 'queryStateCount', 'summary', 'export']);

export function registerBillRoutes(app: FastifyInstance, def: BillDefinition, stateNames: StateNamesLoader, runner?: JobRunner): string[] {
  const model = billModel(def);
  const dataDir = app.config.dataDir;
  const primary: ReadTarget = { db: app.db, url: app.config.databaseUrl, replica: false };

  async function applyAsJob(call: BillCall, ids: number[]) {
    const jobId = await createDeclareJob(app.db, { companyId: call.scope.companyId, userId: call.userId ?? null, def, ids });
    const job = await runner!.run(jobId);
    return job ? batchAnswerOf(job) : applyBills(call, []);
  }

  /** The permission was checked by defineRoute (billRequirement) before the handler runs. */
  async function callFor(user: AuthUser, target: ReadTarget = primary): Promise<BillCall> {
    return {
      db: target.db, databaseUrl: target.url, model,
      scope: { companyId: user.companyId, model },
      states: await stateNames(def.states.mode, def.states.billType),
      company: companyReader(app.db, user.companyId),
      now: new Date(),
      userId: user.userId,
      declared: () => { if (app.hasDecorator('customs')) app.customs.wake(); },
    };
  }

  // `summary` (税单's 税款总额) adds up list.summary.sum over the list's terms
  // every key a handler of its own, or none here (a word whose routes live elsewhere)
  const handlers: Partial<Record<keyof BillApi, Handler>> = {
    pageList: { summary: '列表', data: schemas.listRequestSchema, run: (c, d) => listBills(c, d) },
    queryStateCount: { summary: '状态统计', data: schemas.listRequestSchema, run: (c, d) => countStates(c, d) },
    detail: { summary: '表头详情', data: schemas.detailSchema, run: (c, d) => billDetail(c, d) },
    lines: { summary: '表体列表', data: schemas.linesSchema, run: (c, d) => listLines(c, d) },
    save: { summary: '保存', data: schemas.saveSchema(def), message: billText.saved, run: (c, d) => saveBill(c, d, false) },
    saveAndApply: { summary: '保存并申报', data: schemas.saveSchema(def), run: (c, d) => saveBill(c, d, true) },
    saveLines: { summary: '保存表体', data: schemas.saveLineSchema(def), message: billText.saved, run: (c, d) => saveLine(c, d) },
    deleteLines: { summary: '删除表体', data: schemas.lineIdsSchema, message: billText.deleted, run: (c, d) => deleteLines(c, d) },
    // with a job runner the call is a job run to its end, so a crash mid-way resumes at the next start
    apply: { summary: '批量申报', data: schemas.idsSchema, run: (c, d) => (runner ? applyAsJob(c, batchIds(d.ids)) : applyBills(c, batchIds(d.ids))) },
    delete: { summary: '删除', data: schemas.idsSchema, run: (c, d) => deleteBills(c, batchIds(d.ids)) },
    export: { summary: '导出Excel', data: schemas.exportRequestSchema, run: (c, d) => exportBills(c, d, { dataDir, maxRows: app.config.exportMaxRows, databaseUrl: c.databaseUrl, signal: app.drain.signal }) },
    // a bill customs issues gets its stored customs messages applied again (issued.ts)
    sendReceipt: { summary: '重新发送回执', data: schemas.idsSchema, run: (c, d) => (def.issuedBy === 'customs' ? refillIssuedBills(c, batchIds(d.ids)) : resendReceipts(c, batchIds(d.ids))) },
    summary: { summary: '合计', data: schemas.listRequestSchema, access: 'pageList', run: (c, d) => sumOverList(c, d, def.list.summary?.sum) },
    pickList: { summary: '可汇总单据列表', data: schemas.listRequestSchema, access: 'pickSave', run: (c, d) => pickList(c, d, stateNames) },
    pickSave: { summary: '汇总所选单据为表体', data: { type: 'object' }, run: (c, d) => pickSave(c, d) },
    downloadQueryTemplate: { summary: '下载查询模板', data: { type: 'object' }, run: (c) => queryTemplate(c, dataDir) },
  };
  // the action words: bills made from others, 改为退单, the data template, lists of another bill's lines
  Object.assign(handlers, actionHandlers(app, def, stateNames));

  // the operation log: each state-changing key under its label, its bills named by number
  const billRef: BillLogRef = {
    type: `${def.mode}/${def.key}`, titleField: def.titleField,
    titlesOf: async (companyId, ids) => (await findHeads(app.db, { companyId, model }, ids)).map((row) => titleOf(model, row)),
  };
  const logOf = (key: keyof typeof billOperationActions): RouteLog | false => {
    const action = billOperationActions[key];
    return action ? { action, module: def.label, bill: billRef } : false;
  };

  const paths: string[] = [];
  for (const key of Object.keys(handlers) as (keyof typeof handlers)[]) {
    const path = def.api[key];
    if (!path) continue;
    const h = handlers[key];
    if (!path || !h) continue;
    paths.push(`/api/enterprise${path}`);
    defineRoute<Data>(app, {
      path: `/api/enterprise${path}`, summary: `${def.label}${h.summary}`, tags: [def.label],
      access: 'company', data: h.data, dataOptional: key === 'downloadQueryTemplate', log: logOf(key),
      ...(h.message ? { message: h.message } : {}),
      permission: billRequirement(model, h.access ?? key),
      handler: async ({ user, data }) => (SHOWING.has(key)
        ? app.reads.run(user.companyId, async (target) => h.run(await callFor(user, target), data ?? {}))
        : h.run(await callFor(user), data ?? {})),
    });
  }

  // saveBatch (issue 17 §3): a bill type the user saves is saved in bulk, idempotent on its business key
  if (def.api.save) {
    if (!def.uniqueBy?.length) throw new Error(`${def.mode}/${def.key}: saveBatch needs the definition's business key (uniqueBy)`);
    const batchPath = `/api/enterprise/bills/${def.mode}/${def.key}/saveBatch`;
    paths.push(batchPath);
    defineRoute<Data>(app, {
      path: batchPath, tags: [def.label], access: 'company', log: logOf('saveBatch'), permission: billRequirement(model, 'save'),
      summary: `${def.label}批量保存 (最多${MAX_SAVE_BATCH}张，按${def.uniqueBy.join('+')}幂等；declare 为 true 时保存的单据作为任务申报 → jobId)`,
      data: {
        type: 'object',
        properties: {
          bills: { type: 'array', title: `单据：表头字段加 lines（表体数组），最多${MAX_SAVE_BATCH}张` },
          declare: { type: 'boolean', title: '保存后申报（批量申报任务）' },
        },
      },
      handler: async ({ user, data }) => {
        const call = await callFor(user);
        const bills = batchBills(data);
        const declare = data.declare === true;
        // saving is the route's permission; declaring the saved ones needs 申报 as well
        if (declare) await app.enforce(user, billRequirement(model, 'apply'));
        const answer = await saveBatch(call, bills);
        if (!declare) return answer;
        const ids = answer.bills.flatMap((b) => (b.id !== undefined ? [b.id] : []));
        if (ids.length === 0) return { ...answer, jobId: null };
        const jobId = await createDeclareJob(app.db, { companyId: user.companyId, userId: user.userId, def, ids });
        // the job runs on in the background (its progress at /api/enterprise/bills/jobs/detail)
        if (runner) void runner.run(jobId);
        return { ...answer, jobId };
      },
    });
  }

  const parsePath = `/api/enterprise/bills/${def.mode}/${def.key}/parseQueryTemplate`;
  paths.push(parsePath);
  defineRoute<Data>(app, {
    path: parsePath, summary: `${def.label}批量查询：读取已填写的查询模板`, tags: [def.label],
    access: 'company', data: schemas.parseTemplateSchema, log: logOf('parseQueryTemplate'), permission: billRequirement(model, 'pageList'),
    handler: async ({ user, data }) => {
      const call = await callFor(user);
      const raw = data.filePaths ?? data.filePath;
      const uris = (Array.isArray(raw) ? raw : [raw]).filter((u) => typeof u === 'string' && u !== '');
      if (uris.length === 0) throw new BizError(billServerText.noFileChosen);
      if (uris.length > MAX_TEMPLATE_FILES) throw new BizError(billServerText.tooManyFiles(MAX_TEMPLATE_FILES));
      const files = [];
      for (const uri of uris) files.push(await resolveUpload(app.db, dataDir, user.companyId, uri));
      return parseQueryTemplate(call, files);
    },
  });
  return paths;
}
