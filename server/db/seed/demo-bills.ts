/**
 * Living demo data: bills of the first slice (出口订单, 收款单, 出口运单) for the demo enterprise in
 * the states a working day leaves them in: drafts, stored by customs, rejected with a reason; then
 * every other bill type (demo-bill-types.ts) and what customs issues for them (demo-issued.ts).
 * Settled bills get their receipts through the real receipt pipeline (stored once, applied by the
 * lifecycle machine), dated within the last days so the 回执 dialog shows them.
 */
import { randomUUID } from 'node:crypto';
import { exportOrder } from '../../../domain/bills/export-order.ts';
import { exportReceipt } from '../../../domain/bills/export-receipt.ts';
import { exportWaybill } from '../../../domain/bills/export-waybill.ts';
import type { BillDefinition } from '../../../domain/bills/types.ts';
import { billModel } from '../../bills/model.ts';
import { insertHead, insertLine } from '../../bills/repository.ts';
import { toStorage, type Values } from '../../bills/values.ts';
import { buildReceiptXml } from '../../customs/receipts/build.ts';
import { findReceiptType } from '../../customs/receipts/catalogue.ts';
import { ingestReceiptXml } from '../../customs/receipts/ingest.ts';
import type { Db } from '../database.ts';
import { seedDemoSettlement } from './demo-settlement.ts';
import { CREATED_BEFORE_MS, enteredAt, seedDemoBillTypes } from './demo-bill-types.ts';
import { seedDemoIssued } from './demo-issued.ts';

const COMPANY = { code: '3302961A2B', name: '宁波跨境优选供应链管理有限公司', dxpId: 'DXPENT0000458763' };
const PLATFORM = { code: '3302960001', name: '宁波跨境优选电商平台' };
const LOGISTICS = { code: '3302980015', name: '宁波顺达国际快递有限公司' };
const transfer = { copCode: COMPANY.code, copName: COMPANY.name, dxpMode: 'DXP', dxpId: COMPANY.dxpId, appType: '1' };

const goods = [
  { itemNo: 'NB-TEA-001', itemName: '宁波白茶礼盒', unit: '140', price: 168 },
  { itemNo: 'NB-SILK-012', itemName: '真丝围巾', unit: '015', price: 239 },
  { itemNo: 'NB-CER-203', itemName: '青瓷茶具套装', unit: '006', price: 420 },
  { itemNo: 'NB-KNF-007', itemName: '不锈钢厨刀', unit: '016', price: 86.5 },
];

/** How a demo bill ends: a draft, or declared and answered by customs. */
type Outcome = 'draft' | { status: string; info: string };
const stored = (info = '海关入库') => ({ status: '120', info });
const rejected = (info: string) => ({ status: '100', info });

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
function customsTime(d: Date): string {
  const c = new Date(d.getTime() + 8 * 3600_000);
  return `${c.getUTCFullYear()}${pad(c.getUTCMonth() + 1)}${pad(c.getUTCDate())}${pad(c.getUTCHours())}${pad(c.getUTCMinutes())}${pad(c.getUTCSeconds())}${pad(c.getUTCMilliseconds(), 3)}`;
}

