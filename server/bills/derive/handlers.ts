/**
 * The route handlers of the action words (action-words.ts), merged into a definition's routes by
 * server/bills/routes.ts: each api key a derive word describes, 改为退单, the data template pair,
 * and — for a list of another bill's lines (linesOf) — its list, counts, row and export.
 */
import type { FastifyInstance } from 'fastify';
import type { DeriveKey } from '../../../domain/bills/action-words.ts';
import type { BillApi, BillDefinition } from '../../../domain/bills/types.ts';
import { billText } from '../../../domain/texts/bills.ts';
import { resolveUpload } from '../../files/uploads.ts';
import { batchIds } from '../batch.ts';
import type { BillCall } from '../call.ts';
import * as schemas from '../schema.ts';
import type { StateNamesLoader } from '../states.ts';
import { markReturned } from './custom-return.ts';
import { deriveBills } from './derive.ts';
import { countLineStates, exportLineRows, lineRowDetail, listLineRows } from './lines-view.ts';
import { uploadBills, uploadTemplate } from './upload.ts';

type Data = Record<string, unknown>;

export interface ActionHandler {
  summary: string;
  data: object;
  message?: string;
  run(call: BillCall, data: Data): unknown;
}

const DERIVE_SUMMARIES: Record<DeriveKey, string> = {
  refund: '申请退货', cancel: '申请撤销', leave: '批量离境', delivery: '生成运抵单', reinsurance: '生成清单总分单',
  summarize: '按所选清单汇总申请', summarizeByCondition: '按条件汇总申请',
};

/** Ids (or the action's own id key), the answers of its prompt or form, and the list's window. */
const deriveSchema = {
  type: 'object',
  properties: {
    ids: { type: 'array', title: '单据ID', items: { title: '单据ID (数字)' } },
    inventoryIds: { type: 'array', title: '清单ID（按所选清单汇总）', items: { title: '清单ID (数字)' } },
    terms: { type: 'array', title: '筛选条件（按条件汇总：查询条件，同列表）' },
    startTime: { title: '开始时间' },
    endTime: { title: '结束时间' },
  },
};

const uploadSchema = { type: 'object', required: ['filePath'], properties: { filePath: { title: '上传文件 (uri)' } } };

export function actionHandlers(app: FastifyInstance, def: BillDefinition, stateNames: StateNamesLoader): Partial<Record<keyof BillApi, ActionHandler>> {
  const dataDir = app.config.dataDir;
  const out: Partial<Record<keyof BillApi, ActionHandler>> = {};
  for (const key of Object.keys(def.derive ?? {}) as DeriveKey[]) {
    out[key] = { summary: DERIVE_SUMMARIES[key], data: deriveSchema, run: (c, d) => deriveBills(c, key, d, stateNames) };
  }
  out.customReturn = { summary: '改为退单', data: schemas.idsSchema, run: (c, d) => markReturned(c, batchIds(d.ids)) };
  if (def.upload) {
    out.downloadUploadTemplate = { summary: '下载数据模板', data: { type: 'object' }, run: (c) => uploadTemplate(c, dataDir) };
    out.uploadTemplate = {
      summary: '上传Excel', data: uploadSchema, message: billText.uploaded,
      run: async (c, d) => uploadBills(c, await resolveUpload(app.db, dataDir, c.scope.companyId, d.filePath)),
    };
  }
  if (def.linesOf) {
    out.pageList = { summary: '列表', data: schemas.listRequestSchema, run: (c, d) => listLineRows(c, d) };
    out.queryStateCount = { summary: '状态统计', data: schemas.listRequestSchema, run: (c, d) => countLineStates(c, d) };
    out.detail = { summary: '详情', data: schemas.detailSchema, run: (c, d) => lineRowDetail(c, d) };
    out.export = { summary: '导出Excel', data: schemas.exportRequestSchema, run: (c, d) => exportLineRows(c, d, dataDir) };
  }
  return out;
}
