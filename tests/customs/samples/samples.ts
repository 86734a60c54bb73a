/**
 * The sample files of this folder and what reading them must give, plus the re-spellings customs
 * uses for the same content (namespace prefix or default namespace, BOM, GBK, DXP envelope), for
 * tests/customs/receipts*.test.ts and tests/api/receipts*.test.ts.
 *
 * Official samples (../shared/customs-spec/samples, byte for byte): every receipt and CEB792.
 * handwritten/: CEB816, CEB818, CEB900, which have no official sample.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const sampleBytes = (name: string): Buffer => readFileSync(fileURLToPath(new URL(`./${name}`, import.meta.url)));

export interface ExpectedReceipt {
  file: string;
  type: string;
  schema: 'export' | 'import';
  rootGuid: string;
  /** return elements in the file */
  count: number;
  /** distinct receipts among them (guid + business key) */
  distinct: number;
  first: { guid: string; fields: Record<string, string>; returnStatus: string; returnTime: string; returnInfo: string };
}

const OK_2018 = '新增申报成功[4CDE1CFD-EDED-46B1-946C-B8022E42FC94]';
const ROOT_2018 = '311af125-6fed-4603-8c5d-49b1fa4b4b9b';
const G94 = '4CDE1CFD-EDED-46B1-946C-B8022E42FC94';