export async function seedDemoBills(db: Db, companyId: number, now = new Date()): Promise<void> {
  const orders: [string, Outcome][] = [
    // a refusal names the bill's own goods ({goods}: its first line)
    ['SO20261121001', stored()], ['SO20261121002', stored()], ['SO20261121003', rejected('商品[{goods}]申报计量单位与海关备案不一致')],
    ['SO20261121004', stored()], ['SO20261121005', 'draft'], ['SO20261121006', 'draft'],
    ['SO20261120011', stored()], ['SO20261120012', rejected('商品[{goods}]企业商品货号未在海关备案')],
  ];
  let n = 0;
  for (const [orderNo, outcome] of orders) {
    const items = [goods[n % goods.length]!, goods[(n + 1) % goods.length]!];
    const lines = items.map((g, i) => ({ gnum: i + 1, ...g, currency: '142', qty: 1 + i, totalPrice: g.price * (1 + i), country: '142', itemDescribe: null }));
    const total = lines.reduce((s, l) => s + l.totalPrice, 0);
    const told = outcome === 'draft' ? outcome : { ...outcome, info: outcome.info.replace('{goods}', items[0]!.itemName) };
    await addBill(db, companyId, exportOrder, {
      ...transfer, orderType: 'E', orderNo, ebpCode: PLATFORM.code, ebpName: PLATFORM.name, ebcCode: COMPANY.code, ebcName: COMPANY.name,
      goodsValue: total, freight: 25, currency: '142', note: null,
    }, lines, told, new Date(now.getTime() - (n + 1) * 3 * 3600_000), { ebpCode: PLATFORM.code, ebcCode: COMPANY.code, orderNo });
    n++;
  }
  for (const [i, [orderNo, outcome]] of orders.slice(0, 5).entries()) {
    await addBill(db, companyId, exportReceipt, {
      ...transfer, orderNo, ebpCode: PLATFORM.code, ebpName: PLATFORM.name, ebcCode: COMPANY.code, ebcName: COMPANY.name,
      payCode: '3302960888', payName: '宁波跨境支付有限公司', payNo: `PAY${orderNo.slice(2)}`, payTransactionId: `T${orderNo.slice(2)}`,
      charge: 500 + i * 37, currency: '142', accountingDate: dateTime(new Date(now.getTime() - (i + 1) * 3600_000)),
      payerName: '张伟', payerIdType: '1', payerIdNumber: '330203199001011234', payTime: dateTime(new Date(now.getTime() - (i + 2) * 3600_000)),
    }, [], outcome === 'draft' ? 'draft' : stored(), new Date(now.getTime() - (i + 1) * 2 * 3600_000), { ebcCode: COMPANY.code, orderNo });
  }
  const waybills: [string, Outcome][] = [['SF1234567890001', { status: '399', info: '海关审结' }], ['SF1234567890002', { status: '399', info: '海关审结' }], ['SF1234567890003', 'draft']];
  for (const [i, [logisticsNo, outcome]] of waybills.entries()) {
    await addBill(db, companyId, exportWaybill, {
      ...transfer, logisticsCode: LOGISTICS.code, logisticsName: LOGISTICS.name, logisticsNo, billNo: `MAWB7842231${i}`,
      freight: 25, insuredFee: 0, currency: '142', grossWeight: 1.25 + i, packNo: 1, goodsInfo: '茶叶礼盒、丝巾',
      ebcCode: COMPANY.code, ebcName: COMPANY.name, ebcTelephone: '0574-87651234', consignee: 'John Smith',
      consigneeTelephone: '+1-415-555-0134', consigneeAddress: '1 Market St, San Francisco, CA', orderNo: orders[i]![0],
    }, [], outcome, new Date(now.getTime() - (i + 1) * 5 * 3600_000), { logisticsCode: LOGISTICS.code, logisticsNo });
  }
  // every other bill type, then what customs issues for them (issue 5)
  await seedDemoBillTypes(db, companyId, now);
  await seedDemoIssued(db, companyId, now);
  // settlement, authorization and rewards of the demo (issue 6, parts 7–11)
  await seedDemoSettlement(db, COMPANY.code, '3301964C7D', now);
}

function dateTime(d: Date): string {
  const c = new Date(d.getTime() + 8 * 3600_000);
  return `${c.getUTCFullYear()}-${pad(c.getUTCMonth() + 1)}-${pad(c.getUTCDate())} ${pad(c.getUTCHours())}:${pad(c.getUTCMinutes())}:${pad(c.getUTCSeconds())}`;
}

async function addBill(db: Db, companyId: number, def: BillDefinition, head: Values, lines: Values[], outcome: Outcome, appTime: Date, keys: Record<string, string>) {
  const model = billModel(def);
  const declared = outcome !== 'draft';
  const { id } = await db.transaction().execute(async (trx) => {
    const bill = await insertHead(trx, { companyId, model }, toStorage(model, head), declared ? 'DECLARING' : 'DRAFT', declared ? appTime : null);
    for (const line of lines) await insertLine(trx, companyId, bill.id, line);
    // entered before it was declared (a draft: a while before now)
    await enteredAt(trx, bill.id, new Date(appTime.getTime() - CREATED_BEFORE_MS));
    return bill;
  });
  if (!declared || !def.message) return id;
  const type = findReceiptType(def.message.receipt.root)!;
  const guid = randomUUID().toUpperCase();
  const first = { guid, fields: keys, returnStatus: '2', returnTime: customsTime(new Date(appTime.getTime() + 2000)), returnInfo: `新增申报成功[${guid}]` };
  const last = { guid, fields: keys, returnStatus: outcome.status, returnTime: customsTime(new Date(appTime.getTime() + 95_000)), returnInfo: outcome.info };
  await ingestReceiptXml(db, buildReceiptXml(type, guid, [first, last]), { companyId });
  return id;
}
