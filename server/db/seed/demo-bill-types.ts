/**
 * Living demo data for every declarable bill type beyond the first slice (demo-bills.ts): a handful
 * of realistic bills each, in the states a working week leaves them in — released or taken by
 * customs, rejected with the reason customs would write, in flight (申报中), drafts. Declared ones
 * get their receipts through the real receipt pipeline (stored once, applied by the lifecycle,
 * customs' numbers recorded), on the path the embedded customs answers that type with.
 *
 * Values are written per field name and kept only where the bill's definition has the field, so a
 * definition that changes its head never breaks the seed.
 */
import { randomUUID } from 'node:crypto';
import { billDefinitions } from '../../../domain/bills/index.ts';
import type { BillDefinition } from '../../../domain/bills/types.ts';
import { billModel } from '../../bills/model.ts';
import { insertHead, insertLine } from '../../bills/repository.ts';
import type { Values } from '../../bills/values.ts';
import { buildReceiptXml } from '../../customs/receipts/build.ts';
import { findReceiptType } from '../../customs/receipts/catalogue.ts';
import { ingestReceiptXml } from '../../customs/receipts/ingest.ts';
import { decReplyXml } from '../../customs/simulator/dec.ts';
import { findCustomsDocType } from '../../customs/simulator/doc-types.ts';
import { businessKey, createCustomsMemory } from '../../customs/simulator/memory.ts';
import { elementOf } from '../../customs/xml/build.ts';
import { sql } from 'kysely';
import type { Db } from '../database.ts';

export const DEMO = { code: '3302961A2B', name: '宁波跨境优选供应链管理有限公司', dxpId: 'DXPENT0000458763', customs: '3105' };
export const PLATFORM = { code: '3302960E8F', name: '宁波保税区跨境购电子商务平台有限公司' };
export const CARRIER = { code: '3301964C7D', name: '杭州云途国际物流有限公司' };
export const OPERATOR = { code: '3302980021', name: '宁波栎社国际机场货运站有限公司' };
const transfer = { copCode: DEMO.code, copName: DEMO.name, dxpMode: 'DXP', dxpId: DEMO.dxpId, appType: '1', customsCode: DEMO.customs };

/** How long before its declaration (a draft: before its time) a demo bill was entered. */
export const CREATED_BEFORE_MS = 25 * 60_000;

/** A demo bill's 创建时间 (the engine stamps the insert's clock; the demo's bills were entered before they were declared). */
export async function enteredAt(q: Db, id: number, at: Date): Promise<void> {
  await sql`update bill_heads set create_time = ${at} where id = ${id}`.execute(q);
}

/** How a demo bill ends. */
export type Outcome =
  | { kind: 'draft' }
  /** declared, no answer yet */
  | { kind: 'sent' }
  /** declared and answered up to `until` (the whole path when absent) */
  | { kind: 'answered'; until?: string }
  | { kind: 'rejected'; info: string };

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
function customsTime(d: Date): string {
  const c = new Date(d.getTime() + 8 * 3600_000);
  return `${c.getUTCFullYear()}${pad(c.getUTCMonth() + 1)}${pad(c.getUTCDate())}${pad(c.getUTCHours())}${pad(c.getUTCMinutes())}${pad(c.getUTCSeconds())}${pad(c.getUTCMilliseconds(), 3)}`;
}
const day = (d: Date) => customsTime(d).slice(0, 8);
/** yyyy-MM-dd HH:mm:ss in China time, as the bill routes store date-times */
function chinaDateTime(d: Date): string {
  const t = customsTime(d);
  return `${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6, 8)} ${t.slice(8, 10)}:${t.slice(10, 12)}:${t.slice(12, 14)}`;
}

const stepInfo: Record<string, string> = {
  '2': '新增申报成功', '120': '海关入库', '300': '人工审核', '399': '海关审结', '800': '海关放行', '899': '结关',
};

export interface DemoBill {
  head: Record<string, unknown>;
  lines?: Record<string, unknown>[];
  outcome: Outcome;
}

