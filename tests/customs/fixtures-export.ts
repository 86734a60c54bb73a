/**
 * Realistic export bills after the order, waybill and receipt of tests/customs/fixtures.ts: the
 * demo enterprise's tea and silk parcel (order YX20260318102436001, waybill YT2603181430000123 of
 * 杭州云途) leaves Ningbo by air for Kuala Lumpur, is cancelled, comes back and is summarised.
 * Values as the bill routes store them (numbers, 'YYYY-MM-DD' and 'YYYY-MM-DD HH:mm:ss' China
 * time, codes).
 */
import { demoCompany } from './fixtures.ts';

/** Fixed guids keep the golden files stable. */
export const exportGuids = {
  arrival: '3E8A1F02-6B4C-4D9E-A153-7C2D9B0E4F61',
  departure: 'A71C5E93-2D08-4B6F-9E34-51F7C0B8D2A6',
  inventory: '5D2B9C48-E1F7-4A03-B86D-0C94E3A7F125',
  cancel: 'C94F0A21-7E5B-4C36-8D19-B2A6E05F3C78',
  wayBill: '0F6E3D85-4A1C-4B97-A2E8-6D5C1B9F7E34',
  refund: '8B47D2E6-93C1-4F0A-B5D8-2E71A6C4F903',
  tally: 'E25A7C19-0B6D-4E84-9F3A-C1D8B7046E52',
  summary: '6C1D8F3A-5E27-4B90-A4C6-D93E0F2B81A7',
} as const;

const transfer = { copCode: demoCompany.code, copName: demoCompany.name, dxpMode: 'DXP', dxpId: demoCompany.dxpId, copNote: null };
const company = { code: demoCompany.code, name: demoCompany.name };
const carrier = { logisticsCode: '3301964C7D', logisticsName: '杭州云途国际物流有限公司' };
const platform = { ebpCode: '3302960E8F', ebpName: '宁波保税区跨境购电子商务平台有限公司' };
/** the airport's express site, operated by its logistics company */
const site = { operatorCode: '3302980B15', operatorName: '宁波空港物流发展有限公司' };
const flight = { trafMode: '5', trafName: 'B-30EF', voyageNo: 'CZ8461', billNo: '784-28173645' };
const parcels = ['YT2603181430000123', 'YT2603181430000124'] as const;
const inventories = ['31182026E000001234', '31182026E000001235'] as const;

type Bill = { head: Record<string, unknown>; lines: Record<string, unknown>[] };
const bill = (head: Record<string, unknown>, overrides: Record<string, unknown>, lines: Record<string, unknown>[] = []): Bill =>
  ({ head: { ...head, ...transfer, ...overrides }, lines });

/** 运抵单: the two parcels reach the airport's express site by truck. */
export function arrivalNoteBill(overrides: Record<string, unknown> = {}): Bill {
  return bill({
    appType: '1', appTime: '2026-03-18 18:20:05', customsCode: '3118', copNo: 'YD20260318000001', preNo: null,
    ...site, loctNo: null, ieFlag: 'E', trafMode: '4', billNo: '784-28173645', domesticTrafNo: '浙B3K729',
    ...carrier, msgCount: 1, msgSeqNo: 1, note: '晚班集货，2票2件',
  }, overrides, [
    { gnum: 1, logisticsNo: parcels[0], totalPackageNo: 'YTBAG20260318001', note: null },
    { gnum: 2, logisticsNo: parcels[1], totalPackageNo: 'YTBAG20260318001', note: null },
  ]);
}

/** 离境单: the flight leaves the next morning. */
export function departureFormBill(overrides: Record<string, unknown> = {}): Bill {
  return bill({
    appType: '1', appTime: '2026-03-19 09:10:30', customsCode: '3118', copNo: 'LJ20260319000001', preNo: null,
    ...carrier, ...flight, leaveTime: '2026-03-19 08:45:00', msgCount: 1, msgSeqNo: 1, note: null,
  }, overrides, [
    { gnum: 1, totalPackageNo: 'YTBAG20260318001', logisticsNo: parcels[0], note: null },
    { gnum: 2, totalPackageNo: 'YTBAG20260318001', logisticsNo: parcels[1], note: null },
  ]);
}

/** 出口清单 of the order: simplified (A) 9610 declaration, voyage and bill left to the 清单总分单. */
export function detailedListBill(overrides: Record<string, unknown> = {}): Bill {
  return bill({
    appType: '1', appTime: '2026-03-18 15:02:47', customsCode: '3118', ...platform, orderNo: 'YX20260318102436001',
    ...carrier, logisticsNo: parcels[0], copNo: 'QD20260318000001', preNo: null, invtNo: null, ieFlag: 'E',
    portCode: '3109', ieDate: '2026-03-19', statisticsFlag: 'A',
    agentCode: company.code, agentName: company.name, ebcCode: company.code, ebcName: company.name,
    ownerCode: '3302965C31', ownerName: '宁波四明茶业有限公司', iacCode: null, iacName: null, emsNo: null,
    tradeMode: '9610', trafMode: '5', trafName: null, voyageNo: null, billNo: null, totalPackageNo: null, loctNo: null,
    licenseNo: null, country: '122', pod: '1382', freight: 35.5, fcurrency: '142', fflag: '3',
    insuredFee: 0, icurrency: '142', iflag: '3', wrapType: '2', packNo: 1, grossWeight: 0.85, netWeight: 0.7,
    note: null, rmbGoodsValue: 309.3,
  }, overrides, [
    {
      gnum: 1, itemNo: 'YX-TEA-0101', itemRecordNo: null, itemName: '西湖龙井茶礼盒（250克）', gcode: '0902109000', gname: '绿茶',
      gmodel: '龙井|250克/盒|铁罐礼盒装', barCode: '6921234560017', country: '122', currency: '142',
      qty: 2, qty1: 0.5, qty2: null, unit: '140', unit1: '035', unit2: null, price: 89.9, totalPrice: 179.8, note: null,
    },
    {
      gnum: 2, itemNo: 'YX-SILK-0207', itemRecordNo: null, itemName: '杭州真丝围巾', gcode: '6214100090', gname: '丝围巾',
      gmodel: '机织|100%桑蚕丝|180×55cm', barCode: '无', country: '122', currency: '142',
      qty: 1, qty1: 1, qty2: 0.08, unit: '015', unit1: '015', unit2: '035', price: 129.5, totalPrice: 129.5, note: '手工卷边',
    },
  ]);
}

