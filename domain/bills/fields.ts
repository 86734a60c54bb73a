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

/** 申报地海关代码: the 4-digit customs office (declare_port); the XSDs demand it, the spec's forms do not mark it. */
export const customsCode: FieldDef = { name: 'customsCode', label: '申报地海关代码', kind: 'select', codeTable: 'declare_port', maxLength: 4, requiredToDeclare: true, column: 'customs_code' };
/** 企业内部编号 (bills §3 common header: copNo 30, R). */
export const copNo: FieldDef = { name: 'copNo', label: '企业内部编号', kind: 'text', maxLength: 30, required: true, column: 'cop_no' };
/** 预录入编号: issued by the e-port, never typed. */
export const preNo: FieldDef = { name: 'preNo', label: '预录入编号', kind: 'text', maxLength: 18, readOnly: true, column: 'pre_no' };
/**
 * 报文总数 / 报文序号 of messages customs lets a sender split (N9). The console sends a bill as one
 * message, so both default to 1 (no splitting yet).
 */
/** 报文总数 / 报文序号: the message builder numbers the parts of a split bill; nobody types them. */
export const msgCount: FieldDef = { name: 'msgCount', label: '报文总数', kind: 'integer', digits: 9, default: 1, readOnly: true };
export const msgSeqNo: FieldDef = { name: 'msgSeqNo', label: '报文序号', kind: 'integer', digits: 9, default: 1, readOnly: true };
/** 监管场所代码: needed where one customs office has several CBEC sites. */
export const loctNo: FieldDef = { name: 'loctNo', label: '监管场所代码', kind: 'text', maxLength: 10 };
/** 运输方式 (traf_mode, 1 character). */
export const trafMode: FieldDef = { name: 'trafMode', label: '运输方式', kind: 'select', codeTable: 'traf_mode', maxLength: 1, requiredToDeclare: true };
/** ieFlag with the one value a message allows (export messages E; export returns and tallies I). */
export const ieFlag = (value: 'I' | 'E'): FieldDef => ({
  name: 'ieFlag', label: '进出口标记', kind: 'select', maxLength: 1, required: true, default: value,
  options: [{ value, label: value === 'E' ? 'E 出口' : 'I 进口' }],
});
