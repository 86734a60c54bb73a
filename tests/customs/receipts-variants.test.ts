/**
 * Every sample file (the official receipts and CEB792, the hand-written CEB816/818/900) re-spelt
 * the ways customs and the transports deliver it — the other namespace spelling (ceb: prefix ↔
 * default namespace), with a BOM, GBK-declared and encoded, inside a DXP envelope (DxpMsg with or
 * without prefix, base64 in one line or MIME lines, inside a transport-node DxpMsgSv) — reads to
 * exactly the same records, and the envelope's TransInfo comes back alongside.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { isDxpRoot, unwrapDxp } from '../../server/customs/dxp/unwrap.ts';
import { readCustomsXml, type CustomsFile } from '../../server/customs/receipts/file.ts';
import { initCustomsSchemas, validateDxpXml } from '../../server/customs/schemas.ts';
import { XmlReadError } from '../../server/customs/xml/read.ts';
import { allSampleFiles, asGbk, dxpEnvelope, sampleBytes, switchNamespace, withBom } from './samples/samples.ts';

/** What a reading must agree on: the records, not the text or envelope. */
function recordsOf(f: CustomsFile) {
  if (f.kind === 'receipt') return { kind: f.kind, type: f.messageType, guid: f.receipt.guid, records: f.receipt.returns };
  if (f.kind === 'issued') return { kind: f.kind, type: f.messageType, guid: f.issued.guid, records: f.issued.items.map(({ node: _node, ...rest }) => rest) };
  throw new Error(`not a CEB document: ${f.kind}`);
}

const rootOf = (text: string) => /<(?:\w+:)?(CEB\d{3}\w*)/.exec(text)![1]!;

describe.each(allSampleFiles.map((f) => [f]))('%s', (file) => {
  const original = sampleBytes(file).toString('utf8');
  const expected = recordsOf(readCustomsXml(original));
  const msgType = rootOf(original);

  it('reads the same with the other namespace spelling', () => {
    const switched = switchNamespace(original);
    expect(switched).not.toBe(original.replace(/^\uFEFF/, ''));
    expect(recordsOf(readCustomsXml(switched))).toEqual(expected);
  });

  it('reads the same with a BOM, and GBK-declared and encoded', () => {
    expect(recordsOf(readCustomsXml(withBom(original)))).toEqual(expected);
    expect(recordsOf(readCustomsXml(withBom(switchNamespace(original))))).toEqual(expected);
    const gbk = asGbk(original);
    if (/[^\x00-\x7f]/.test(original.replace(/^\uFEFF/, ''))) expect(Buffer.from(gbk).toString('utf8')).not.toBe(original.replace(/^\uFEFF/, ''));
    expect(recordsOf(readCustomsXml(gbk))).toEqual(expected);
  });

  it('reads the same inside a DXP envelope, with its TransInfo', () => {
    const wrapped = readCustomsXml(dxpEnvelope(original, { msgType, copMsgId: 'F0E1D2C3-B4A5-4968-8776-655443322110', fileName: `${msgType}_F0E1.xml` }));
    expect(recordsOf(wrapped)).toEqual(expected);
    expect(wrapped.transInfo).toEqual({
      copMsgId: 'F0E1D2C3-B4A5-4968-8776-655443322110', senderId: 'DXPEDCCEB0000003', receiverIds: ['DXPENT0000458763'],
      createTime: '2026-03-18T10:24:40', msgType, fileName: `${msgType}_F0E1.xml`,
    });
    expect(wrapped.transport).toBeUndefined();
    // the stored text is the CEB document, not the envelope
    expect(wrapped.text).toContain(msgType);
    expect(wrapped.text).not.toContain('DxpMsg');
  });

  it('reads the same in every envelope spelling: default namespace, MIME lines, BOM, GBK payload, DxpMsgSv', () => {
    const variants = [
      dxpEnvelope(original, { msgType, prefix: '' }),
      dxpEnvelope(switchNamespace(original), { msgType, wrapLines: true }),
      withBom(dxpEnvelope(withBom(original), { msgType })),
      dxpEnvelope(asGbk(original), { msgType, prefix: '' }),
      dxpEnvelope(original, { msgType, transportNode: true }),
    ];
    for (const v of variants) expect(recordsOf(readCustomsXml(v))).toEqual(expected);
    const sv = readCustomsXml(dxpEnvelope(original, { msgType, transportNode: true, receiverIds: ['DXPENT0000000001', 'DXPENT0000000002'] }));
    expect(sv.transport).toEqual({ msgId: '00000002202603181024400000000001', sendTime: '2026-03-18T10:24:41', endNode: '46000002', staNode: '00000002' });
    expect(sv.transInfo?.receiverIds).toEqual(['DXPENT0000000001', 'DXPENT0000000002']);
  });
});

