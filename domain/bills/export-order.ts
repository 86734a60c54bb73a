/** 出口订单 — CEB303 OrderHead/OrderList, answered by CEB304 (bills §3 Order, ceb-messages §3.1). */
import { appFields, currency, gnum, lineNote, money, note, orderNo, transferFields } from './fields.ts';
import { billActions } from './actions.ts';
import { barCode, gmodel, itemDescribe, itemName, itemNo, price, qty, totalPrice, unit } from './goods.ts';
import { columns, declarableBillList, search } from './lists.ts';
import { ebcCodeName, ebpCodeName } from './parties.ts';
import type { BillDefinition } from './types.ts';

export const exportOrder: BillDefinition = {
  key: 'order',
  mode: 'export',
  label: '出口订单',
  states: { mode: 'EXPU', billType: 'ExpuOrderState' },
  titleField: 'orderNo',
  uniqueBy: ['orderNo'],
  head: [
    ...appFields,
    { name: 'orderType', label: '订单类型', kind: 'select', maxLength: 1, required: true, default: 'E',
      options: [{ value: 'E', label: 'E 跨境电商B2C出口' }, { value: 'B', label: 'B 跨境电商B2B出口' }, { value: 'W', label: 'W 海外仓订仓' }] },
    { ...orderNo, required: true },
    ...ebpCodeName({ required: true }),
    ...ebcCodeName({ required: true, ownCompany: true }),
    money('goodsValue', '商品金额', { required: true }),
    money('freight', '运杂费', { required: true, default: 0 }),
    currency,
    note,
    ...transferFields,
  ],
  lines: {
    min: 1,
    max: 100,
    sequenceField: 'gnum',
    fields: [
      gnum(4),
      { ...itemNo, requiredToDeclare: true },
      { ...itemName, required: true },
      itemDescribe,
      barCode,
      { ...unit, required: true },
      currency,
      { ...qty, required: true },
      { ...price, required: true },
      { ...totalPrice, required: true },
      { name: 'country', label: '原产国', kind: 'select', codeTable: 'country', maxLength: 3, xml: false },
      { ...gmodel, xml: false },
      lineNote,
    ],
  },
  list: declarableBillList(
    columns('orderNo', 'ebpName', 'ebcName', 'goodsValue', 'currency'),
    search({ orderNo: 'like', ebpCode: 'eq', ebcName: 'like' }),
  ),
  actions: billActions,
  api: {
    pageList: '/expu/order/pageList',
    queryStateCount: '/expu/order/queryStateCount',
    detail: '/expu/order/findHeadById',
    lines: '/expu/order/findListByHeadId',
    save: '/expu/order/saveOrder',
    saveAndApply: '/expu/order/applyByPo',
    saveLines: '/expu/order/saveOrderList',
    deleteLines: '/expu/order/deleteOrderList',
    apply: '/expu/order/applyByIds',
    delete: '/expu/order/deleteByIds',
    export: '/expu/order/exportOrderData',
    sendReceipt: '/expu/order/sendReceipt',
    downloadQueryTemplate: '/expu/order/downloadQueryTemplate',
  },
  message: {
    type: 'CEB303',
    root: 'CEB303Message',
    schema: 'export',
    body: 'Order',
    head: 'OrderHead',
    line: 'OrderList',
    receipt: { type: 'CEB304', root: 'CEB304Message', element: 'OrderReturn', keys: ['ebpCode', 'orderNo'] },
  },
};
