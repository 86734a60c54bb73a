// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MENU_GROUP_URI, ROOT_PARENT_ID, moduleSeeds } from './modules.ts';
import { dictionaryCodes, dictionaryItems, dictionarySources } from './dictionaries.ts';
import {
  billStateDictionaries,
  billStateRefs,
  receiptState,
  returnStatusNames,
  statesFor,
} from './bill-states.ts';

/** Export bill keys of bills.md §2 (taxbill is import only: CEB816 is an import message) plus tallying. */
const exportBillKeys = [
  'arrivalNote',
  'billCancellation',
  'billOfLading',
  'billTotalOrderCancellation',
  'declarationForm',
  'departureForm',
  'detailedList',
  'listTotalScoreSheet',
  'order',
  'receipt',
  'returnApplicationForm',
  'summaryApplicationDetailList',
  'summaryApplicationForm',
  'summaryResultSheet',
  'waybill',
  'tallying',
];

const importBillKeys = [
  'order',
  'receipt',
  'waybill',
  'detailedList',
  'billCancellation',
  'returnApplicationForm',
  'warehousingDetails',
  'taxbill',
  'operatorPort',
];

/**
 * Every page route of both specs that needs permission, as a module uri (path parameters dropped).
 * Not modules: the public routes /, /login, /reg, /404, and /details/{type}/{key}, which takes its
 * buttons from /bill/{type}/{key}.
 */
const specPageUris = [
  // accounts-and-enterprise.md §2
  '/home',
  '/workorder',
  '/workorder/show',
  '/workorder/edit',
  '/enterprise',
  '/parametersSetting',
  '/account',
  '/account/add',
  '/feedback',
  '/archive',
  '/notice',
  '/notice/noticeDetails',
  '/news',
  '/news/newsDetails',
  '/commonFun',
  '/statistics',
  '/sign/detail',
  '/exchangeSettlement',
  '/exchangeSettlement/applicationDetail',
  '/settlementVerification',
  '/settlementAuthorization/apply',
  '/settlementAuthorization/confirm',
  '/rewardApplication',
  '/rewardApplication/apply/apply',
  '/rewardApplication/apply/detail',
  // bills.md §2
  ...exportBillKeys.map((key) => `/bill/export/${key}`),
  ...importBillKeys.map((key) => `/bill/import/${key}`),
  '/bill/export/signRecord',
];

/** Hidden pages: reachable by route, not in the side menu. */
const hiddenUris = [
  '/account/add',
  '/workorder/edit',
  '/workorder/show',
  '/notice/noticeDetails',
  '/news/newsDetails',
  '/sign/detail',
  '/exchangeSettlement/applicationDetail',
  '/rewardApplication/apply/apply',
  '/rewardApplication/apply/detail',
  '/review/filing/detail', // issue 20: 备案详情 (op-filing)
];

/** dicCodes the specs name (bills.md §7, accounts §7) and the ones the enterprise form and bills need. */
const specDictionaryCodes = [
  'declare_port',
  'apply_type',
  'unit',
  'country',
  'currency',
  'bank_code',
  'economic_zone',
  'economic_type',
  'biz_type',
  'org_type',
  'id_type',
  'industry_type',
  'trade_mode',
  'traf_mode',
  'wrap_type',
  'port',
];

/** The dictionary names of bills.md §4. */
const specStateDictionaries = [
  'ExpuCancelState',
  'ExpuReceoptState',
  'ExpuDepartureState',
  'InvtRefundState',
  'ExpuInventoryReinsuranceState',
  'ExpuInventoryReinsuranceDelState',
  'ExpuSummaryApplyState',
  'ExpuOrderState',
  'ExpuDeclarationState',
  'ExpuRefundState',
  'ExpuInventoryState',
  'ExpuTallyingState',
  'ExpuDeliveryState',
  'ExpuLogisticsState',
  'InvtInventoryState',
  'InvtDeliveryState',
  'InvtOrderState',
  'InvtPaymentState',
  'InvtCancelState',
  'InvtLogisticsState',
  'CbeSignState',
  'SignType',
];

function duplicates<T>(values: T[]): T[] {
  const seen = new Set<T>();
  return values.filter((value) => (seen.has(value) ? true : (seen.add(value), false)));
}