/** Numbers customs issues on the way: what the receipt of each status carries. */
function issued(type: string, status: string, serial: number, at: Date): Record<string, string> {
  const doc = findCustomsDocType(type);
  const out: Record<string, string> = {};
  for (const i of doc?.issues ?? []) {
    const reached = Number(status) >= Number(i.at);
    if (!reached) continue;
    if (i.field === 'preNo') out.preNo = `B${day(at)}${String(400000000 + serial).slice(0, 9)}`;
    if (i.field === 'invtNo') out.invtNo = `${DEMO.customs}${day(at).slice(0, 4)}${doc?.schema === 'import' ? 'I' : 'E'}${String(600000000 + serial).slice(0, 9)}`;
    if (i.field === 'sumNo') out.sumNo = `S${DEMO.customs}${day(at)}${String(10000 + serial).slice(0, 5)}`;
    if (i.field === 'rkdNo') out.rkdNo = `R${DEMO.customs}${day(at)}${String(10000 + serial).slice(0, 5)}`;
  }
  return out;
}

/** Inserts the bill as the user left it, then plays customs' answers through the receipt pipeline. Answers its id. */
export async function addDemoBill(db: Db, companyId: number, def: BillDefinition, bill: DemoBill, appTime: Date, serial: number): Promise<number> {
  const model = billModel(def);
  const names = new Set(model.stored.map((f) => f.name));
  const head: Values = {};
  for (const [k, v] of Object.entries({ ...transfer, ...bill.head })) if (names.has(k) && v !== undefined) head[k] = v as Values[string];
  const declared = bill.outcome.kind !== 'draft';
  const storage = { columns: {} as Record<string, string | null>, data: {} as Values };
  for (const f of model.stored) {
    const v = head[f.name] ?? null;
    if (f.column) storage.columns[f.column] = v === null ? null : String(v);
    else if (v !== null) storage.data[f.name] = v;
  }
  const { id } = await db.transaction().execute(async (trx) => {
    const row = await insertHead(trx, { companyId, model }, storage, declared ? 'DECLARING' : 'DRAFT', declared ? appTime : null);
    for (const line of bill.lines ?? []) await insertLine(trx, companyId, row.id, line as Values);
    // entered before it was declared
    await enteredAt(trx, row.id, new Date(appTime.getTime() - CREATED_BEFORE_MS));
    return row;
  });
  if (!def.message || bill.outcome.kind === 'draft' || bill.outcome.kind === 'sent') return id;
  // a 单一窗口 报关单 is answered by the import response and DEC_DATA, not a CEB receipt
  if (def.message.dec) {
    await answerDemoDeclaration(db, companyId, def, head, bill, appTime, serial);
    return id;
  }

  const receipt = findReceiptType(def.message.receipt.type)!;
  const path = ['2', ...(findCustomsDocType(def.message.type)?.path.map((s) => s.status) ?? ['120'])];
  const outcome = bill.outcome;
  const statuses = outcome.kind === 'rejected' ? ['2', '100'] : path.slice(0, outcome.until ? path.indexOf(outcome.until) + 1 || path.length : path.length);
  const guid = randomUUID().toUpperCase();
  const returns = statuses.map((status, i) => {
    const at = new Date(appTime.getTime() + (i + 1) * 47_000);
    const fields: Record<string, string> = {};
    for (const f of receipt.fields) if (head[f.name] !== undefined && head[f.name] !== null) fields[f.name] = String(head[f.name]);
    Object.assign(fields, ...statuses.slice(0, i + 1).filter((s) => s !== '100').map((s) => issued(def.message!.type, s, serial, appTime)));
    const info = status === '100' && outcome.kind === 'rejected' ? `海关退单：${outcome.info}` : status === '2' ? `新增申报成功[${guid}]` : stepInfo[status] ?? '';
    return { guid, fields, returnStatus: status, returnTime: customsTime(at), returnInfo: info };
  });
  await ingestReceiptXml(db, buildReceiptXml(receipt, guid, returns), { companyId });
  await rememberAtCustoms(db, companyId, def, head, bill.lines ?? [], guid, statuses[statuses.length - 1]!, returns[returns.length - 1]!.fields);
  return id;
}

