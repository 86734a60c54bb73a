/**
 * What customs' 三单比对 (R602) wants before an 出口清单: the parcel's 出口订单, 收款单 and 出口运单, each
 * added as a user adds it (新增 → the form → 保存并申报) — a box of white tea sold on the Ningbo
 * bonded-zone platform, paid through LianLian, carried by Yuntu. Shared by bill-families.test.ts
 * (the demo company's seeded parcel) and operator-loop.test.ts (a company registered in the run).
 */
import type { Page } from 'playwright-core';
import { addBill, fillLine, pickDateTime, textbox } from './forms.ts';

export const PLATFORM = { code: '3302960E8F', name: '宁波保税区跨境购电子商务平台有限公司' } as const;
export const CARRIER = { code: '3301964C7D', name: '杭州云途国际物流有限公司' } as const;

export interface ExportParcel {
  orderNo: string;
  logisticsNo: string;
  consignee: { name: string; telephone: string; address: string };
  /** 报文传输编号, typed when the company has none of its own (a company the seed did not make) */
  dxpId?: string;
}

/** The parcel's 出口订单, 收款单 and 出口运单, each saved and declared (two boxes at 168, 336 in all). */
export async function declareParcelDocuments(page: Page, serverUrl: string, parcel: ExportParcel): Promise<void> {
  const field = (label: string) => textbox(page, label);
  const transfer = async () => { if (parcel.dxpId) await field('报文传输编号').fill(parcel.dxpId); };
  await addBill(page, serverUrl, '/bill/export/order', async () => {
    await transfer();
    await field('订单编号').fill(parcel.orderNo);
    await field('电商平台代码').fill(PLATFORM.code);
    await field('电商平台名称').fill(PLATFORM.name);
    await field('商品金额').fill('336');
    await fillLine(page, { gnum: '1', itemNo: 'NB-TEA-001', itemName: '宁波白茶礼盒', qty: '2', price: '168' });
  });
  await addBill(page, serverUrl, '/bill/export/receipt', async () => {
    await transfer();
    await field('电商平台代码').fill(PLATFORM.code);
    await field('电商平台名称').fill(PLATFORM.name);
    await field('订单编号').fill(parcel.orderNo);
    await field('支付企业名称').fill('连连银通电子支付有限公司');
    await field('收款金额').fill('336');
    await pickDateTime(page, page.getByRole('button', { name: '到账时间' }), '14:05:59');
    await field('支付人证件号码').fill('330203199004123218');
    await pickDateTime(page, page.getByRole('button', { name: '支付时间' }), '23:59:00');
  });
  await addBill(page, serverUrl, '/bill/export/waybill', async () => {
    await transfer();
    await field('物流企业代码').fill(CARRIER.code);
    await field('物流企业名称').fill(CARRIER.name);
    await field('物流运单编号').fill(parcel.logisticsNo);
    await field('运杂费').fill('20');
    await field('毛重（千克）').fill('1.8');
    await field('件数').fill('1');
    await field('主要货物信息').fill('白茶礼盒2盒');
    await field('提运单号').fill('999-86735210');
    await field('收货人姓名').fill(parcel.consignee.name);
    await field('收货人电话').fill(parcel.consignee.telephone);
    await field('收货地址').fill(parcel.consignee.address);
    await field('订单编号').fill(parcel.orderNo);
  });
}
