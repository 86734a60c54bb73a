/**
 * Field building blocks shared by bill definitions: the common header fields of bills §3 and the
 * BaseTransfer block, so definitions list them once.
 */
import type { FieldDef } from './types.ts';

export const company = {
  code: { word: 'company.code' },
  name: { word: 'company.name' },
  dxpId: { word: 'company.dxpId' },
} as const;

/** appType 1 新增 / 2 变更 / 3 删除 */
export const appType: FieldDef = { name: 'appType', label: '报送类型', kind: 'select', codeTable: 'apply_type', maxLength: 1, required: true, default: '1', column: 'app_type' };
/** filled by the server when the bill is declared */
export const appTime: FieldDef = { name: 'appTime', label: '申报时间', kind: 'datetime', readOnly: true };

/** The transmission fields (bills §3): they become the message's BaseTransfer. */
export const transferFields: readonly FieldDef[] = [
  { name: 'copCode', label: '传输企业代码', kind: 'text', maxLength: 18, required: true, default: company.code, transfer: true },
  { name: 'copName', label: '传输企业名称', kind: 'text', maxLength: 100, required: true, default: company.name, transfer: true },
  { name: 'dxpMode', label: '报文传输模式', kind: 'select', options: [{ value: 'DXP', label: 'DXP' }], maxLength: 3, required: true, default: 'DXP', transfer: true },
  { name: 'dxpId', label: '报文传输编号', kind: 'text', maxLength: 30, default: company.dxpId, transfer: true, requiredToDeclare: true },
  { name: 'copNote', label: '传输备注', kind: 'textarea', maxLength: 1000, xml: 'note', transfer: true, span: 3 },
];

export const money = (name: string, label: string, extra: Partial<FieldDef> = {}): FieldDef =>
  ({ name, label, kind: 'number', digits: 19, scale: 5, maxLength: 20, ...extra });

export const note: FieldDef = { name: 'note', label: '备注', kind: 'textarea', maxLength: 1000, span: 3 };
