/**
 * The enterprises a bill names, each as its code (18) and name (100), in that order (bills §3
 * common header: agentCode 18, agentName 100 …; the CEB XSDs agree). Written once here so every
 * bill names a party alike; a bill spreads the pair where its message puts it:
 *
 *   ...ebcCodeName({ required: true, ownCompany: true }),
 *
 * The options apply to both fields (required, requiredToDeclare, readOnly, xml: false);
 * `ownCompany` fills both with the logged-in company's code and name when left empty (the company
 * is that party: the declaring agent, the e-commerce company of its own orders).
 */
import { company } from './fields.ts';
import type { FieldDef } from './types.ts';

export interface PartyOptions extends Partial<FieldDef> {
  /** empty code and name become the logged-in company's */
  ownCompany?: boolean;
}

function party(code: FieldDef, name: FieldDef) {
  return ({ ownCompany, ...extra }: PartyOptions = {}): FieldDef[] => [
    { ...code, ...(ownCompany ? { default: company.code } : {}), ...extra },
    { ...name, ...(ownCompany ? { default: company.name } : {}), ...extra },
  ];
}

/** 电商平台 (indexed: lists filter on the platform). */
export const ebpCodeName = party(
  { name: 'ebpCode', label: '电商平台代码', kind: 'text', maxLength: 18, column: 'ebp_code' },
  { name: 'ebpName', label: '电商平台名称', kind: 'text', maxLength: 100, column: 'ebp_name' },
);

/** 电商企业 (indexed). */
export const ebcCodeName = party(
  { name: 'ebcCode', label: '电商企业代码', kind: 'text', maxLength: 18, column: 'ebc_code' },
  { name: 'ebcName', label: '电商企业名称', kind: 'text', maxLength: 100, column: 'ebc_name' },
);

/** 物流企业 (indexed). */
export const logisticsCodeName = party(
  { name: 'logisticsCode', label: '物流企业代码', kind: 'text', maxLength: 18, column: 'logistics_code' },
  { name: 'logisticsName', label: '物流企业名称', kind: 'text', maxLength: 100, column: 'logistics_name' },
);

/** 申报企业, the declaring agent (indexed). */
export const agentCodeName = party(
  { name: 'agentCode', label: '申报企业代码', kind: 'text', maxLength: 18, column: 'agent_code' },
  { name: 'agentName', label: '申报企业名称', kind: 'text', maxLength: 100, column: 'agent_name' },
);

/** 支付企业 (the code indexed). */
export const payCodeName = party(
  { name: 'payCode', label: '支付企业代码', kind: 'text', maxLength: 18, column: 'pay_code' },
  { name: 'payName', label: '支付企业名称', kind: 'text', maxLength: 100 },
);

/** 监管场所经营人, the operator of the supervised site. */
export const operatorCodeName = party(
  { name: 'operatorCode', label: '监管场所经营人代码', kind: 'text', maxLength: 18 },
  { name: 'operatorName', label: '监管场所经营人名称', kind: 'text', maxLength: 100 },
);

/** 报关单位, who files the customs declaration a summary leads to. */
export const declAgentCodeName = party(
  { name: 'declAgentCode', label: '报关单位代码', kind: 'text', maxLength: 18 },
  { name: 'declAgentName', label: '报关单位名称', kind: 'text', maxLength: 100 },
);