/**
 * The embedded customs holds what it answered: the seeded declaration is stored in its memory as a
 * received one would be (element names, customs' numbers), so 申请撤单 / 申请退货 / 三单比对 on a
 * demo bill find it there as they find a bill declared in the console.
 */
async function rememberAtCustoms(db: Db, companyId: number, def: BillDefinition, head: Values, lines: readonly Record<string, unknown>[], guid: string, status: string, numbers: Record<string, string>) {
  const type = findCustomsDocType(def.message!.type);
  if (!type) return;
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  const docHead: Record<string, string> = { guid };
  for (const f of def.head) if (f.xml !== false && text(head[f.name]) !== '') docHead[elementOf(f)] = text(head[f.name]);
  Object.assign(docHead, numbers);
  const docLines = lines.map((line) => Object.fromEntries((def.lines?.fields ?? []).filter((f) => f.xml !== false && text(line[f.name]) !== '').map((f) => [elementOf(f), text(line[f.name])])));
  const key = businessKey(type.key, docHead);
  await createCustomsMemory(db).store({ type: type.type, key: key ?? `guid:${guid}`, guid, companyId, status, head: docHead, lines: docLines });
}

/**
 * A demo 报关单's answers as the 单一窗口 writes them (the embedded customs' own writer): the import
 * response with its 统一编号, then CHANNEL 7, L with the 报关单号 and P 放行 (or E with the reason),
 * through the receipt pipeline like any file from customs.
 */
async function answerDemoDeclaration(db: Db, companyId: number, def: BillDefinition, head: Values, bill: DemoBill, appTime: Date, serial: number) {
  const year = day(appTime).slice(0, 4);
  const numbers = { seqNo: `E${year}${String(8_800_000_000_000 + serial).slice(0, 13)}`, entryId: `${DEMO.customs}${year}0${String(300_000_000 + serial).slice(0, 9)}` };
  const fields = { ClientSeqNo: String(head.copNo), CustomMaster: String(head.customMaster ?? DEMO.customs), ...numbers };
  const outcome = bill.outcome;
  const steps: [string, string][] = outcome.kind === 'rejected'
    ? [['7', `${numbers.seqNo}直接申报成功`], ['E', `海关退单：${outcome.info}`]]
    : [['7', `${numbers.seqNo}直接申报成功`], ['L', '入库成功！'], ['P', '报关单已放行']];
  await ingestReceiptXml(db, decReplyXml('import:0', fields, customsTime(appTime), ''), { companyId });
  for (const [i, [channel, note]] of steps.entries()) {
    const entered = steps.slice(0, i + 1).some(([c]) => c === 'L');
    const xml = decReplyXml(channel, entered ? fields : { ...fields, entryId: '' }, customsTime(new Date(appTime.getTime() + (i + 1) * 47_000)), note);
    await ingestReceiptXml(db, xml, { companyId });
  }
  const last = steps[steps.length - 1]![0];
  await rememberAtCustoms(db, companyId, def, { ...head, seqNo: numbers.seqNo }, bill.lines ?? [], '', last, last === 'E' ? { seqNo: numbers.seqNo } : numbers);
}

const released = { kind: 'answered' } as const;
const sent = { kind: 'sent' } as const;
const inFlight = { kind: 'answered', until: '2' } as const;
const draft = { kind: 'draft' } as const;
const rejected = (info: string) => ({ kind: 'rejected', info }) as const;

const goods = [
  { itemNo: 'NB-TEA-001', itemName: '宁波白茶礼盒', gname: '白茶', gcode: '0902109000', unit: '140', price: 168 },
  { itemNo: 'NB-SILK-012', itemName: '真丝围巾', gname: '真丝围巾', gcode: '6214100000', unit: '015', price: 239 },
  { itemNo: 'NB-CER-203', itemName: '青瓷茶具套装', gname: '瓷制茶具', gcode: '6911101900', unit: '006', price: 420 },
];