/** Every official receipt sample: the first return element as it must read, and how many distinct ones the file holds. */
export const expectedReceipts: readonly ExpectedReceipt[] = [
  {
    file: 'CEB304Message.xml', type: 'CEB304', schema: 'export', rootGuid: ROOT_2018, count: 10, distinct: 1,
    first: { guid: '311AF125-6FED-4603-8C5D-49B1FA4B4B9B', fields: { ebpCode: '1105910159', ebcCode: '1105910159', orderNo: 'order2018050711340001' }, returnStatus: '2', returnTime: '20180507153001001', returnInfo: OK_2018 },
  },
  {
    file: 'CEB404Message.xml', type: 'CEB404', schema: 'export', rootGuid: ROOT_2018, count: 10, distinct: 1,
    first: { guid: G94, fields: { ebcCode: '1105910159', orderNo: 'order2018050711340001', payNo: 'P20180507001' }, returnStatus: '2', returnTime: '20180507153001001', returnInfo: OK_2018 },
  },
  {
    file: 'CEB506Message.xml', type: 'CEB506', schema: 'export', rootGuid: ROOT_2018, count: 10, distinct: 1,
    first: { guid: G94, fields: { logisticsCode: '1105910159', logisticsNo: 'L2018050700001' }, returnStatus: '2', returnTime: '20180507153001001', returnInfo: OK_2018 },
  },
  {
    file: 'CEB508Message.xml', type: 'CEB508', schema: 'export', rootGuid: ROOT_2018, count: 10, distinct: 1,
    first: {
      guid: G94, returnStatus: '2', returnTime: '20180507153001001', returnInfo: OK_2018,
      fields: { operatorCode: '1105910159', logisticsCode: '1105910159', preNo: 'P20180507000000001', copNo: 'Cop20180507001', billNo: 'B00024204001', msgSeqNo: '1' },
    },
  },
  {
    file: 'CEB510Message.xml', type: 'CEB510', schema: 'export', rootGuid: ROOT_2018, count: 10, distinct: 1,
    first: {
      guid: G94, returnStatus: '2', returnTime: '20180507153001001', returnInfo: OK_2018,
      fields: { logisticsCode: '1105910159', copNo: 'CoP20180507000000001', preNo: 'P20180507000000001', msgSeqNo: '1' },
    },
  },
  {
    file: 'CEB604Message.xml', type: 'CEB604', schema: 'export', rootGuid: ROOT_2018, count: 10, distinct: 1,
    first: {
      guid: G94, returnStatus: '2', returnTime: '20180507153001001', returnInfo: OK_2018,
      fields: {
        agentCode: '1105910159', copNo: 'Cop20180507001', preNo: 'P20180507000000001', invtNo: 'Invt20180507000001',
        ebcCode: '1105910159', ebpCode: '1105910159', orderNo: '1105910159', statisticsFlag: '1',
      },
    },
  },
  {
    file: 'CEB606Message.xml', type: 'CEB606', schema: 'export', rootGuid: ROOT_2018, count: 10, distinct: 1,
    first: {
      guid: G94, returnStatus: '2', returnTime: '20180507153001001', returnInfo: OK_2018,
      fields: { agentCode: '1105910159', copNo: 'Cop20180507001', preNo: 'P20180507000000001', invtNo: 'Invt20180507000001' },
    },
  },
  {
    file: 'CEB608Message.xml', type: 'CEB608', schema: 'export', rootGuid: ROOT_2018, count: 10, distinct: 1,
    first: {
      guid: G94, returnStatus: '2', returnTime: '20180507153001001', returnInfo: OK_2018,
      fields: { agentCode: '1105910159', logisticsCode: '1105910159', copNo: 'Cop20180507001', preNo: 'P20180507000000001', billNo: 'B20180508001', msgSeqNo: '1' },
    },
  },
  {
    // root spelt CEB214; appSenderId (not in the XSD) is left out; five coElNo, each twice
    file: 'CEB214Message.xml', type: 'CEB214', schema: 'export', rootGuid: ROOT_2018, count: 10, distinct: 5,
    first: {
      guid: '40B39874-45BD-47EA-AE8E-A67425305A47', returnStatus: '2', returnTime: '20200102102522001', returnInfo: '新增申报成功',
      fields: { agentCode: '1105910159', coElNo: 'Cop20220407001', preNo: 'B20200102102400001', invtNo: 'invt202003030002' },
    },
  },
  {
    file: 'CEB216Message.xml', type: 'CEB216', schema: 'export', rootGuid: ROOT_2018, count: 10, distinct: 1,
    first: {
      guid: 'CC087C38-6F19-4B9F-A6C2-5A82A0DF5B20', returnStatus: '2', returnTime: '20200401110209412', returnInfo: '新增申报成功',
      fields: { operatorCode: 'A000080003', logisticsCode: '1105910152', logisticsNo: 'L2018050700003', coElNo: 'Cop20180507056', preNo: 'O20200401000310507' },
    },
  },
  {
    file: 'CEB702Message.xml', type: 'CEB702', schema: 'export', rootGuid: ROOT_2018, count: 10, distinct: 1,
    first: {
      guid: '123ENT97-2B80-4568-AECF-CB6C90530012', returnStatus: '2', returnTime: '20180508101112012', returnInfo: OK_2018,
      fields: { agentCode: '1105910159', ebcCode: '1105910159', copNo: 'C201805080001', preNo: 'P20180507000000001', sumNo: 'S20180507000000001', msgSeqNo: '1' },
    },
  },
  {
    file: 'CEB312Message.xml', type: 'CEB312', schema: 'import', rootGuid: G94, count: 10, distinct: 1,
    first: { guid: G94, fields: { ebpCode: '1105910159', ebcCode: '1105910159', orderNo: 'order20160321116420545' }, returnStatus: '2', returnTime: '20160428182238000', returnInfo: OK_2018 },
  },
  {
    file: 'CEB412Message.xml', type: 'CEB412', schema: 'import', rootGuid: G94, count: 10, distinct: 1,
    first: { guid: G94, fields: { payCode: '1105910159', payTransactionId: 'P0321000433' }, returnStatus: '120', returnTime: '20160311210300000', returnInfo: 'a' },
  },
  {
    file: 'CEB512Message.xml', type: 'CEB512', schema: 'import', rootGuid: G94, count: 10, distinct: 1,
    first: {
      guid: '4CDE1CFD-EDED-46B1-946C-B8022E42FC96', fields: { logisticsCode: '1105910159', logisticsNo: 'L20160321114400001' },
      returnStatus: '2', returnTime: '20160506152250000', returnInfo: '新增申报成功[4CDE1CFD-EDED-46B1-946C-B8022E42FC96]',
    },
  },
  {
    file: 'CEB514Message.xml', type: 'CEB514', schema: 'import', rootGuid: G94, count: 10, distinct: 1,
    first: { guid: G94, fields: { logisticsCode: '1105910158', logisticsNo: 'L20160384156465231', logisticsStatus: 'S' }, returnStatus: '18', returnTime: '20160321152801223', returnInfo: 'test' },
  },
  {
    // no invtNo (optional in the import InventoryReturn)
    file: 'CEB622Message.xml', type: 'CEB622', schema: 'import', rootGuid: G94, count: 10, distinct: 1,
    first: {
      guid: G94, returnStatus: '1', returnTime: '20160512102646001', returnInfo: '暂存',
      fields: { customsCode: '1501', ebpCode: '1105910159', ebcCode: '1105910159', agentCode: '1105980159', copNo: 'cop2016032211000', preNo: 'B20160512000001882' },
    },
  },
  {
    // copNo is written with a trailing tab in the sample: trimmed
    file: 'CEB624Message.xml', type: 'CEB624', schema: 'import', rootGuid: G94, count: 10, distinct: 1,
    first: {
      guid: G94, returnStatus: '23', returnTime: '20160330184802222', returnInfo: 'test',
      fields: { customsCode: '0102', agentCode: '1105910158', ebpCode: '1105910158', ebcCode: '1105910158', copNo: 'cop2016032210052', preNo: 'B20160321000000152', invtNo: '150032133004000520' },
    },
  },
  {
    file: 'CEB626Message.xml', type: 'CEB626', schema: 'import', rootGuid: 'fdb972e5-ea84-4351-b981-2a263d129fdA', count: 10, distinct: 1,
    first: {
      guid: '5923DGGB-9940-415B-B666-C09BOO7F40B2', returnStatus: '18', returnTime: '20160315213232556', returnInfo: 'test',
      fields: { customsCode: '0102', agentCode: '1105910158', ebpCode: '1105910158', ebcCode: '1105910158', copNo: 'cop201604270088', preNo: 'T20160506000000281', invtNo: '150032133004001110' },
    },
  },
  {
    file: 'CEB712Message.xml', type: 'CEB712', schema: 'import', rootGuid: '5923DGGB-9940-415B-B666-C09BOO7F40B2', count: 10, distinct: 1,
    first: {
      guid: '5923DGGB-9940-415B-B666-C09BOO7F40B2', returnStatus: '18', returnTime: '20160323145101111', returnInfo: 'test',
      fields: { customsCode: '0102', operatorCode: '1105910158', copNo: 'cop0160308021', preNo: 'R20160401000000007', rkdNo: '010220160308000008' },
    },
  },
];

