/**
 * Seed data of the dictionaries served by POST /api/dictionary/item/queryByCode {dicCode}
 * (bills.md §7, accounts §7): for every dicCode, its items [{value, name}].
 *
 * Customs code tables come from ./code-tables/*.json, unchanged copies of ../shared/domain/code-tables
 * (see ./code-tables/README.md for sources and caveats), imported here so the product runs from a
 * clone of this repository alone. Dictionaries with no customs code table (economic_type, biz_type,
 * org_type, industry_type) are inline lists; each says where its values come from.
 */
import appStatus from './code-tables/app_status.json' with { type: 'json' };
import appType from './code-tables/app_type.json' with { type: 'json' };
import bankCode from './code-tables/bank_code.json' with { type: 'json' };
import country from './code-tables/country.json' with { type: 'json' };
import currency from './code-tables/currency.json' with { type: 'json' };
import customs from './code-tables/customs.json' with { type: 'json' };
import economicZone from './code-tables/economic_zone.json' with { type: 'json' };
import feeFlag from './code-tables/fee_flag.json' with { type: 'json' };
import idType from './code-tables/id_type.json' with { type: 'json' };
import ieFlag from './code-tables/ie_flag.json' with { type: 'json' };
import orderType from './code-tables/order_type.json' with { type: 'json' };
import port from './code-tables/port.json' with { type: 'json' };
import returnStatus from './code-tables/return_status.json' with { type: 'json' };
import statisticsFlag from './code-tables/statistics_flag.json' with { type: 'json' };
import tradeMode from './code-tables/trade_mode.json' with { type: 'json' };
import trafMode from './code-tables/traf_mode.json' with { type: 'json' };
import unit from './code-tables/unit.json' with { type: 'json' };
import wrapType from './code-tables/wrap_type.json' with { type: 'json' };
import wrapTypeV2 from './code-tables/wrap_type_v2.json' with { type: 'json' };

export interface DictionaryItem {
  value: string;
  name: string;
}

export interface DictionarySource {
  /** code-table JSON file name in ./code-tables (a copy of ../shared/domain/code-tables) */
  file?: string;
  /** inline items when no code table exists */
  items?: DictionaryItem[];
  note?: string;
}

/** The imported code tables by file name. Extra fields (en, iso, full, …) are dropped when served. */
const codeTables: Record<string, readonly DictionaryItem[]> = {
  'app_status.json': appStatus,
  'app_type.json': appType,
  'bank_code.json': bankCode,
  'country.json': country,
  'currency.json': currency,
  'customs.json': customs,
  'economic_zone.json': economicZone,
  'fee_flag.json': feeFlag,
  'id_type.json': idType,
  'ie_flag.json': ieFlag,
  'order_type.json': orderType,
  'port.json': port,
  'return_status.json': returnStatus,
  'statistics_flag.json': statisticsFlag,
  'trade_mode.json': tradeMode,
  'traf_mode.json': trafMode,
  'unit.json': unit,
  'wrap_type.json': wrapType,
  'wrap_type_v2.json': wrapTypeV2,
};

