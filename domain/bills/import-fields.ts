/**
 * Field building blocks of the import bills (ceb-messages §3.11–§3.17) beyond the shared ones in
 * fields.ts: the RMB-only currency, the 20-character copNo and the buyer block recur in
 * CEB621/623/625/711 with the import XSD's lengths, so each is written once here.
 */
import { copNo } from './fields.ts';
import type { ActionDef, FieldDef } from './types.ts';

/** Import messages take RMB only (XSD: 限定为人民币，填写"142"); the dictionary still names it. */
export const rmb: FieldDef = { name: 'currency', label: '币制', kind: 'select', codeTable: 'currency', maxLength: 3, required: true, default: '142' };

/** 企业内部编号: 20 on import (the XSD; bills §3 "20 on inventory"); what CEB622/624/626/712 are matched by. */
export const importCopNo: FieldDef = { ...copNo, maxLength: 20 };

/** 订购人 (buyer): id type (身份证 only, XSD), id number, name, phone, in the schema's order. */
export function buyerFields(extra: Partial<FieldDef> = {}): FieldDef[] {
  return [
    { name: 'buyerIdType', label: '订购人证件类型', kind: 'select', codeTable: 'id_type', maxLength: 1, default: '1', ...extra },
    { name: 'buyerIdNumber', label: '订购人证件号码', kind: 'text', maxLength: 60, ...extra },
    { name: 'buyerName', label: '订购人姓名', kind: 'text', maxLength: 60, ...extra },
    { name: 'buyerTelephone', label: '订购人电话', kind: 'text', maxLength: 30, ...extra },
  ];
}

/** The actions of a bill page without the buttons its module does not seed (domain/modules.ts). */
export const withoutCodes = (actions: readonly ActionDef[], ...codes: string[]): ActionDef[] =>
  actions.filter((a) => !codes.includes(a.code));

/** The actions of a bill page among the buttons its module seeds (domain/modules.ts). */
export const onlyCodes = (actions: readonly ActionDef[], ...codes: string[]): ActionDef[] =>
  actions.filter((a) => codes.includes(a.code));