/** The customs-issued samples: official CEB792, hand-written 816/818/900. */
export const issuedSampleFiles = ['CEB792Message.xml', 'handwritten/CEB816Message.xml', 'handwritten/CEB818Message.xml', 'handwritten/CEB900Message.xml'] as const;

export const allSampleFiles: readonly string[] = [...expectedReceipts.map((e) => e.file), ...issuedSampleFiles];

// ── re-spellings ───────────────────────────────────────────────────────────────────────────

const CEB_NS = 'http://www.chinaport.gov.cn/ceb';
const BOM = '\uFEFF';

const withoutBom = (text: string) => text.replace(/^\uFEFF/, '');

/** The same document with the other namespace spelling: ceb: prefix ↔ default namespace (CDATA left as it is). */
export function switchNamespace(text: string): string {
  const body = withoutBom(text);
  const parts = body.split(/(<!\[CDATA\[[\s\S]*?\]\]>)/);
  const toDefault = parts.some((part) => !part.startsWith('<![CDATA[') && part.includes('xmlns:ceb='));
  return parts.map((part) => {
    if (part.startsWith('<![CDATA[')) return part;
    return toDefault
      ? part.replace(/<(\/?)ceb:/g, '<$1').replace(`xmlns:ceb="${CEB_NS}"`, `xmlns="${CEB_NS}"`)
      // element tags only: not <?xml …?> or comments
      : part.replace(/<(\/?)([A-Za-z])/g, '<$1ceb:$2').replace(`xmlns="${CEB_NS}"`, `xmlns:ceb="${CEB_NS}"`);
  }).join('');
}

/** UTF-8 bytes with a BOM in front (whether or not the text had one). */
export const withBom = (text: string): Uint8Array => new Uint8Array(Buffer.from(BOM + withoutBom(text), 'utf8'));