export const dictionarySources: Record<string, DictionarySource> = {
  // ── named by the specs (bills.md §7, accounts §7) ────────────────────────────────────────
  declare_port: {
    file: 'customs.json',
    note: '申报口岸 / 关区 (customsCode, portCode): customs 关区代码, 2019 snapshot (~240 codes short of the live table).',
  },
  apply_type: { file: 'app_type.json', note: 'appType: 1 新增, 2 变更, 3 删除.' },
  unit: { file: 'unit.json', note: '计量单位 (unit, unit1, unit2).' },
  country: { file: 'country.json', note: '国别(地区), 3-digit customs codes (country, tradeCountry).' },
  currency: { file: 'currency.json', note: '币制, 3-digit customs codes; import messages are fixed to 142.' },
  bank_code: {
    file: 'bank_code.json',
    note: 'Settlement bank picker: PBoC CNAPS 行别代码, not a customs table.',
  },
  economic_zone: { file: 'economic_zone.json', note: '经济区划 (enterprise filing); partial, no 05/08.' },
  id_type: { file: 'id_type.json', note: 'buyerIdType, payerIdType, legalPersonIdType.' },
  economic_type: {
    items: [
      { value: '110', name: '国有企业' },
      { value: '120', name: '集体企业' },
      { value: '130', name: '股份合作企业' },
      { value: '150', name: '有限责任公司' },
      { value: '160', name: '股份有限公司' },
      { value: '170', name: '私营企业' },
      { value: '190', name: '其他企业' },
      { value: '210', name: '合资经营企业(港或澳、台资)' },
      { value: '220', name: '合作经营企业(港或澳、台资)' },
      { value: '230', name: '港、澳、台商独资经营企业' },
      { value: '310', name: '中外合资经营企业' },
      { value: '320', name: '中外合作经营企业' },
      { value: '330', name: '外商独资企业' },
      { value: '400', name: '个体工商户' },
      { value: '900', name: '其他' },
    ],
    note:
      '经济类型: no customs code table exists. Codes follow the three-digit 企业登记注册类型 of the National ' +
      'Bureau of Statistics where that scheme has the category (from memory, not checked against a source); ' +
      '400 个体工商户 and 900 其他 are the console\'s own codes.',
  },
  biz_type: {
    items: [
      { value: '10000000', name: '进出口收发货人' },
      { value: '20000000', name: '进出口收发货人分支机构' },
      { value: '01000000', name: '报关企业' },
      { value: '00100000', name: '报关企业分支机构' },
      { value: '00010000', name: '特殊监管区双重身份企业' },
      { value: '00000100', name: '临时注册企业' },
      { value: '00000010', name: '加工生产企业' },
      { value: '00000001', name: '保税仓库' },
      { value: '00000002', name: '出口监管仓库' },
    ],
    note:
      '经营类别: no customs code table exists. These are the 8-digit 企业经营类别 codes of the customs credit ' +
      'platform (credit.customs.gov.cn) as mapped by the scraper the code-tables README names (read_file index ' +
      'id 6037869762). Its 9-digit 000000001 进出境运输工具负责人 is left out (malformed code).',
  },
  org_type: {
    items: [
      { value: '01', name: '企业法人' },
      { value: '02', name: '企业非法人' },
      { value: '03', name: '事业法人' },
      { value: '04', name: '事业非法人' },
      { value: '05', name: '社团法人' },
      { value: '06', name: '社团非法人' },
      { value: '07', name: '机关法人' },
      { value: '08', name: '机关非法人' },
      { value: '09', name: '个体工商户' },
      { value: '10', name: '民办非企业单位' },
      { value: '99', name: '其他' },
    ],
    note:
      '组织机构类型: no customs code table exists. The labels are the 机构类型 printed on the former ' +
      '组织机构代码证; the two-digit codes are the console\'s own.',
  },
  industry_type: {
    items: [
      { value: 'A', name: '农、林、牧、渔业' },
      { value: 'B', name: '采矿业' },
      { value: 'C', name: '制造业' },
      { value: 'D', name: '电力、热力、燃气及水生产和供应业' },
      { value: 'E', name: '建筑业' },
      { value: 'F', name: '批发和零售业' },
      { value: 'G', name: '交通运输、仓储和邮政业' },
      { value: 'H', name: '住宿和餐饮业' },
      { value: 'I', name: '信息传输、软件和信息技术服务业' },
      { value: 'J', name: '金融业' },
      { value: 'K', name: '房地产业' },
      { value: 'L', name: '租赁和商务服务业' },
      { value: 'M', name: '科学研究和技术服务业' },
      { value: 'N', name: '水利、环境和公共设施管理业' },
      { value: 'O', name: '居民服务、修理和其他服务业' },
      { value: 'P', name: '教育' },
      { value: 'Q', name: '卫生和社会工作' },
      { value: 'R', name: '文化、体育和娱乐业' },
      { value: 'S', name: '公共管理、社会保障和社会组织' },
      { value: 'T', name: '国际组织' },
    ],
    note:
      '行业种类: no customs code table exists. The 20 门类 (sections A–T) of GB/T 4754-2017 ' +
      '《国民经济行业分类》.',
  },

  // ── further customs tables the bill fields use ───────────────────────────────────────────
  trade_mode: { file: 'trade_mode.json', note: '监管方式 (tradeMode); name is the 简称.' },
  traf_mode: { file: 'traf_mode.json', note: '运输方式 (trafMode).' },
  wrap_type: { file: 'wrap_type.json', note: '包装种类, 1-digit CEB wrapType.' },
  wrap_type_v2: { file: 'wrap_type_v2.json', note: '2-digit 报关单 包装种类 (export declaration form); not valid in CEB.' },
  port: { file: 'port.json', note: '港口代码 (POD 指运港, 3/4 digits).' },
  app_status: { file: 'app_status.json', note: 'appStatus: 1 暂存, 2 申报.' },
  ie_flag: { file: 'ie_flag.json', note: 'ieFlag.' },
  order_type: { file: 'order_type.json', note: 'orderType (I on import orders; E/B/W on export orders).' },
  statistics_flag: { file: 'statistics_flag.json', note: 'statisticsFlag of the export inventory.' },
  fee_flag: { file: 'fee_flag.json', note: 'fFlag, iFlag (freight and insurance fee marks).' },
  return_status: { file: 'return_status.json', note: 'Receipt returnStatus names (see bill-states.ts).' },
};

/** Every dicCode served. */
export const dictionaryCodes: string[] = Object.keys(dictionarySources);

/** The items of a dicCode as {value, name}, or undefined for an unknown code. A fresh array each call. */
export function dictionaryItems(dicCode: string): DictionaryItem[] | undefined {
  if (!Object.hasOwn(dictionarySources, dicCode)) return undefined;
  const source = dictionarySources[dicCode];
  if (!source) return undefined;
  const rows = source.file !== undefined ? codeTables[source.file] : source.items;
  return rows?.map(({ value, name }) => ({ value, name }));
}
