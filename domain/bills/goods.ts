/**
 * The goods on a line, as the order, inventory and refund messages name them (bills §3 lines:
 * itemName 250, gcode 10, gname 250, barCode 50, quantities and prices as numbers 20): written once
 * so every bill asks them alike; each bill marks what it requires and where its message's length
 * differs (itemNo 20 and gmodel 510 on some messages).
 */
import { measure, money } from './fields.ts';
import type { FieldDef } from './types.ts';

/** 企业商品货号 (30; the inventories' XSDs 20). */
export const itemNo: FieldDef = { name: 'itemNo', label: '企业商品货号', kind: 'text', maxLength: 30 };
export const itemName: FieldDef = { name: 'itemName', label: '企业商品名称', kind: 'text', maxLength: 250 };
export const itemDescribe: FieldDef = { name: 'itemDescribe', label: '企业商品描述', kind: 'textarea', maxLength: 1000 };
/** 账册备案料号 of bonded goods. */
export const itemRecordNo: FieldDef = { name: 'itemRecordNo', label: '账册备案料号', kind: 'text', maxLength: 30 };
export const gcode: FieldDef = { name: 'gcode', label: '商品编码', kind: 'text', maxLength: 10 };
export const gname: FieldDef = { name: 'gname', label: '商品名称', kind: 'text', maxLength: 250 };
/** 规格型号 (250; the import messages take 510). */
export const gmodel: FieldDef = { name: 'gmodel', label: '规格型号', kind: 'text', maxLength: 250 };
export const barCode: FieldDef = { name: 'barCode', label: '条形码', kind: 'text', maxLength: 50 };

const unitOf = (name: string, label: string): FieldDef => ({ name, label, kind: 'select', codeTable: 'unit', maxLength: 3 });
/** 数量 / 计量单位, then the statutory first and second quantity and unit (法定, 第二). */
export const qty = measure('qty', '数量');
export const unit = unitOf('unit', '计量单位');
export const qty1 = measure('qty1', '法定数量');
export const unit1 = unitOf('unit1', '法定计量单位');
export const qty2 = measure('qty2', '第二数量');
export const unit2 = unitOf('unit2', '第二计量单位');
export const price = money('price', '单价');
export const totalPrice = money('totalPrice', '总价');
