/**
 * One realistic import through the demo enterprise (宁波跨境优选, 3302961A2B, DXPENT0000458763) for
 * the customs tests: a 9610 direct purchase of two Japanese goods flown into 宁波栎社机场 (关区 3109),
 * told by every import message — order, payment, waybill, inventory, its cancellation, a refund of
 * one line and the warehousing list of the flight. The documents agree as customs matches them:
 * order/payment amounts (acturalPaid = goodsValue + freight + taxTotal − discount = amountPaid),
 * consignee on order and waybill, order/waybill numbers on the inventory. Values as the bill routes
 * store them (numbers, 'YYYY-MM-DD[ HH:mm:ss]' China time, codes).
 */
import { demoCompany } from './fixtures.ts';

/** Fixed guids keep the golden files stable. */
export const importGuids = {
  order: '0B6E3A57-2C19-4D8F-A6E1-93F4C2D7B815',
  payment: '5D2F9C80-7A4B-4E13-B9D6-1C8E0F6A3B27',
  waybill: 'A41C7E26-95D3-4B08-8F2A-6E0D1B9C5F43',
  inventory: 'C8F03D19-4E6A-4B72-9D15-2A7B8E6C0F91',
  cancel: '73B9E4A2-1D0C-4F65-8A37-E5C2D9F81B06',
  refund: 'E2A6D8C4-3F71-4B90-A5E8-7D1C0B4F9A62',
  delivery: '19D4B7F3-8C2E-4A56-9B0D-F3E7A1C65D28',
} as const;

const transfer = {
  copCode: demoCompany.code,
  copName: demoCompany.name,
  dxpMode: 'DXP',
  dxpId: demoCompany.dxpId,
  copNote: null,
};

const platform = { ebpCode: '3302960E8F', ebpName: '宁波保税区跨境购电子商务平台有限公司' };
const ecommerce = { ebcCode: demoCompany.code, ebcName: demoCompany.name };
const carrier = { logisticsCode: '3301964C7D', logisticsName: '杭州云途国际物流有限公司' };
const orderNo = 'YXI20260318093015001';
const logisticsNo = 'YT2603180930000456';
const invtNo = '31092026I000012345';
const buyer = { buyerIdType: '1', buyerIdNumber: '330203199004123218', buyerName: '陈思远', buyerTelephone: '13857412368' };
const consignee = { consignee: '陈思远', consigneeTelephone: '13857412368', consigneeAddress: '浙江省宁波市海曙区中山西路138号天一广场3幢1502室' };
const agent = { agentCode: demoCompany.code, agentName: demoCompany.name };
const flight = { trafNo: 'MU730', voyageNo: '20260318', billNo: '784-56120348' };

type Bill = { head: Record<string, unknown>; lines: Record<string, unknown>[] };

export function importOrderBill(overrides: Record<string, unknown> = {}): Bill {
  const head: Record<string, unknown> = {
    appType: '1',
    appTime: '2026-03-18 09:31:02',
    orderType: 'I',
    orderNo,
    ...platform,
    ...ecommerce,
    // 2 × 129 + 1 × 45.5
    goodsValue: 303.5,
    freight: 10,
    discount: 5,
    // 9.1 % of (303.5 + 10), withheld by the platform
    taxTotal: 28.53,
    acturalPaid: 337.03,
    currency: '142',
    buyerRegNo: 'kjg_chensy0412',
    buyerName: buyer.buyerName,
    buyerTelephone: buyer.buyerTelephone,
    buyeridType: '1',
    buyeridNumber: buyer.buyerIdNumber,
    payCode: '312226T001',
    payName: '连连银通电子支付有限公司',
    payTransactionId: 'LL2026031809301587421',
    batchNumbers: null,
    ...consignee,
    consigneeDitrict: '330203',
    note: '使用平台优惠券抵扣5元',
    ...transfer,
    ...overrides,
  };
  const lines: Record<string, unknown>[] = [
    { gnum: 1, itemNo: 'YX-KAO-L54', itemName: '花王婴儿纸尿裤L号54片', gmodel: '花王（Merries）/L码/54片/9-14kg婴儿用', itemDescribe: '日本本土版，两包装', barCode: '4901301230881', unit: '125', qty: 2, price: 129, totalPrice: 258, currency: '142', country: '116', note: null },
    { gnum: 2, itemNo: 'YX-SSD-HC100', itemName: '资生堂尿素护手霜100g', gmodel: '资生堂（Shiseido）/尿素护手霜/100g/滋润保湿', itemDescribe: null, barCode: '4901872837455', unit: '012', qty: 1, price: 45.5, totalPrice: 45.5, currency: '142', country: '116', note: '赠品小样另计' },
  ];
  return { head, lines };
}

export function importPaymentBill(overrides: Record<string, unknown> = {}): Bill {
  const head: Record<string, unknown> = {
    appType: '1',
    appTime: '2026-03-18 09:31:40',
    payCode: '312226T001',
    payName: '连连银通电子支付有限公司',
    payTransactionId: 'LL2026031809301587421',
    orderNo,
    ...platform,
    payerIdType: '1',
    payerIdNumber: buyer.buyerIdNumber,
    payerName: buyer.buyerName,
    telephone: buyer.buyerTelephone,
    amountPaid: 337.03,
    currency: '142',
    payTime: '2026-03-18 09:30:15',
    note: null,
    ...transfer,
    ...overrides,
  };
  return { head, lines: [] };
}