let gbkTable: Map<string, number[]> | undefined;
/** Node decodes GBK but cannot encode it: the table is built by decoding every double-byte code once. */
function gbkEncoder(): Map<string, number[]> {
  if (gbkTable) return gbkTable;
  const decoder = new TextDecoder('gbk');
  gbkTable = new Map();
  for (let hi = 0x81; hi <= 0xfe; hi++) {
    for (let lo = 0x40; lo <= 0xfe; lo++) {
      if (lo === 0x7f) continue;
      const ch = decoder.decode(new Uint8Array([hi, lo]));
      if (ch.length === 1 && ch !== '\uFFFD' && !gbkTable.has(ch)) gbkTable.set(ch, [hi, lo]);
    }
  }
  return gbkTable;
}

/** The document declared and encoded as GBK (every character of the samples exists in GBK). */
export function asGbk(text: string): Uint8Array {
  const table = gbkEncoder();
  const declared = withoutBom(text).replace(/encoding="UTF-8"/i, 'encoding="GBK"');
  const bytes: number[] = [];
  for (const ch of declared) {
    const code = ch.codePointAt(0)!;
    if (code < 0x80) bytes.push(code);
    else {
      const pair = table.get(ch);
      if (!pair) throw new Error(`no GBK code for ${ch}`);
      bytes.push(...pair);
    }
  }
  return new Uint8Array(bytes);
}

export const DXP_NS = 'http://www.chinaport.gov.cn/dxp';

export interface DxpOptions {
  copMsgId?: string;
  senderId?: string;
  receiverIds?: string[];
  msgType?: string;
  /** 'dxp' = prefixed elements; '' = default namespace */
  prefix?: 'dxp' | '';
  /** wrap the DxpMsg in a transport-node DxpMsgSv */
  transportNode?: boolean;
  /** base64 split into lines of 76, as MIME encoders write it */
  wrapLines?: boolean;
  fileName?: string;
}

/**
 * A DXP envelope around a CEB document, written out by hand the way the terminal and transport
 * schemas define it (tests check it against dxp-terminal.xsd / dxp-transport.xsd).
 */
export function dxpEnvelope(payload: string | Uint8Array, options: DxpOptions = {}): string {
  const p = options.prefix === undefined ? 'dxp' : options.prefix;
  const t = (name: string) => (p ? `${p}:${name}` : name);
  const ns = p ? `xmlns:${p}="${DXP_NS}"` : `xmlns="${DXP_NS}"`;
  let data = Buffer.from(payload).toString('base64');
  if (options.wrapLines) data = data.replace(/.{76}/g, '$&\n');
  const receivers = (options.receiverIds ?? ['DXPENT0000458763']).map((id) => `<${t('ReceiverId')}>${id}</${t('ReceiverId')}>`).join('');
  const msg = (withNs: boolean) => `<${t('DxpMsg')} ver="1.0"${withNs ? ` ${ns}` : ''}>`
    + `<${t('TransInfo')}><${t('CopMsgId')}>${options.copMsgId ?? 'A1B2C3D4-E5F6-4A7B-8C9D-0E1F2A3B4C5D'}</${t('CopMsgId')}>`
    + `<${t('SenderId')}>${options.senderId ?? 'DXPEDCCEB0000003'}</${t('SenderId')}>`
    + `<${t('ReceiverIds')}>${receivers}</${t('ReceiverIds')}>`
    + `<${t('CreatTime')}>2026-03-18T10:24:40</${t('CreatTime')}><${t('MsgType')}>${options.msgType ?? 'CEB304Message'}</${t('MsgType')}></${t('TransInfo')}>`
    + `<${t('Data')}>${data}</${t('Data')}>`
    + (options.fileName ? `<${t('AddInfo')}><${t('FileName')}>${options.fileName}</${t('FileName')}></${t('AddInfo')}>` : '')
    + `</${t('DxpMsg')}>`;
  if (!options.transportNode) return `<?xml version="1.0" encoding="UTF-8"?>\n${msg(true)}`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${t('DxpMsgSv')} ver="1.0" ${ns}>`
    + `<${t('SvNo')} Ver="1.0"><${t('MsgId')}>00000002202603181024400000000001</${t('MsgId')}><${t('SendTime')}>2026-03-18T10:24:41</${t('SendTime')}>`
    + `<${t('EndNode')}>46000002</${t('EndNode')}><${t('StaNode')}>00000002</${t('StaNode')}></${t('SvNo')}>`
    + msg(false)
    + `</${t('DxpMsgSv')}>`;
}
