/** Export-order rows, counts, dictionaries and a session whose list module grants every list button. */
import { exportOrder } from '../../../../../domain/bills/export-order.ts';
import type { MenuModule, Session } from '../../../../../machines/auth.ts';
import type { JobView } from '../../../../../machines/bill-job.ts';
import type { BillRow, StateCountItem } from '../../../../../machines/bill-list.ts';
import { sessionFixture } from '../../../../testing/auth.ts';
import { listControlCodes } from '../action-kind.ts';
import type { FakeBackend } from './fake-backend.ts';

export const api = (path: string) => `/api/enterprise${path}`;
export const orderApi = {
  pageList: api(exportOrder.api.pageList),
  counts: api(exportOrder.api.queryStateCount!),
  apply: api(exportOrder.api.apply!),
  delete: api(exportOrder.api.delete!),
  sendReceipt: api(exportOrder.api.sendReceipt!),
  export: api(exportOrder.api.export!),
  template: api(exportOrder.api.downloadQueryTemplate!),
  parse: '/api/enterprise/bills/export/order/parseQueryTemplate',
  upload: '/api/file/upload',
  validate: '/api/jwt_core/validate',
  receipts: '/api/receipter/messageFindByBill',
  dictionary: '/api/dictionary/item/queryByCode',
  states: '/api/enterprise/state/list',
  jobStart: '/api/enterprise/bills/jobs/start',
  jobDetail: '/api/enterprise/bills/jobs/detail',
  jobList: '/api/enterprise/bills/jobs/list',
};

export const statesFixture = [
  { state: 'DRAFT', stateName: '暂存' },
  { state: 'DECLARING', stateName: '申报中' },
  { state: '120', stateName: '海关入库' },
];

const stateNames: Record<string, string> = { DRAFT: '暂存', DECLARING: '申报中', '120': '海关入库', '100': '海关退单' };

export function orderRow(id: number, state = 'DRAFT'): BillRow {
  return {
    id, version: 1, state, stateName: stateNames[state] ?? state,
    orderNo: `SO${String(id).padStart(6, '0')}`, ebpCode: '3301960002', ebpName: '天猫国际',
    ebcCode: '3301960001', ebcName: '演示跨境电商有限公司', goodsValue: 100 + id, currency: '142',
    appTime: '2026-11-20 10:00:00', createTime: '2026-11-19 09:00:00', returnInfo: state === '120' ? '[Code:2600;Desc:海关入库]' : '',
  };
}

export const countsFixture: StateCountItem[] = [
  { state: 'DRAFT', stateName: '暂存', count: 2 },
  { state: 'DECLARING', stateName: '申报中', count: 0 },
  { state: '120', stateName: '海关入库', count: 1 },
];

export const allListCodes = ['batchDeclare', 'sendReciept', 'export', 'add', 'batchDelete', 'conditionalQuery', 'importQuery', 'downTemplate'];

export function listSession(codes: readonly string[] = allListCodes): Session {
  const order: MenuModule = {
    id: 101, parentId: 100, uri: '/bill/export/order', name: '出口订单', icon: 'order', code: 'expu_order', sortNo: 1,
    buttonVos: codes.map((code) => ({ code, name: code })),
  };
  const base = sessionFixture();
  return { ...base, modules: [...base.modules.filter((m) => m.uri !== order.uri), order] };
}

/** The order list's server: `rows` answer every page (paged by the request), counts, dictionaries. */
export function serveOrders(backend: FakeBackend, rows: BillRow[] = [orderRow(1), orderRow(2), orderRow(3, '120')]) {
  backend
    .on(orderApi.pageList, (data: { pageIndex: number; pageSize: number }) => ({
      total: rows.length,
      datas: rows.slice(data.pageIndex * data.pageSize, (data.pageIndex + 1) * data.pageSize),
    }))
    .on(orderApi.counts, () => countsFixture)
    .on(orderApi.states, () => statesFixture)
    .on(orderApi.dictionary, (data: { dicCode: string }) =>
      data.dicCode === 'currency' ? [{ value: '142', name: '人民币' }, { value: '502', name: '美元' }] : [],
    )
    .on(orderApi.apply, (data: { ids: number[] }) => ({ total: data.ids.length, succeeded: data.ids.length, failed: [] }))
    .on(orderApi.delete, (data: { ids: number[] }) => ({ total: data.ids.length, succeeded: data.ids.length, failed: [] }))
    .on(orderApi.sendReceipt, (data: { ids: number[] }) => ({ total: data.ids.length, succeeded: data.ids.length, failed: [] }))
    .on(orderApi.export, () => ({ downloadUri: '/api/file/download/export-1.xlsx' }))
    .on(orderApi.template, () => ({ downloadUri: '/api/file/download/template.xlsx' }))
    .on(orderApi.validate, () => ({ valid: true }))
    .on(orderApi.upload, (form: FormData) => [{ uri: `upload/${(form.get('file') as File).name}`, name: (form.get('file') as File).name }])
    .on(orderApi.parse, (data: { filePath: string }) => ({ column: 'order_no', values: data.filePath.includes('b') ? ['SO000002', 'SO000003'] : ['SO000001', 'SO000002'] }))
    .on(orderApi.jobList, () => [])
    .on(orderApi.receipts, () => [
      { returnTime: '2026-11-20 10:05:00', returnStatus: '120', returnStatusName: '海关入库', returnInfo: '[Code:2600;Desc:海关入库]' },
    ]);
  return backend;
}

/**
 * The jobs API of the order list: a started job is done at the first look, every id succeeding but
 * those `refuse` names (failed with 订单编号 … 重复). Returns the jobs by id, as the server would.
 */
export function serveJobs(backend: FakeBackend, refuse: readonly number[] = []) {
  const jobs = new Map<number, JobView>();
  backend
    .on(orderApi.jobStart, (data: { ids: number[] }) => {
      const id = jobs.size + 1;
      const failed = data.ids.filter((i) => refuse.includes(i)).map((i) => ({ id: i, title: orderRow(i).orderNo as string, message: `订单编号 ${String(orderRow(i).orderNo)} 重复` }));
      jobs.set(id, { id, state: 'done', total: data.ids.length, done: data.ids.length, succeeded: data.ids.length - failed.length, failed });
      return { jobId: id };
    })
    .on(orderApi.jobDetail, (data: { id: number }) => jobs.get(data.id));
  return jobs;
}
