/**
 * Realistic bills of the demo enterprise (宁波跨境优选, 3302961A2B, DXPENT0000458763) for the customs
 * tests: values as the bill routes store them (numbers, 'YYYY-MM-DD HH:mm:ss' China time, codes).
 */
export const demoCompany = { code: '3302961A2B', name: '宁波跨境优选供应链管理有限公司', dxpId: 'DXPENT0000458763' } as const;

/** Fixed guids keep the golden files stable. */
export const fixedGuids = {
  order: '6F1C2B9E-4D7A-4C3B-9E21-7A5D0C8B3F14',
  receipt: '2A7E5C11-93B4-4F6D-8A02-C4E9B17D6A35',
  waybill: '9C3D8E47-1B62-4A5F-B7C9-05E2F6A14D88',
} as const;

const transfer = {
  copCode: demoCompany.code,
  copName: demoCompany.name,
  dxpMode: 'DXP',
  dxpId: demoCompany.dxpId,
  copNote: null,
};

export function exportOrderBill(overrides: Record<string, unknown> = {}) {
  const head: Record<string, unknown> = {
    appType: '1',
    appTime: '2026-03-18 10:24:36',
    orderType: 'E',
    orderNo: 'YX20260318102436001',
    ebpCode: '3302960E8F',
    ebpName: '宁波保税区跨境购电子商务平台有限公司',
    ebcCode: demoCompany.code,
    ebcName: demoCompany.name,
    // 2 × 89.9 + 1 × 129.5 = 309.3; written as a float sum to prove the noise is rounded away
    goodsValue: 0.1 + 0.2 + 309,
    freight: 0,
    currency: '142',
    note: '出口至马来西亚，含2项商品',
    ...transfer,
    ...overrides,
  };
  const lines: Record<string, unknown>[] = [
    { gnum: 1, itemNo: 'YX-TEA-0101', itemName: '西湖龙井茶礼盒（250克）', itemDescribe: '明前一级龙井，铁罐礼盒装', barCode: '6921234560017', unit: '140', currency: '142', qty: 2, price: 89.9, totalPrice: 179.8, country: '142', gmodel: '250g/盒', note: null },
    { gnum: 2, itemNo: 'YX-SILK-0207', itemName: '杭州真丝围巾', itemDescribe: null, barCode: null, unit: '015', currency: '142', qty: 1, price: 129.5, totalPrice: 129.5, country: '142', gmodel: '180×55cm', note: '手工卷边' },
  ];
  return { head, lines };
}

export function exportReceiptBill(overrides: Record<string, unknown> = {}) {
  const head: Record<string, unknown> = {
    appType: '1',
    appTime: '2026-03-18 11:02:10',
    ebpCode: '3302960E8F',
    ebpName: '宁波保税区跨境购电子商务平台有限公司',
    ebcCode: demoCompany.code,
    ebcName: demoCompany.name,
    orderNo: 'YX20260318102436001',
    payCode: '312226T001',
    payName: '连连银通电子支付有限公司',
    payNo: 'LL2026031811020987654',
    charge: 309.3,
    currency: '142',
    accountingDate: '2026-03-18 11:00:45',
    note: null,
    ...transfer,
    ...overrides,
  };
  return { head, lines: [] as Record<string, unknown>[] };
}

export function exportWaybillBill(overrides: Record<string, unknown> = {}) {
  const head: Record<string, unknown> = {
    appType: '1',
    appTime: '2026-03-18 14:30:00',
    logisticsCode: '3301964C7D',
    logisticsName: '杭州云途国际物流有限公司',
    logisticsNo: 'YT2603181430000123',
    freight: 35.5,
    insuredFee: 0,
    currency: '142',
    grossWeight: 0.85,
    packNo: 1,
    goodsInfo: '茶叶礼盒、真丝围巾',
    ebcCode: demoCompany.code,
    ebcName: demoCompany.name,
    ebcTelephone: '0574-87651234',
    note: null,
    ...transfer,
    ...overrides,
  };
  return { head, lines: [] as Record<string, unknown>[] };
}