function exportInventoryLines(n: number) {
  return [0, 1].map((k) => {
    const g = goods[(n + k) % goods.length]!;
    const qty = 1 + k;
    return { gnum: k + 1, itemNo: g.itemNo, itemName: g.itemName, gcode: g.gcode, gname: g.gname, gmodel: `${g.itemName}/常规`, barCode: '无', country: '142', currency: '142', qty, unit: g.unit, qty1: qty, unit1: g.unit, price: g.price, totalPrice: g.price * qty };
  });
}

/** The demo bills of each type, by mode/key. */
function demoBills(now: Date): Record<string, DemoBill[]> {
  const ymd = day(now);
  // what happened before any of these bills was declared (the latest is declared about a day ago at most)
  const earlier = (hours: number) => chinaDateTime(new Date(now.getTime() - hours * 3600_000));
  const flight = { trafMode: '5', trafName: '国航CA', voyageNo: 'CA1037', billNo: '999-86735210' };
  const exp = (i: number) => ({ orderNo: `SO${ymd}E${pad(i, 3)}`, logisticsNo: `YT${ymd}E${pad(i, 4)}`, invtNo: `${DEMO.customs}${ymd.slice(0, 4)}E${String(700000000 + i)}` });
  const imp = (i: number) => ({ orderNo: `YXI${ymd}${pad(i, 3)}`, logisticsNo: `YT${ymd}I${pad(i, 4)}`, invtNo: `${DEMO.customs}${ymd.slice(0, 4)}I${String(700000000 + i)}` });
  const buyer = { buyerIdType: '1', buyerIdNumber: '330203199004123218', buyerName: '陈思远', buyerTelephone: '13857412368' };
  const consignee = { consignee: '陈思远', consigneeTelephone: '13857412368', consigneeAddress: '浙江省宁波市海曙区中山西路138号天一广场3幢1502室' };
  const parties = { ebpCode: PLATFORM.code, ebpName: PLATFORM.name, ebcCode: DEMO.code, ebcName: DEMO.name, agentCode: DEMO.code, agentName: DEMO.name, logisticsCode: CARRIER.code, logisticsName: CARRIER.name };

  const exportInventory = (i: number, outcome: Outcome): DemoBill => ({
    head: {
      ...parties, ...flight, ...exp(i), invtNo: undefined, copNo: `YXE${ymd}${pad(i, 3)}`, portCode: DEMO.customs, ieDate: `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6)}`,
      statisticsFlag: 'A', ownerCode: DEMO.code, ownerName: DEMO.name, tradeMode: '9610', country: '502', pod: '502', totalPackageNo: 1, freight: 0, insuredFee: 0,
      // the definition's own spellings (fcurrency …, kept only where it has the field); ieFlag: a draft declares as it is
      ieFlag: 'E', fcurrency: '142', icurrency: '142', fflag: '3', iflag: '3', wrapType: '2', packNo: 1, grossWeight: 1.8, netWeight: 1.5,
    },
    lines: exportInventoryLines(i),
    outcome,
  });
  const importInventory = (i: number, outcome: Outcome): DemoBill => ({
    head: {
      ...parties, ...flight, ...imp(i), ...buyer, invtNo: undefined, copNo: `YXI${ymd}${pad(i, 3)}`, assureCode: DEMO.code, ieFlag: 'I', declTime: `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6)}`,
      portCode: DEMO.customs, consigneeAddress: consignee.consigneeAddress, tradeMode: i % 2 ? '1210' : '9610', trafNo: 'CA1037', country: '116', freight: 10, insuredFee: 0, currency: '142',
      wrapType: '2', packNo: 1, grossWeight: 1.35, netWeight: 1.2,
    },
    lines: [
      { gnum: 1, itemNo: 'YX-KAO-L54', itemName: '花王婴儿纸尿裤L号54片', gcode: '9619001100', gname: '婴儿纸尿裤', gmodel: '花王（Merries）/L码/54片', barCode: '4901301230881', country: '116', currency: '142', qty: 2, unit: '125', qty1: 1.1, unit1: '035', price: 129, totalPrice: 258 },
      { gnum: 2, itemNo: 'YX-SSD-HC100', itemName: '资生堂尿素护手霜100g', gcode: '3304990099', gname: '护手霜', gmodel: '资生堂（Shiseido）/尿素护手霜/100g', barCode: '4901872837455', country: '116', currency: '142', qty: 1, unit: '012', qty1: 0.1, unit1: '035', price: 45.5, totalPrice: 45.5 },
    ],
    outcome,
  });
  const importOrder = (i: number, outcome: Outcome): DemoBill => ({
    head: {
      ...parties, ...imp(i), ...consignee, orderType: 'I', goodsValue: 303.5, freight: 10, discount: 5, taxTotal: 28.53, acturalPaid: 337.03, currency: '142',
      buyerRegNo: 'kjg_chensy0412', buyerName: buyer.buyerName, buyerTelephone: buyer.buyerTelephone, buyeridType: '1', buyeridNumber: buyer.buyerIdNumber,
      payCode: '312226T001', payName: '连连银通电子支付有限公司', payTransactionId: `LL${ymd}${pad(i, 6)}`, consigneeDitrict: '330203',
    },
    lines: [
      { gnum: 1, itemNo: 'YX-KAO-L54', itemName: '花王婴儿纸尿裤L号54片', gmodel: '花王（Merries）/L码/54片', unit: '125', qty: 2, price: 129, totalPrice: 258, currency: '142', country: '116' },
      { gnum: 2, itemNo: 'YX-SSD-HC100', itemName: '资生堂尿素护手霜100g', gmodel: '资生堂（Shiseido）/100g', unit: '012', qty: 1, price: 45.5, totalPrice: 45.5, currency: '142', country: '116' },
    ],
    outcome,
  });

  return {
    'import/order': [importOrder(1, released), importOrder(2, released), importOrder(3, rejected('订单实际支付金额与支付单支付金额不一致')), importOrder(4, inFlight), importOrder(5, draft)],
    'import/receipt': [1, 2, 3, 4, 5].map((i) => ({
      head: {
        ...parties, orderNo: imp(i).orderNo, payCode: '312226T001', payName: '连连银通电子支付有限公司', payTransactionId: `LL${ymd}${pad(i, 6)}`,
        payerIdType: '1', payerIdNumber: buyer.buyerIdNumber, payerName: buyer.buyerName, telephone: buyer.buyerTelephone, amountPaid: 337.03, currency: '142',
        payTime: earlier(26 + i),
      },
      outcome: [released, released, rejected('支付人证件号码与订购人证件号码不一致'), inFlight, draft][i - 1]!,
    })),
    'import/waybill': [1, 2, 3, 4].map((i) => ({
      head: { ...parties, ...imp(i), ...consignee, billNo: flight.billNo, freight: 10, insuredFee: 0, currency: '142', weight: 1.35, packNo: 1, goodsInfo: '婴儿纸尿裤2包、护手霜1支' },
      outcome: [released, released, rejected('运单收货人电话与订单不一致'), sent][i - 1]!,
    })),
    'import/detailedList': [
      importInventory(1, released), importInventory(2, released), importInventory(3, rejected('订购人年度交易额超过26000元限值')),
      importInventory(4, { kind: 'answered', until: '120' }), importInventory(5, draft),
    ],
    'import/billCancellation': [1, 2, 3].map((i) => ({
      head: { ...parties, ...imp(10 + i), ...buyer, copNo: `YXC${ymd}${pad(i, 3)}`, reason: ['消费者在派送前取消订单', '商品缺货，平台取消订单', '重复下单'][i - 1] },
      outcome: [released, rejected('清单已放行超过撤单时限'), draft][i - 1]!,
    })),
    'import/returnApplicationForm': [1, 2].map((i) => ({
      head: { ...parties, ...imp(20 + i), ...buyer, copNo: `YXR${ymd}${pad(i, 3)}`, reason: ['商品破损，消费者申请退货', '尺码不符'][i - 1] },
      lines: [{ gnum: 1, gcode: '9619001100', gname: '婴儿纸尿裤', qty: 1, unit: '125' }],
      outcome: [released, rejected('退货申请超过原清单放行30日')][i - 1]!,
    })),
    'import/warehousingDetails': [1, 2, 3].map((i) => ({
      head: { copNo: `YXW${ymd}${pad(i, 3)}`, operatorCode: OPERATOR.code, operatorName: OPERATOR.name, ieFlag: 'I', ...flight, trafNo: 'CA1037', logisticsCode: CARRIER.code, logisticsName: CARRIER.name, unloadLocation: 'A区03库位' },
      lines: [1, 2].map((g) => ({ gnum: g, logisticsNo: `YT${ymd}I${pad(i * 10 + g, 4)}` })),
      outcome: [released, inFlight, rejected('入库明细单中运单对应清单未申报')][i - 1]!,
    })),
    'export/detailedList': [
      exportInventory(1, released), exportInventory(2, released), exportInventory(3, rejected(`[三单比对]电子订单不存在或未入库(ebpCode=${PLATFORM.code},orderNo=${exp(3).orderNo})`)),
      exportInventory(4, inFlight), exportInventory(5, draft),
    ],
    'export/arrivalNote': [1, 2, 3].map((i) => ({
      head: { copNo: `YXA${ymd}${pad(i, 3)}`, operatorCode: OPERATOR.code, operatorName: OPERATOR.name, logisticsCode: CARRIER.code, logisticsName: CARRIER.name, ...flight, domesticTrafNo: '浙B7K281', msgCount: 1, msgSeqNo: 1, ieFlag: 'E' },
      // the refused one carries the parcel whose inventory customs refused (exportInventory 3)
      lines: [1, 2].map((g) => ({ gnum: g, logisticsNo: exp(i === 2 ? g + 1 : g).logisticsNo, totalPackageNo: 1 })),
      outcome: [released, rejected(`运抵单中运单[${exp(3).logisticsNo}]对应清单未放行`), draft][i - 1]!,
    })),
    'export/departureForm': [1, 2, 3].map((i) => ({
      head: { copNo: `YXD${ymd}${pad(i, 3)}`, logisticsCode: CARRIER.code, logisticsName: CARRIER.name, ...flight, leaveTime: earlier(24 + i), msgCount: 1, msgSeqNo: 1 },
      lines: [1, 2].map((g) => ({ gnum: g, logisticsNo: exp(g).logisticsNo, totalPackageNo: 1 })),
      outcome: [released, inFlight, rejected('离境单提运单号与清单总分单不一致')][i - 1]!,
    })),
    'export/billOfLading': [1, 2].map((i) => ({
      head: { copNo: `YXB${ymd}${pad(i, 3)}`, agentCode: DEMO.code, agentName: DEMO.name, logisticsCode: CARRIER.code, logisticsName: CARRIER.name, ...flight, domesticTrafNo: '浙B7K281', grossWeight: 3.6, msgCount: 1, msgSeqNo: 1 },
      // the refused one carries the parcel whose inventory customs refused (exportInventory 3)
      lines: [1, 2].map((g) => ({ gnum: g, logisticsNo: exp(i === 2 ? g + 1 : g).logisticsNo, invtNo: exp(i === 2 ? g + 1 : g).invtNo, totalPackageNo: 1 })),
      outcome: [released, rejected(`总分单中运单[${exp(3).logisticsNo}]未找到对应的放行清单`)][i - 1]!,
    })),
    'export/billCancellation': [1, 2].map((i) => ({
      head: { ...parties, ...exp(i), copNo: `YXEC${ymd}${pad(i, 3)}`, reason: ['买家取消订单', '商品信息申报错误'][i - 1] },
      outcome: [released, rejected('清单当前状态不允许撤销')][i - 1]!,
    })),
    'export/returnApplicationForm': [1, 2].map((i) => ({
      head: { ...parties, ...exp(i), coElNo: `YXRT${ymd}${pad(i, 3)}`, tradeMode: '9610', portCode: DEMO.customs, country: '502', ...flight, reason: ['买家拒收', '商品质量问题退回'][i - 1] },
      lines: [{ gnum: 1, gcode: goods[0]!.gcode, gname: goods[0]!.gname, gmodel: '礼盒装', qty: 1, unit: goods[0]!.unit }],
      outcome: [released, inFlight][i - 1]!,
    })),
    'export/tallying': [1, 2].map((i) => ({
      head: { coElNo: `YXRT${ymd}${pad(i, 3)}`, operatorCode: OPERATOR.code, operatorName: OPERATOR.name, logisticsCode: CARRIER.code, logisticsName: CARRIER.name, ...exp(i), ...flight, location: '退货理货区B-02' },
      outcome: [released, rejected('理货明细单运单号与退货申请单不一致')][i - 1]!,
    })),
    'export/summaryApplicationForm': [1, 2, 3].map((i) => ({
      head: {
        copNo: `YXS${ymd}${pad(i, 3)}`, agentCode: DEMO.code, agentName: DEMO.name, ebcCode: DEMO.code, ebcName: DEMO.name, declAgentCode: DEMO.code, declAgentName: DEMO.name,
        summaryFlag: '1', itemNameFlag: '0', msgCount: 1, msgSeqNo: 1,
      },
      lines: [1, 2].map((g) => ({ gnum: g, invtNo: exp(g).invtNo, orderNo: exp(g).orderNo, logisticsNo: exp(g).logisticsNo })),
      outcome: [released, inFlight, rejected('汇总清单中存在未结关清单')][i - 1]!,
    })),
    // released by customs through the 单一窗口 (the drafts DEC2026031801/02 are seeded with the issued documents)
    'export/declarationForm': [{
      head: {
        copNo: `DEC${ymd}901`, declTrnRel: '0', agentCode: DEMO.code, agentName: DEMO.name, customMaster: DEMO.customs, contrNo: `HT${ymd}-01`,
        tradeCode: DEMO.code, tradeName: DEMO.name, ownerName: DEMO.name, tradeMode: '9610', tradeCountry: '502', distinatePort: '502', packNo: 8,
        grossWet: 14.2, netWt: 12, insurCurr: '142', insurMark: '3', trafMode: '5', trafName: '国航CA', billNo: flight.billNo, wrapType: '22',
        tradeAreaCode: '502', entryType: 'M', origBoxFlag: '0', specDeclFlag: '0000000', ieFlag: 'E',
      },
      lines: [
        { gno: 1, gname: '白茶', codeTs: '0902109000', gmodel: '宁波白茶礼盒/250克', exgNo: 'NB-TEA-001', gqty: 6, gunit: '140', firstQty: 1.5, firstUnit: '035', declPrice: 168, declTotal: 1008, tradeCurr: '142', originCountry: '142', destinationCountry: '502' },
        { gno: 2, gname: '瓷制茶具', codeTs: '6911101900', gmodel: '青瓷茶具套装', exgNo: 'NB-CER-203', gqty: 2, gunit: '006', firstQty: 3.2, firstUnit: '035', declPrice: 420, declTotal: 840, tradeCurr: '142', originCountry: '142', destinationCountry: '502' },
      ],
      outcome: released,
    }],
  };
}

/** Seeds every type above; answers the ids by type, for the customs-issued documents that follow. */
export async function seedDemoBillTypes(db: Db, companyId: number, now = new Date()): Promise<Record<string, number[]>> {
  const ids: Record<string, number[]> = {};
  let serial = 1;
  for (const [key, bills] of Object.entries(demoBills(now))) {
    const [mode, billKey] = key.split('/') as [string, string];
    const def = billDefinitions.find((d) => d.mode === mode && d.key === billKey);
    if (!def) continue;
    ids[key] = [];
    for (const [i, bill] of bills.entries()) {
      const appTime = new Date(now.getTime() - (i + 1) * 4.5 * 3600_000 - serial * 60_000);
      ids[key].push(await addDemoBill(db, companyId, def, bill, appTime, serial++));
    }
  }
  return ids;
}