describe('module seeds', () => {
  const ids = new Set(moduleSeeds.map((m) => m.id));

  it('has unique ids, codes and page uris', () => {
    expect(duplicates(moduleSeeds.map((m) => m.id))).toEqual([]);
    expect(duplicates(moduleSeeds.map((m) => m.code))).toEqual([]);
    expect(duplicates(moduleSeeds.filter((m) => m.uri !== MENU_GROUP_URI).map((m) => m.uri))).toEqual([]);
  });

  it('has unique (module, button code) pairs', () => {
    const pairs = moduleSeeds.flatMap((m) => m.buttons.map((b) => `${m.id}:${b.code}`));
    expect(duplicates(pairs)).toEqual([]);
  });

  it('hangs every module under an existing module or the root, without cycles', () => {
    for (const m of moduleSeeds) {
      expect(m.parentId === ROOT_PARENT_ID || ids.has(m.parentId), `${m.code} parent ${m.parentId}`).toBe(true);
      let parent = m.parentId;
      for (let depth = 0; parent !== ROOT_PARENT_ID; depth += 1) {
        expect(depth).toBeLessThan(5);
        parent = moduleSeeds.find((p) => p.id === parent)?.parentId ?? ROOT_PARENT_ID;
      }
    }
  });

  it('makes menu groups roots that hold at least one visible page', () => {
    const groups = moduleSeeds.filter((m) => m.uri === MENU_GROUP_URI);
    expect(groups.length).toBeGreaterThan(0);
    for (const g of groups) {
      expect(g.parentId).toBe(ROOT_PARENT_ID);
      expect(g.hidden).toBeUndefined();
      expect(moduleSeeds.some((m) => m.parentId === g.id && !m.hidden), g.name).toBe(true);
    }
    for (const m of moduleSeeds.filter((m) => m.uri !== MENU_GROUP_URI)) {
      expect(m.uri.startsWith('/'), m.uri).toBe(true);
    }
  });

  it('has a module for every page route of both specs', () => {
    const uris = new Set(moduleSeeds.map((m) => m.uri));
    expect(specPageUris.filter((uri) => !uris.has(uri))).toEqual([]);
  });

  it('lists every export bill key under /bill/export/ and every import key under /bill/import/', () => {
    const uris = moduleSeeds.map((m) => m.uri);
    for (const key of exportBillKeys) expect(uris).toContain(`/bill/export/${key}`);
    for (const key of importBillKeys) expect(uris).toContain(`/bill/import/${key}`);
  });

  it('hides exactly the form and detail pages', () => {
    expect(moduleSeeds.filter((m) => m.hidden).map((m) => m.uri).sort()).toEqual([...hiddenUris].sort());
  });

  it('lets every bill page and button be granted to a sub-account, and keeps accounts and API keys for ADMIN', () => {
    for (const m of moduleSeeds.filter((m) => m.uri.startsWith('/bill/'))) {
      expect(m.roles).toContain('USER');
      expect(m.buttons.length, m.uri).toBeGreaterThan(0);
      for (const b of m.buttons) expect(b.roles, `${m.uri} ${b.code}`).toEqual(['ADMIN', 'USER']);
    }
    // issue 17: whoever manages accounts could grant itself anything, so the page is the main account's
    const account = moduleSeeds.find((m) => m.uri === '/account');
    expect(account?.roles).toEqual(['ADMIN']);
    expect(moduleSeeds.find((m) => m.uri === '/apiKey')?.roles).toEqual(['ADMIN']);
    for (const code of ['add', 'recovery', 'prohibit', 'delete', 'resetPassword', 'grant']) {
      expect(account?.buttons.find((b) => b.code === code)?.roles).toEqual(['ADMIN']);
    }
    expect(moduleSeeds.find((m) => m.uri === '/account/add')?.roles).toEqual(['ADMIN']);
  });

  it('names every module and button, and gives every module and button a role', () => {
    for (const m of moduleSeeds) {
      expect(m.name.trim(), m.code).not.toBe('');
      expect(m.roles.length, m.code).toBeGreaterThan(0);
      for (const b of m.buttons) {
        expect(b.name.trim(), `${m.code} ${b.code}`).not.toBe('');
        expect(b.roles.length).toBeGreaterThan(0);
        for (const role of b.roles) expect(m.roles).toContain(role);
      }
    }
  });

  it('gives the bill pages the actions the spec describes', () => {
    const codes = (uri: string) => moduleSeeds.find((m) => m.uri === uri)?.buttons.map((b) => b.code) ?? [];
    expect(codes('/bill/export/detailedList')).toEqual(
      expect.arrayContaining(['updateCustomReturn', 'batchCancellation', 'batchInvtRefund', 'bulkDeparture']),
    );
    expect(codes('/bill/export/billOfLading')).toEqual(expect.arrayContaining(['bulkDeparture', 'cancel']));
    expect(codes('/bill/export/summaryApplicationForm')).toEqual(
      expect.arrayContaining(['summary', 'batchDelete', 'updateCustomReturn', 'addNew']),
    );
    expect(codes('/bill/import/taxbill').sort()).toEqual(['conditionalQuery', 'export', 'sendReciept']);
    expect(codes('/bill/export/summaryResultSheet').sort()).toEqual(['conditionalQuery', 'export', 'sendReciept']);
    expect(codes('/workorder')).toEqual(expect.arrayContaining(['add', 'deleteWorkorder']));
  });
});

