/**
 * Test data for the detail page's tests (unit and model): a stored export order as the contract's
 * detail and lines calls answer it, the code tables its selects read, a signed-in session whose
 * modules are the seeded module tree (so the page's buttons are the real ones), and an axios
 * adapter speaking the envelope ({code, message, data}) at the network boundary.
 */
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { moduleSeeds } from '../../../../domain/modules.ts';
import type { MenuModule, Session } from '../../../../machines/auth.ts';

export const orderRow = {
  id: '7', version: 3, state: 'DRAFT', stateName: '暂存', returnStatus: null, returnTime: null, returnInfo: null,
  appTime: null, createTime: '2026-11-20 10:00:00', updateTime: '2026-11-20 10:00:00',
  appType: '1', orderType: 'E', orderNo: 'SO-001', ebpCode: 'EBP0000001', ebpName: '演示电商平台',
  ebcCode: '3301960001', ebcName: '演示跨境电商有限公司', goodsValue: 200, freight: 0, currency: '142', note: null,
  copCode: '3301960001', copName: '演示跨境电商有限公司', dxpMode: 'DXP', dxpId: 'DXP0000001', copNote: null,
};

export const orderLines = [
  { id: '11', gnum: 1, itemNo: 'A-1', itemName: '蓝牙耳机', itemDescribe: null, barCode: null, unit: '007', currency: '142', qty: 1, price: 120, totalPrice: 120, country: null, gmodel: null, note: null },
  { id: '12', gnum: 2, itemNo: 'A-2', itemName: '手机保护壳', itemDescribe: null, barCode: null, unit: '007', currency: '142', qty: 2, price: 40, totalPrice: 80, country: null, gmodel: null, note: null },
];

export const dictionaries: Record<string, { value: string; name: string }[]> = {
  currency: [{ value: '142', name: '人民币' }, { value: '502', name: '美元' }],
  unit: [{ value: '007', name: '个' }, { value: '011', name: '件' }],
  country: [{ value: '142', name: '中国' }, { value: '502', name: '美国' }],
  apply_type: [{ value: '1', name: '新增' }, { value: '2', name: '变更' }, { value: '3', name: '删除' }],
};

/** The seeded module tree, as the login answers it for the demo account. */
export function seededModules(only?: (code: string) => boolean): MenuModule[] {
  return moduleSeeds.map((m) => ({
    id: m.id, parentId: m.parentId, uri: m.uri, name: m.name, icon: m.icon, code: m.code, sortNo: m.sortNo,
    buttonVos: m.buttons.filter((b) => !only || only(b.code)).map((b) => ({ code: b.code, name: b.name })),
    ...(m.hidden ? { hidden: true } : {}),
  }));
}

export function detailSession(only?: (code: string) => boolean): Session {
  return {
    token: 'access-1', refreshToken: 'refresh-1', modules: seededModules(only),
    userInfo: { username: '演示管理员', companyName: '演示跨境电商有限公司', companyCode: '3301960001', companyId: 1, userType: 'ADMIN', account: 'admin' },
  };
}

export interface Envelope { code: number; message: string; data: unknown }
export const ok = (data: unknown): Envelope => ({ code: 0, message: '操作成功！', data });
export const refused = (message: string, data: unknown = null): Envelope => ({ code: -1, message, data });

export interface SeenRequest { url: string; data: Record<string, unknown> }

/** The `data` of a request body ({data: ...}). */
export function requestData(config: InternalAxiosRequestConfig): Record<string, unknown> {
  const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
  return ((body as { data?: Record<string, unknown> } | undefined)?.data) ?? {};
}

export function reply(config: InternalAxiosRequestConfig, envelope: Envelope): AxiosResponse {
  return { data: envelope, status: 200, statusText: 'OK', headers: {}, config };
}

/** Code tables answer at once: they are not what a test waits for. */
export function dictionaryAnswer(url: string, data: Record<string, unknown>): Envelope | undefined {
  if (!url.endsWith('/api/dictionary/item/queryByCode')) return undefined;
  return ok(dictionaries[String(data.dicCode)] ?? []);
}

/** An adapter answering every call at once through `answer` (dictionaries built in). */
export function immediateAdapter(answer: (url: string, data: Record<string, unknown>) => Envelope, seen: SeenRequest[] = []): AxiosAdapter {
  return async (config) => {
    const url = config.url ?? '';
    const data = requestData(config);
    const dictionary = dictionaryAnswer(url, data);
    if (dictionary) return reply(config, dictionary);
    seen.push({ url, data });
    return reply(config, answer(url, data));
  };
}
