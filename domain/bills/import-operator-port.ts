/**
 * 运营商口岸 (operatorPort) — the ports a bonded-site operator (监管场所经营人) exchanges import data
 * with: operator code, the customs office, the port's data address and how many times data was
 * pushed there (bills §3 "Import operator-port: operatorCode, customsCode, url, times"; §7 only
 * /invt/operatorPort/queryPageList). A read-only list: the rows are kept by the platform (seeded
 * with the demo), never typed by the user, so the definition has no save or declare path and no
 * states (an empty dictionary, like the customs-issued lists). queryById serves the row's detail.
 */
import { billActions, onlyCodes } from './actions.ts';
import { columns, search } from './lists.ts';
import { readOnlyBillList } from './readonly-lists.ts';
import type { BillDefinition } from './types.ts';

const ro = { readOnly: true } as const;

export const importOperatorPort: BillDefinition = {
  key: 'operatorPort',
  mode: 'import',
  label: '运营商口岸',
  states: { mode: 'INVT', billType: 'InvtOperatorPortState' },
  titleField: 'operatorCode',
  head: [
    { name: 'operatorCode', label: '运营商代码', kind: 'text', maxLength: 18, column: 'agent_code', ...ro },
    { name: 'operatorName', label: '运营商名称', kind: 'text', maxLength: 100, column: 'agent_name', ...ro },
    { name: 'customsCode', label: '口岸海关代码', kind: 'select', codeTable: 'declare_port', maxLength: 4, column: 'customs_code', ...ro },
    { name: 'url', label: '口岸地址', kind: 'text', maxLength: 200, span: 2, ...ro },
    { name: 'times', label: '推送次数', kind: 'integer', digits: 9, ...ro },
  ],
  list: readOnlyBillList(
    columns(['operatorCode', 160], ['operatorName', 220], 'customsCode', ['url', 320], ['times', 100]),
    search({ operatorCode: 'like', customsCode: 'eq' }),
    { noCreateTime: true, selection: false, defaultSort: [{ name: 'create_time', order: 'desc' }] },
  ),
  actions: onlyCodes(billActions, 'refresh'),
  api: {
    pageList: '/invt/operatorPort/queryPageList',
    detail: '/invt/operatorPort/queryById',
  },
};
