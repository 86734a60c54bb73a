/**
 * Transfer receipts (DxpRep) as the DXP exchange writes them, for tests: the element names and
 * order of dxp-terminal.xsd (RecevierId as spelt there; Response → NodeId?, ResponseCode,
 * ResponseInfo?, Results?, NoticeTime, Note?, OriHead), default namespace or dxp: prefix.
 */
export interface DxpRepSpec {
  /** the envelope answered: OriHead/CopMsgId */
  copMsgId: string;
  code: string;
  info?: string;
  /** the enterprise the receipt goes to (RecevierId, OriHead SenderId) */
  receiverId?: string;
  msgType?: string;
  /** per-receiver results */
  results?: { recId: string; code: string; info?: string }[];
  /** xs:date (default today) */
  noticeTime?: string;
  nodeId?: string;
  prefix?: boolean;
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export function dxpRepXml(spec: DxpRepSpec): string {
  const p = spec.prefix ? 'dxp:' : '';
  const ns = spec.prefix ? 'xmlns:dxp="http://www.chinaport.gov.cn/dxp"' : 'xmlns="http://www.chinaport.gov.cn/dxp"';
  const el = (name: string, text: string) => `<${p}${name}>${escape(text)}</${p}${name}>`;
  const receiver = spec.receiverId ?? 'DXPENT0000458763';
  const results = spec.results?.length
    ? `<${p}Results>${spec.results.map((r) => `<${p}Result>${el('RecId', r.recId)}${el('Code', r.code)}${r.info ? el('Info', r.info) : ''}</${p}Result>`).join('')}</${p}Results>`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<${p}DxpRep ver="1.0" ${ns}>
  ${el('RecevierId', receiver)}
  <${p}Response>
    ${spec.nodeId ? el('NodeId', spec.nodeId) : ''}
    ${el('ResponseCode', spec.code)}
    ${spec.info !== undefined ? el('ResponseInfo', spec.info) : ''}
    ${results}
    ${el('NoticeTime', spec.noticeTime ?? new Date().toISOString().slice(0, 10))}
    <${p}OriHead>
      ${el('CopMsgId', spec.copMsgId)}
      ${el('SenderId', receiver)}
      <${p}ReceiverIds>${el('ReceiverId', 'DXPEDCCEB0000003')}</${p}ReceiverIds>
      ${el('CreatTime', '2026-03-18T10:25:00')}
      ${el('MsgType', spec.msgType ?? 'CEB303Message')}
    </${p}OriHead>
  </${p}Response>
</${p}DxpRep>
`;
}
