/**
 * The fields of the enterprise page (accounts-and-enterprise.md §3) in display order, with the
 * required messages of §5 word for word. Plain data: the page renders it, domain/enterprise/rules.ts
 * checks it, and the server validates the same list (it never trusts the browser).
 * Lengths the spec does not give are ours (docs/decisions/account-side-enterprise-filing.md): the customs single window's usual
 * sizes (18-char credit code, 10-char customs codes, 100-char names, 200-char addresses).
 */
export type EnterpriseFieldKind = 'text' | 'textarea' | 'number' | 'date' | 'select' | 'flag';

export interface EnterpriseField {
  name: string;
  label: string;
  kind: EnterpriseFieldKind;
  section: 'company' | 'filing';
  /** the message shown when the field is empty (§5); absent = optional */
  required?: string;
  maxLength?: number;
  /** select: dictionary code of /api/dictionary/item/queryByCode */
  codeTable?: string;
  /** select: the field holding the chosen item's name (customsCode → customsCodeName) */
  nameField?: string;
  /** never taken from the user (companyName in edit, customsRegistCode from registration) */
  readOnly?: boolean;
  /** extra format check on top of length */
  format?: 'email' | 'mobile' | 'dxpId';
  span?: 1 | 2 | 3;
}

const company = (f: Omit<EnterpriseField, 'section'>): EnterpriseField => ({ ...f, section: 'company' });
const filing = (f: Omit<EnterpriseField, 'section'>): EnterpriseField => ({ ...f, section: 'filing' });

export const enterpriseFields: readonly EnterpriseField[] = [
  company({ name: 'companyName', label: '企业名称', kind: 'text', required: '请填写公司名称', maxLength: 100, readOnly: true }),
  company({ name: 'companyEnName', label: '企业英文名称', kind: 'text', maxLength: 200 }),
  company({ name: 'legalPerson', label: '法定代表人', kind: 'text', required: '请填写法定代表人', maxLength: 50 }),
  company({ name: 'orgCode', label: '组织机构编码', kind: 'text', required: '请输入组织机构编码', maxLength: 30 }),
  company({ name: 'socialCreditCode', label: '统一社会信用代码', kind: 'text', maxLength: 18 }),
  company({ name: 'bizRegistNo', label: '营业执照注册号', kind: 'text', required: '请输入营业执照注册号', maxLength: 30 }),
  company({ name: 'taxPayerNo', label: '纳税人识别号', kind: 'text', required: '请输入纳税人识别号', maxLength: 30 }),
  company({ name: 'registAddr', label: '工商注册地址', kind: 'text', required: '请填写工商注册地址', maxLength: 200, span: 2 }),
  company({ name: 'bizRegistDate', label: '工商注册日期', kind: 'date' }),
  company({ name: 'fax', label: '传真', kind: 'text', maxLength: 30 }),
  company({ name: 'website', label: '网址', kind: 'text', maxLength: 100 }),
  company({ name: 'email', label: '邮箱', kind: 'text', required: '请输入正确的邮箱地址', maxLength: 100, format: 'email' }),
  company({ name: 'bizScope', label: '经营范围', kind: 'textarea', required: '请填写经营范围', maxLength: 1000, span: 3 }),

  filing({ name: 'b2cBusiness', label: 'B2C业务', kind: 'flag' }),
  filing({ name: 'b2bBusiness', label: 'B2B业务', kind: 'flag' }),
  filing({ name: 'customsRegistCode', label: '海关注册编码', kind: 'text', required: '请填写海关注册编码', maxLength: 10, readOnly: true }),
  filing({ name: 'customsCode', label: '注册海关', kind: 'select', required: '请选择注册海关', codeTable: 'declare_port', nameField: 'customsCodeName' }),
  // Not in the spec's filing list (docs/decisions/dxpid-where.md): the id the e-port data centre issued the company, the
  // sender of every DXP envelope and what receipts are attributed by; it takes effect when the filing is approved.
  filing({ name: 'dxpId', label: '报文传输编号(DXPID)', kind: 'text', maxLength: 16, format: 'dxpId' }),
  filing({ name: 'ebcCompany', label: '电商企业', kind: 'flag' }),
  filing({ name: 'logisticsCompany', label: '物流企业', kind: 'flag' }),
  filing({ name: 'ebpCompany', label: '电商平台', kind: 'flag' }),
  filing({ name: 'paymentCompany', label: '支付企业', kind: 'flag' }),
  filing({ name: 'operatorCompany', label: '监管场所经营人', kind: 'flag' }),
  filing({ name: 'zipCode', label: '邮政编码', kind: 'text', maxLength: 6 }),
  filing({ name: 'ieCode', label: '进出口企业代码', kind: 'text', maxLength: 20 }),
  filing({ name: 'otherAddr', label: '其他地址', kind: 'text', maxLength: 200, span: 2 }),
  filing({ name: 'registeredCapital', label: '注册资本(万元)', kind: 'number', required: '请填写注册资本' }),
  filing({ name: 'totalInvestment', label: '投资总额(万元)', kind: 'number', required: '请填写投资总额' }),
  filing({ name: 'inPlaceFunds', label: '到位资金(万元)', kind: 'number', required: '请填写到位资金' }),
  filing({ name: 'economicZoneCode', label: '经济区划', kind: 'select', required: '请选择经济区划', codeTable: 'economic_zone', nameField: 'economicZoneCodeName' }),
  filing({ name: 'economicTypeCode', label: '经济类型', kind: 'select', required: '请选择经济类型', codeTable: 'economic_type', nameField: 'economicTypeCodeName' }),
  filing({ name: 'bizType', label: '经营类别', kind: 'select', required: '请选择经营类别', codeTable: 'biz_type', nameField: 'bizTypeName' }),
  filing({ name: 'orgType', label: '组织机构类型', kind: 'select', required: '请选择组织机构类型', codeTable: 'org_type', nameField: 'orgTypeName' }),
  filing({ name: 'industryType', label: '行业种类', kind: 'select', required: '请选择行业种类', codeTable: 'industry_type', nameField: 'industryTypeName' }),
  filing({ name: 'legalPersonIdType', label: '法定代表人证件类型', kind: 'select', required: '请选择法定代表人证件类型', codeTable: 'id_type', nameField: 'legalPersonIdTypeName' }),
  filing({ name: 'legalPersonIdNumber', label: '法定代表人证件号码', kind: 'text', required: '请填写法定代表人证件类型号码', maxLength: 30 }),
  filing({ name: 'contactPerson', label: '海关业务联系人', kind: 'text', required: '请填写海关业务联系人姓名', maxLength: 50 }),
  filing({ name: 'mobileNo', label: '联系人移动电话', kind: 'text', required: '请填写海关业务联系人移动电话', maxLength: 11, format: 'mobile' }),
  filing({ name: 'phoneNo', label: '联系人固定电话', kind: 'text', maxLength: 30 }),
  filing({ name: 'superiorName', label: '上级单位名称', kind: 'text', maxLength: 100 }),
  filing({ name: 'superiorOrgCode', label: '上级单位组织机构代码', kind: 'text', maxLength: 30 }),
  filing({ name: 'superiorRelation', label: '与上级单位关系', kind: 'text', maxLength: 50 }),
  filing({ name: 'allowRemoteDeclar', label: '允许异地申报', kind: 'flag' }),
  filing({ name: 'needDepositAccount', label: '需要保证金账户', kind: 'flag' }),
  filing({ name: 'bizImport', label: '进口', kind: 'flag' }),
  filing({ name: 'bizExport', label: '出口', kind: 'flag' }),
  filing({ name: 'additionalType', label: '附加类型', kind: 'text', maxLength: 50 }),
  filing({ name: 'rateType', label: '汇率类型', kind: 'text', maxLength: 20 }),
];

