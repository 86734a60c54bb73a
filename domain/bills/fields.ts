/**
 * Field building blocks shared by bill definitions: the common header fields of bills §3, the
 * numbers most messages carry, the consignee, the line's 序号 and 备注, and the BaseTransfer block,
 * so definitions list them once. A bill marks what it requires and where its message's length
 * differs by spreading: `{ ...logisticsNo, maxLength: 32, required: true }`. The enterprise
 * code/name pairs are in parties.ts, the transport in transport.ts, the goods on a line in goods.ts.
 */
import type { FieldDef } from './types.ts';

export const company = {
  code: { word: 'company.code' },
  name: { word: 'company.name' },
  dxpId: { word: 'company.dxpId' },
} as const;

/** An amount of money (N19,5): read as money in lists, the detail and the export. */
export const money = (name: string, label: string, extra: Partial<FieldDef> = {}): FieldDef =>
  ({ name, label, kind: 'number', digits: 19, scale: 5, maxLength: 20, figure: 'money', ...extra });
/** A quantity or weight (N19,5): grouped, with only the decimals it has. */
export const measure = (name: string, label: string, extra: Partial<FieldDef> = {}): FieldDef =>
  money(name, label, { figure: 'quantity', ...extra });

/** appType 1 新增 / 2 变更 / 3 删除; the server makes it 2 变更 once the bill was declared (announced on the page) */
export const appType: FieldDef = { name: 'appType', label: '报送类型', kind: 'select', codeTable: 'apply_type', maxLength: 1, required: true, default: '1', column: 'app_type', announceChange: true };
/** filled by the server when the bill is declared */
export const appTime: FieldDef = { name: 'appTime', label: '申报时间', kind: 'datetime', readOnly: true };
/** 报送类型 and 申报时间: the head of every bill the enterprise declares opens with them. */
export const appFields: readonly FieldDef[] = [appType, appTime];

/** 申报地海关代码: the 4-digit customs office (declare_port); the XSDs demand it, the spec's forms do not mark it. */
export const customsCode: FieldDef = { name: 'customsCode', label: '申报地海关代码', kind: 'select', codeTable: 'declare_port', maxLength: 4, requiredToDeclare: true, column: 'customs_code' };
/** 企业内部编号 (bills §3 common header: copNo 30, R). */
export const copNo: FieldDef = { name: 'copNo', label: '企业内部编号', kind: 'text', maxLength: 30, required: true, column: 'cop_no' };
/** 预录入编号: issued by the e-port, never typed. */
export const preNo: FieldDef = { name: 'preNo', label: '预录入编号', kind: 'text', maxLength: 18, readOnly: true, column: 'pre_no' };
/** 订单编号 (bills §3 common header: orderNo 60). */
export const orderNo: FieldDef = { name: 'orderNo', label: '订单编号', kind: 'text', maxLength: 60, column: 'order_no' };
/**
 * 物流运单编号 at the spec's 60 (bills §3: 60 or 80). Customs enforces its XSDs' lengths, so a bill
 * sent as CEB505/603/605/607 says 32 and CEB215 80 where it uses it.
 */
export const logisticsNo: FieldDef = { name: 'logisticsNo', label: '物流运单编号', kind: 'text', maxLength: 60, column: 'logistics_no' };
/** 清单编号, issued by customs for an inventory (the export XSDs' 20; import: import-fields.ts). */
export const invtNo: FieldDef = { name: 'invtNo', label: '清单编号', kind: 'text', maxLength: 20, column: 'invt_no' };

/** 报文总数 / 报文序号 (N9): the message builder numbers the parts of a split bill; nobody types them. */
export const msgCount: FieldDef = { name: 'msgCount', label: '报文总数', kind: 'integer', digits: 9, default: 1, readOnly: true };
export const msgSeqNo: FieldDef = { name: 'msgSeqNo', label: '报文序号', kind: 'integer', digits: 9, default: 1, readOnly: true };
/** 报文总数 then 报文序号, as every message that may be split carries them (CEB507/509/607/701). */
export const msgNumbers: readonly FieldDef[] = [msgCount, msgSeqNo];

/** 监管场所代码: needed where one customs office has several CBEC sites. */
export const loctNo: FieldDef = { name: 'loctNo', label: '监管场所代码', kind: 'text', maxLength: 10 };
/** 运输方式 (traf_mode, 1 character). */
export const trafMode: FieldDef = { name: 'trafMode', label: '运输方式', kind: 'select', codeTable: 'traf_mode', maxLength: 1, requiredToDeclare: true };
/** ieFlag with the one value a message allows (export messages E; export returns and tallies I). */
export const ieFlag = (value: 'I' | 'E'): FieldDef => ({
  name: 'ieFlag', label: '进出口标记', kind: 'select', maxLength: 1, required: true, default: value,
  options: [{ value, label: value === 'E' ? 'E 出口' : 'I 进口' }],
});

/** 币制, 142 人民币 unless chosen otherwise. */
export const currency: FieldDef = { name: 'currency', label: '币制', kind: 'select', codeTable: 'currency', maxLength: 3, required: true, default: '142' };
/** 件数 (N9). */
export const packNo: FieldDef = { name: 'packNo', label: '件数', kind: 'integer', digits: 9 };

/** 收货人 (the consignee): the order and its waybill must name the same one (CEB311, CEB511). */
export const consignee: FieldDef = { name: 'consignee', label: '收货人姓名', kind: 'text', maxLength: 100 };
export const consigneeTelephone: FieldDef = { name: 'consigneeTelephone', label: '收货人电话', kind: 'text', maxLength: 50 };
export const consigneeAddress: FieldDef = { name: 'consigneeAddress', label: '收货地址', kind: 'text', maxLength: 200, span: 2 };

export const note: FieldDef = { name: 'note', label: '备注', kind: 'textarea', maxLength: 1000, span: 3 };
/** 撤单原因 of a cancellation (the XSDs' 1000; bills §5: required, prompted on 申请撤单). */
export const cancelReason: FieldDef = { name: 'reason', label: '撤单原因', kind: 'textarea', maxLength: 1000, required: true, span: 3 };

/** 序号 of a line, as many digits as its message allows (N4 orders and goods, N5 parcels, N9 CEB711). */
export const gnum = (digits: number): FieldDef => ({ name: 'gnum', label: '序号', kind: 'integer', digits, required: true });
/** A line's 备注. */
export const lineNote: FieldDef = { ...note, xml: 'note' };

/** The transmission fields (bills §3): they become the message's BaseTransfer. */
export const transferFields: readonly FieldDef[] = [
  { name: 'copCode', label: '传输企业代码', kind: 'text', maxLength: 18, required: true, default: company.code, transfer: true },
  { name: 'copName', label: '传输企业名称', kind: 'text', maxLength: 100, required: true, default: company.name, transfer: true },
  { name: 'dxpMode', label: '报文传输模式', kind: 'select', options: [{ value: 'DXP', label: 'DXP' }], maxLength: 3, required: true, default: 'DXP', transfer: true },
  { name: 'dxpId', label: '报文传输编号', kind: 'text', maxLength: 30, default: company.dxpId, transfer: true, requiredToDeclare: true },
  { name: 'copNote', label: '传输备注', kind: 'textarea', maxLength: 1000, xml: 'note', transfer: true, span: 3 },
];
