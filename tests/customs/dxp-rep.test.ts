// The exchange's transfer receipt (DxpRep) as dxp-terminal.xsd defines it: realistic samples (a
// success, a refusal, a per-receiver failure, the dxp: prefix) validate against the official
// schema and read to the response the outbox acts on; a DXP document nothing reads is kept as
// kind 'dxpOther' instead of refused, while an unknown CEB root is still refused.
import { beforeAll, describe, expect, it } from 'vitest';
import { dxpFailureIsFinal, isDxpSuccessCode, transferStatusName } from '../../domain/customs/dxp-codes.ts';
import { explainReceipt } from '../../domain/customs/return-codes.ts';
import { dxpFailureCode, dxpRepOf, dxpResponseOk, dxpResponseText } from '../../server/customs/dxp/rep.ts';
import { readCustomsXml } from '../../server/customs/receipts/file.ts';
import { initCustomsSchemas, validateDxpXml } from '../../server/customs/schemas.ts';
import { readXml, XmlReadError } from '../../server/customs/xml/read.ts';
import { dxpRepXml } from '../helpers/dxp-rep.ts';

const GUID = '8D0F7A6C-3B1E-4F2A-9C5D-1E2F3A4B5C6D';

beforeAll(async () => {
  await initCustomsSchemas();
});

describe('DxpRep samples', () => {
  const success = dxpRepXml({ copMsgId: GUID, code: '0', info: '成功', noticeTime: '2026-03-18', nodeId: '00000002' });
  const refused = dxpRepXml({ copMsgId: GUID, code: '1001', info: '报文签名无效', noticeTime: '2026-03-18' });
  const perReceiver = dxpRepXml({
    copMsgId: GUID, code: '0000', noticeTime: '2026-03-18', prefix: true,
    results: [{ recId: 'DXPEDCCEB0000003', code: '2001', info: '接收方不存在' }],
  });

  it('validate against the official DXP terminal schema', () => {
    for (const xml of [success, refused, perReceiver]) expect(validateDxpXml(xml)).toEqual([]);
  });

  it('a success: code 0, the envelope it answers by CopMsgId', () => {
    const rep = dxpRepOf(readXml(success))!;
    expect(rep.receiverId).toBe('DXPENT0000458763');
    expect(rep.responses).toHaveLength(1);
    const [r] = rep.responses;
    expect(r).toMatchObject({ code: '0', info: '成功', nodeId: '00000002', noticeTime: '2026-03-18', copMsgId: GUID, msgType: 'CEB303Message', receiverIds: ['DXPEDCCEB0000003'] });
    expect(dxpResponseOk(r!)).toBe(true);
  });

  it('a refusal: its code and text, final (a resend of the same bytes cannot pass)', () => {
    const [r] = dxpRepOf(readXml(refused))!.responses;
    expect(dxpResponseOk(r!)).toBe(false);
    expect(dxpFailureCode(r!)).toBe('1001');
    expect(dxpResponseText(r!)).toBe('报文签名无效');
    expect(dxpFailureIsFinal('1001')).toBe(true);
  });

  it('a receiver that failed fails the response even when ResponseCode is 0 (prefixed dxp: namespace)', () => {
    const [r] = dxpRepOf(readXml(perReceiver))!.responses;
    expect(dxpResponseOk(r!)).toBe(false);
    expect(dxpFailureCode(r!)).toBe('2001');
    expect(dxpResponseText(r!)).toBe('接收方不存在');
  });

  it('codes: zeros succeed; format/security/routing are final, system and exchange-defined ones are retried', () => {
    expect(['0', '00', '0000'].every(isDxpSuccessCode)).toBe(true);
    expect(isDxpSuccessCode('1')).toBe(false);
    expect(['0001', '0002', '1004', '2002'].every(dxpFailureIsFinal)).toBe(true);
    expect(['3001', '3003', '4100', 'X'].some(dxpFailureIsFinal)).toBe(false);
    expect(transferStatusName('0')).toBe('传输成功');
    expect(transferStatusName('3002')).toBe('传输失败(3002)');
    expect(explainReceipt('1001', '报文签名无效', 'DxpRep')).toMatchObject({ meaning: '签名无效：报文签名无效', cause: '签名值错误或签名结构不符合规范' });
    expect(explainReceipt('0', '', 'DxpRep')).toEqual({ meaning: '交换平台已接收报文并转发给接收方' });
  });

  it('is read by the receipt reader as a transfer receipt', () => {
    const file = readCustomsXml(Buffer.from(`\uFEFF${success}`, 'utf8'));
    expect(file.kind).toBe('transfer');
    expect(file.messageType).toBe('DxpRep');
  });

  it('refuses a DxpRep without OriHead/CopMsgId or without a Response, in Chinese', () => {
    const noHead = success.replace(/<CopMsgId>[^<]*<\/CopMsgId>/, '');
    expect(() => readCustomsXml(noHead)).toThrow(new XmlReadError('DXP 传输回执第1个 Response 缺少 OriHead/CopMsgId'));
    const noResponse = '<DxpRep ver="1.0" xmlns="http://www.chinaport.gov.cn/dxp"><RecevierId>X</RecevierId></DxpRep>';
    expect(() => readCustomsXml(noResponse)).toThrow('DXP 传输回执（DxpRep）中没有 Response');
  });
});

describe('other documents', () => {
  it('a well-formed DXP document nothing reads is kept as dxpOther, not refused', () => {
    const other = '<?xml version="1.0"?><DxpNotice ver="1.0" xmlns="http://www.chinaport.gov.cn/dxp"><ReceiverId>DXPENT0000458763</ReceiverId><Text>系统维护通知</Text></DxpNotice>';
    const file = readCustomsXml(other);
    expect(file).toMatchObject({ kind: 'dxpOther', messageType: 'DXP', rootName: 'DxpNotice' });
    // any root in the DXP namespace, whatever its name
    expect(readCustomsXml('<x:Notice xmlns:x="http://www.chinaport.gov.cn/dxp"><x:A>1</x:A></x:Notice>').kind).toBe('dxpOther');
  });

  it('an unknown root outside the DXP namespace is still refused', () => {
    expect(() => readCustomsXml('<Foo xmlns="urn:x"><A>1</A></Foo>')).toThrow('无法识别的回执报文类型：Foo');
  });
});