/** The five company-type flags; at least one must be set (请选择跨境贸易电子商务类型). */
export const companyTypeFlags = ['ebcCompany', 'logisticsCompany', 'ebpCompany', 'paymentCompany', 'operatorCompany'] as const;
/** 业务范围: import and/or export; at least one (请选择业务范围). */
export const businessScopeFlags = ['bizImport', 'bizExport'] as const;
export const businessScopeRequired = '请选择业务范围';
/** 行政区划: province → city → area; the area (the deepest level the division has) is required. */
export const areaFields = { province: 'provinceCode', city: 'cityCode', area: 'areaCode', name: 'areaCodeName', label: '行政区划', required: '请选择行政区划' } as const;
/** Registration roles (§3) → the company-type flags they set; 7 申报企业 has no flag of its own. */
export const roleFlags: Record<string, (typeof companyTypeFlags)[number]> = {
  '1': 'ebcCompany', '2': 'logisticsCompany', '3': 'ebpCompany', '4': 'paymentCompany', '5': 'operatorCompany',
};

export const fieldByName: ReadonlyMap<string, EnterpriseField> = new Map(enterpriseFields.map((f) => [f.name, f]));
/** Every name the profile may hold: the fields, their name fields, the area and the read-only extras. */
export const profileKeys: ReadonlySet<string> = new Set([
  ...enterpriseFields.map((f) => f.name),
  ...enterpriseFields.flatMap((f) => (f.nameField ? [f.nameField] : [])),
  areaFields.province, areaFields.city, areaFields.area, areaFields.name,
]);