/** 撤销申请 of a third inventory: the buyer cancelled before the parcel left. */
export function billCancellationBill(overrides: Record<string, unknown> = {}): Bill {
  return bill({
    appType: '1', appTime: '2026-03-18 17:40:12', customsCode: '3118', copNo: 'QD20260318000003', preNo: null,
    invtNo: '31182026E000001236', reason: '买家取消订单，货物尚未离境，申请撤销清单',
    agentCode: company.code, agentName: company.name, ebcCode: company.code, ebcName: company.name, note: null,
    orderNo: 'YX20260318113005002', logisticsNo: 'YT2603181430000125', ...platform, ...carrier,
  }, overrides);
}

/** 清单总分单: both parcels under the air waybill of flight CZ8461. */
export function billOfLadingBill(overrides: Record<string, unknown> = {}): Bill {
  return bill({
    appType: '1', appTime: '2026-03-18 21:05:00', customsCode: '3118', copNo: 'ZF20260318000001', preNo: null,
    agentCode: company.code, agentName: company.name, loctNo: null, ...flight, domesticTrafNo: '浙B3K729',
    grossWeight: 1.7, ...carrier, msgCount: 1, msgSeqNo: 1, note: null,
  }, overrides, [
    { gnum: 1, totalPackageNo: 'YTBAG20260318001', logisticsNo: parcels[0], invtNo: inventories[0], note: null },
    { gnum: 2, totalPackageNo: 'YTBAG20260318001', logisticsNo: parcels[1], invtNo: inventories[1], note: null },
  ]);
}

/** 退货申请: the tea comes back from Kuala Lumpur on a return waybill. */
export function returnApplicationFormBill(overrides: Record<string, unknown> = {}): Bill {
  return bill({
    appType: '1', appTime: '2026-04-02 10:15:20', customsCode: '3118', loctNo: null, ...platform,
    ebcCode: company.code, ebcName: company.name, logisticsNo: 'YT2604021015000087', ...carrier,
    coElNo: 'TH20260402000001', preNo: null, invtNo: inventories[0], tradeMode: '9661',
    agentCode: company.code, agentName: company.name, billNo: 'YT2604021015000087', ieFlag: 'I',
    trafMode: '5', trafName: 'B-30EF', portCode: '3109', reason: '商品包装破损，买家拒收退回', country: '122', voyageNo: 'CZ8462', note: null,
  }, overrides, [
    { gnum: 1, gcode: '0902109000', gname: '绿茶', gmodel: '龙井|250克/盒|铁罐礼盒装', qty: 2, qty1: 0.5, unit: '140', unit1: '035', qty2: null, unit2: null, note: null },
  ]);
}

/** 理货明细单: the site tallies the returned parcel. */
export function tallyingBill(overrides: Record<string, unknown> = {}): Bill {
  return bill({
    appType: '1', appTime: '2026-04-03 14:32:08', customsCode: '3118', ...site, ...carrier,
    logisticsNo: 'YT2604021015000087', invtNo: inventories[0], coElNo: 'LH2604030001', preNo: null,
    billNo: 'YT2604021015000087', ieFlag: 'I', trafMode: '5', trafName: 'B-30EF', voyageNo: 'CZ8462',
    location: '栎社机场跨境监管中心B区3排12号', note: null,
  }, overrides);
}

/** 汇总申请 of March's two released inventories, by consignor. */
export function summaryApplicationFormBill(overrides: Record<string, unknown> = {}): Bill {
  return bill({
    appType: '1', appTime: '2026-03-31 16:00:00', customsCode: '3118', copNo: 'HZ20260331000001', preNo: null, sumNo: null,
    agentCode: company.code, agentName: company.name, ebcCode: company.code, ebcName: company.name,
    declAgentCode: '3302980D77', declAgentName: '宁波甬通报关有限公司', startTime: null, endTime: null, loctNo: null,
    summaryFlag: '1', itemNameFlag: '0', msgCount: 1, msgSeqNo: 1, note: null,
  }, overrides, [
    { gnum: 1, invtNo: inventories[0], orderNo: 'YX20260318102436001', logisticsNo: parcels[0], ...carrier, ebpName: platform.ebpName, agentName: company.name, ieDate: '2026-03-19' },
    { gnum: 2, invtNo: '31182026E000001301', orderNo: 'YX20260322094512007', logisticsNo: 'YT2603220945000311', ...carrier, ebpName: platform.ebpName, agentName: company.name, ieDate: '2026-03-23' },
  ]);
}
