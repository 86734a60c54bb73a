/**
 * 清单总分单明细 (listTotalScoreSheet) — the inventories a summary result covers, one row per
 * CEB792 SummaryResultList (invtNo, logisticsNo, gseqno, gnum, gcode) with the numbers of its
 * result (sumNo, declSeqNo, entryId, decState): "which 清单 went into which 报关单". Issue 5 puts it
 * beside 汇总结果单 as customs-issued and read-only; the same CEB792 fills both (`issued` per line),
 * so the page works without a detail of its own beyond the row. Paths: the spec names none; they
 * follow 汇总结果单's (/expuListTotalScore/…).
 */
import { issuedBillActions, withoutCodes } from './actions.ts';
import { sumNo } from './export-summary-application-form.ts';
import { declSeqNo, decState, entryId, opDate, resultParties } from './export-summary-result-sheet.ts';
import { invtNo } from './fields.ts';
import { gcode } from './goods.ts';
import { columns, search } from './lists.ts';
import { readOnlyBillList } from './readonly-lists.ts';
import type { BillDefinition } from './types.ts';

const ro = { readOnly: true } as const;

export const exportListTotalScoreSheet: BillDefinition = {
  key: 'listTotalScoreSheet',
  mode: 'export',
  label: '清单总分单明细',
  states: { mode: 'EXPU', billType: 'ExpuSummaryResultState' },
  titleField: 'invtNo',
  issuedBy: 'customs',
  issued: [
    {
      message: 'CEB792', per: 'line', creates: true, identity: ['sumNo', 'declSeqNo', 'invtNo', 'gnum'], state: { fixed: 'ISSUED' },
      head: {
        invtNo: 'invtNo', logisticsNo: 'logisticsNo', gseqno: 'gseqno', gnum: 'gnum', gcode: 'gcode',
        sumNo: 'sumNo', declSeqNo: 'declSeqNo', entryId: 'entryId', decState: 'decState', opDate: { time: true },
        customsCode: 'customsCode', agentCode: 'agentCode', agentName: 'agentName', ebcCode: 'ebcCode', ebcName: 'ebcName',
      },
    },
  ],
  head: [
    // the inventory's line in the result
    { ...invtNo, ...ro },
    { name: 'logisticsNo', label: '物流运单编号', kind: 'text', maxLength: 60, column: 'logistics_no', ...ro },
    { name: 'gseqno', label: '汇总结果单顺序号', kind: 'integer', digits: 9, ...ro },
    { name: 'gnum', label: '商品序号', kind: 'integer', digits: 9, ...ro },
    { ...gcode, ...ro },
    // its result's
    sumNo,
    declSeqNo,
    entryId,
    decState,
    opDate,
    ...resultParties,
  ],
  list: readOnlyBillList(
    columns(['invtNo', 190], 'logisticsNo', ['gnum', 90], ['gcode', 120], ['sumNo', 190], ['declSeqNo', 190], ['entryId', 190], ['decState', 100], ['opDate', 170]),
    search({ invtNo: 'like', logisticsNo: 'like', sumNo: 'like', entryId: 'like' }),
  ),
  actions: withoutCodes(issuedBillActions, 'sendReciept'),
  api: {
    pageList: '/expuListTotalScore/queryPageList',
    detail: '/expuListTotalScore/queryById',
    export: '/expuListTotalScore/exportData',
  },
};