export function importWaybillBill(overrides: Record<string, unknown> = {}): Bill {
  const head: Record<string, unknown> = {
    appType: '1',
    appTime: '2026-03-18 14:05:20',
    ...carrier,
    logisticsNo,
    billNo: flight.billNo,
    orderNo,
    freight: 10,
    insuredFee: 0,
    currency: '142',
    weight: 1.35,
    packNo: 1,
    goodsInfo: '婴儿纸尿裤2包、护手霜1支',
    ...consignee,
    note: null,
    ebcCode: demoCompany.code,
    ebcName: demoCompany.name,
    ebcTelephone: '0574-87651234',
    ...transfer,
    ...overrides,
  };
  return { head, lines: [] };
}

export function importInventoryBill(overrides: Record<string, unknown> = {}): Bill {
  const head: Record<string, unknown> = {
    appType: '1',
    appTime: '2026-03-18 16:20:00',
    orderNo,
    ...platform,
    ...ecommerce,
    logisticsNo,
    ...carrier,
    copNo: 'YXI2603180001',
    preNo: null,
    assureCode: demoCompany.code,
    emsNo: null,
    invtNo: null,
    ieFlag: 'I',
    declTime: '2026-03-18',
    customsCode: '3109',
    portCode: '3109',
    ieDate: '2026-03-18',
    ...buyer,
    consigneeAddress: consignee.consigneeAddress,
    ...agent,
    areaCode: null,
    areaName: null,
    tradeMode: '9610',
    trafMode: '5',
    ...flight,
    loctNo: null,
    licenseNo: null,
    country: '116',
    freight: 10,
    insuredFee: 0,
    currency: '142',
    wrapType: '2',
    packNo: 1,
    grossWeight: 1.35,
    netWeight: 1.2,
    note: null,
    ...transfer,
    ...overrides,
  };
  const lines: Record<string, unknown>[] = [
    { gnum: 1, itemRecordNo: null, itemNo: 'YX-KAO-L54', itemName: '花王婴儿纸尿裤L号54片', gcode: '9619001100', gname: '婴儿纸尿裤', gmodel: '花王（Merries）/L码/54片/9-14kg婴儿用', barCode: '4901301230881', country: '116', tradeCountry: '116', currency: '142', qty: 2, unit: '125', qty1: 1.1, unit1: '035', qty2: null, unit2: null, price: 129, totalPrice: 258, note: null },
    { gnum: 2, itemRecordNo: null, itemNo: 'YX-SSD-HC100', itemName: '资生堂尿素护手霜100g', gcode: '3304990099', gname: '护手霜', gmodel: '资生堂（Shiseido）/尿素护手霜/100g/滋润保湿', barCode: '4901872837455', country: '116', tradeCountry: '116', currency: '142', qty: 1, unit: '012', qty1: 0.1, unit1: '035', qty2: null, unit2: null, price: 45.5, totalPrice: 45.5, note: null },
  ];
  return { head, lines };
}

export function importCancelBill(overrides: Record<string, unknown> = {}): Bill {
  const head: Record<string, unknown> = {
    appType: '1',
    appTime: '2026-03-19 10:12:45',
    customsCode: '3109',
    orderNo,
    ...platform,
    ...ecommerce,
    logisticsNo,
    ...carrier,
    copNo: 'YXC2603190001',
    preNo: null,
    invtNo,
    ...buyer,
    ...agent,
    reason: '消费者在包裹派送前取消订单，申请撤销清单',
    note: null,
    ...transfer,
    ...overrides,
  };
  return { head, lines: [] };
}

export function importRefundBill(overrides: Record<string, unknown> = {}): Bill {
  const head: Record<string, unknown> = {
    appType: '1',
    appTime: '2026-03-25 15:40:08',
    customsCode: '3109',
    orderNo,
    ...platform,
    ...ecommerce,
    logisticsNo,
    ...carrier,
    copNo: 'YXR2603250001',
    preNo: null,
    invtNo,
    ...buyer,
    ...agent,
    reason: '护手霜外包装破损，消费者申请退货',
    note: null,
    ...transfer,
    ...overrides,
  };
  const lines: Record<string, unknown>[] = [
    { gnum: 2, gcode: '3304990099', gname: '护手霜', qty: 1, unit: '012', note: '原包装退回' },
  ];
  return { head, lines };
}

export function importDeliveryBill(overrides: Record<string, unknown> = {}): Bill {
  const head: Record<string, unknown> = {
    appType: '1',
    appTime: '2026-03-18 18:45:30',
    customsCode: '3109',
    copNo: 'YXD2603180001',
    preNo: null,
    rdkNo: null,
    operatorCode: demoCompany.code,
    operatorName: demoCompany.name,
    ieFlag: 'I',
    trafMode: '5',
    ...flight,
    ...carrier,
    unloadLocation: 'A区03排12号库位',
    note: null,
    ...transfer,
    ...overrides,
  };
  const lines: Record<string, unknown>[] = [
    { gnum: 1, logisticsNo, note: null },
    { gnum: 2, logisticsNo: 'YT2603180930000457', note: null },
    { gnum: 3, logisticsNo: 'YT2603180930000458', note: '外箱轻微挤压' },
  ];
  return { head, lines };
}