describe('the DXP envelope', () => {
  beforeAll(async () => { await initCustomsSchemas(); });
  const payload = sampleBytes('CEB304Message.xml');

  it('the envelopes the tests write are valid for the DXP schemas', () => {
    expect(validateDxpXml(dxpEnvelope(payload, { fileName: 'CEB304Message_1.xml' }))).toEqual([]);
    expect(validateDxpXml(dxpEnvelope(payload, { prefix: '', wrapLines: true }))).toEqual([]);
    expect(validateDxpXml(dxpEnvelope(payload, { transportNode: true }), 'transport')).toEqual([]);
  });

  it('unwrapDxp gives the payload bytes unchanged, and nothing for a bare document', () => {
    const u = unwrapDxp(dxpEnvelope(payload))!;
    expect(Buffer.from(u.data).equals(payload)).toBe(true);
    expect(unwrapDxp(payload)).toBeUndefined();
    expect(isDxpRoot('DxpMsg') && isDxpRoot('DxpMsgSv') && !isDxpRoot('CEB304Message')).toBe(true);
  });

  it('refuses a broken envelope, saying why', () => {
    const good = dxpEnvelope(payload);
    expect(() => readCustomsXml(good.replace(/<dxp:Data>[^<]*<\/dxp:Data>/, ''))).toThrow('DXP 报文中没有 Data 数据');
    expect(() => readCustomsXml(good.replace(/<dxp:Data>[^<]*<\/dxp:Data>/, '<dxp:Data></dxp:Data>'))).toThrow('DXP 报文中没有 Data 数据');
    expect(() => readCustomsXml(good.replace(/<dxp:Data>([^<]*)<\/dxp:Data>/, '<dxp:Data>$1*</dxp:Data>'))).toThrow('DXP 报文的 Data 不是合法的 base64 编码');
    expect(() => readCustomsXml(good.replace(/<dxp:Data>([^<]*)=*<\/dxp:Data>/, '<dxp:Data>$1A</dxp:Data>'))).toThrow('base64');
    expect(() => readCustomsXml('<DxpMsgSv ver="1.0" xmlns="http://www.chinaport.gov.cn/dxp"><SvNo Ver="1.0"/></DxpMsgSv>')).toThrow('DXP 传输报文（DxpMsgSv）中没有 DxpMsg');
    // an envelope inside an envelope is not a customs message
    expect(() => readCustomsXml(dxpEnvelope(good))).toThrow('无法识别的回执报文类型：DxpMsg');
    expect(() => readCustomsXml(dxpEnvelope('not xml at all'))).toThrow(XmlReadError);
  });

  it('reads the payload as safely as a bare file: DTDs inside the envelope are refused', () => {
    const laughs = '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><CEB304Message guid="1" version="1.0"><OrderReturn><returnInfo>&b;</returnInfo></OrderReturn></CEB304Message>';
    expect(() => readCustomsXml(dxpEnvelope(laughs))).toThrow('回执报文不允许包含 DOCTYPE 或 ENTITY 声明');
    expect(() => readCustomsXml(`<!DOCTYPE d SYSTEM "http://evil/"> ${dxpEnvelope(payload)}`)).toThrow('DOCTYPE');
  });
});