describe('dictionaries', () => {
  it('resolves every dicCode the specs name to a non-empty list with unique values', () => {
    for (const code of specDictionaryCodes) {
      expect(dictionaryCodes, code).toContain(code);
    }
    for (const code of dictionaryCodes) {
      const items = dictionaryItems(code);
      expect(items?.length, code).toBeGreaterThan(0);
      expect(duplicates(items?.map((i) => i.value) ?? []), code).toEqual([]);
      for (const item of items ?? []) {
        expect(item.value.trim(), code).not.toBe('');
        expect(item.name.trim(), `${code} ${item.value}`).not.toBe('');
        expect(Object.keys(item).sort()).toEqual(['name', 'value']);
      }
    }
  });

  it('names either a code table or inline items for every dicCode, with a note on the inline ones', () => {
    for (const [code, source] of Object.entries(dictionarySources)) {
      expect((source.file === undefined) !== (source.items === undefined), code).toBe(true);
      if (source.items) expect(source.note, code).toBeTruthy();
    }
  });

  it('serves the apply_type and declare_port tables', () => {
    expect(dictionaryItems('apply_type')).toEqual([
      { value: '1', name: '新增' },
      { value: '2', name: '变更' },
      { value: '3', name: '删除' },
    ]);
    expect(dictionaryItems('declare_port')).toContainEqual({ value: '5300', name: '深圳海关' });
    expect(dictionaryItems('no_such_code')).toBeUndefined();
    expect(dictionaryItems('toString')).toBeUndefined();
  });
});

describe('bill state dictionaries', () => {
  it('has every dictionary of bills.md §4, each (mode, billType) once', () => {
    const names = billStateDictionaries.map((d) => d.billType);
    for (const name of specStateDictionaries) expect(names, name).toContain(name);
    expect(duplicates(billStateDictionaries.map((d) => `${d.mode}/${d.billType}`))).toEqual([]);
    expect(duplicates(names)).toEqual([]);
  });

  it('has unique, named states in every dictionary', () => {
    for (const d of billStateDictionaries) {
      expect(d.states.length, d.billType).toBeGreaterThan(0);
      expect(duplicates(d.states.map((s) => s.state)), d.billType).toEqual([]);
      for (const s of d.states) expect(s.stateName.trim(), `${d.billType} ${s.state}`).not.toBe('');
    }
  });

  it('maps every bill page to an existing dictionary', () => {
    for (const refs of Object.values(billStateRefs)) {
      for (const [key, ref] of Object.entries(refs)) {
        if (ref) expect(statesFor(ref.mode, ref.billType), key).toBeDefined();
      }
    }
    expect(Object.keys(billStateRefs.export)).toEqual(expect.arrayContaining(exportBillKeys));
    expect(Object.keys(billStateRefs.import)).toEqual(expect.arrayContaining(importBillKeys));
  });

  it('takes customs states from the receipt codes and their names', () => {
    const order = statesFor('EXPU', 'ExpuOrderState')?.map((s) => s.state);
    expect(order).toEqual(['DRAFT', 'DECLARING', 'SEND_FAILED', '1', '2', '3', '4', '100', '120', '399', 'ERROR']);
    expect(statesFor('EXPU', 'ExpuOrderState')?.find((s) => s.state === '120')?.stateName).toBe('海关入库');
    expect(returnStatusNames['800']).toBe('放行');
    expect(returnStatusNames['501']).toBe('扣留移送通关');
    expect(statesFor('INVT', 'CbeSignState')).toBe(statesFor('EXPU', 'CbeSignState'));
    expect(statesFor('EXPU', 'NoSuchState')).toBeUndefined();
    expect(receiptState('EXPU', 'ExpuOrderState', 120)).toBe('120');
    expect(receiptState('EXPU', 'ExpuOrderState', '-301010')).toBe('ERROR');
    expect(receiptState('EXPU', 'ExpuOrderState', '800')).toBeUndefined();
  });
});
