/**
 * Field building blocks of the import bills (ceb-messages §3.11–§3.17) beyond the shared ones in
 * fields.ts: the RMB-only currency, the 20-character copNo, the buyer block and the parcel an
 * inventory covers recur in CEB621/623/625/711 with the import XSD's lengths, so each is written
 * once here; so is the list of the requests about one inventory.
 */
import { copNo, currency, invtNo, logisticsNo, orderNo } from './fields.ts';
import { columns, declarableBillList, search } from './lists.ts';
import { ebcCodeName, ebpCodeName, logisticsCodeName } from './parties.ts';
import type { FieldDef, ListConfig } from './types.ts';

/** Import messages take RMB only (XSD: 限定为人民币，填写"142"): the currency field, 142 by default. */
export const rmb: FieldDef = currency;

/** 企业内部编号: 20 on import (the XSD; bills §3 "20 on inventory"); what CEB622/624/626/712 are matched by. */
export const importCopNo: FieldDef = { ...copNo, maxLength: 20 };

/** 清单编号: 18 on import (the XSD; the spec's 50). */
export const importInvtNo: FieldDef = { ...invtNo, maxLength: 18 };

/** 订购人 (buyer): id type (身份证 only, XSD), id number, name, phone, in the schema's order. */
export function buyerFields(extra: Partial<FieldDef> = {}): FieldDef[] {
  return [
    { name: 'buyerIdType', label: '订购人证件类型', kind: 'select', codeTable: 'id_type', maxLength: 1, default: '1', ...extra },
    { name: 'buyerIdNumber', label: '订购人证件号码', kind: 'text', maxLength: 60, ...extra },
    { name: 'buyerName', label: '订购人姓名', kind: 'text', maxLength: 60, ...extra },
    { name: 'buyerTelephone', label: '订购人电话', kind: 'text', maxLength: 30, ...extra },
  ];
}

/**
 * The parcel an import inventory covers, as CEB621, CEB623 and CEB625 open their heads: orderNo,
 * ebpCode, ebpName, ebcCode, ebcName, logisticsNo (60), logisticsCode, logisticsName. `numbers`
 * marks orderNo and logisticsNo, `parties` the three pairs (the refund asks the pairs at once and
 * the numbers when declaring).
 */
export function inventoryParcel(numbers: Partial<FieldDef>, parties: Partial<FieldDef> = numbers): FieldDef[] {
  return [
    { ...orderNo, ...numbers },
    ...ebpCodeName(parties),
    ...ebcCodeName(parties),
    { ...logisticsNo, ...numbers },
    ...logisticsCodeName(parties),
  ];
}

/** The list of a request about one import inventory, with its reason (撤销申请, 退货申请). */
export const inventoryRequestList: ListConfig = declarableBillList(
  columns(['copNo', 170], ['invtNo', 170], 'preNo', 'orderNo', 'logisticsNo', 'agentName', 'ebcName', ['customsCode', 110], 'reason'),
  search({ copNo: 'like', invtNo: 'like', orderNo: 'like', logisticsNo: 'like' }),
);
