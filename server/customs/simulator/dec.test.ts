// @vitest-environment node
// The embedded customs' 报关单 (dec.ts): what it answers a DecMessage with, in its own terms, and
// that what it writes is what the console's reader takes (import response, DEC_DATA).
import { describe, expect, it } from 'vitest';
import { readReceiptXml } from '../receipts/read.ts';
import { decDocType, decReplyXml } from './dec.ts';
import { findCustomsDocType, judge, receiptsOf } from './rules.ts';

const head: Record<string, string> = {
  ClientSeqNo: 'DEC2603200001', AgentCode: '3302961A2B', AgentName: '宁波跨境优选', CustomMaster: '3105', TradeCode: '3302961A2B', TradeName: '宁波跨境优选',
  TradeMode: '9610', TradeCountry: '502', DistinatePort: '502', PackNo: '3', GrossWet: '12.5', NetWt: '11', TrafMode: '5', WrapType: '22', TradeCurr: '142',
};
const line = (extra: Record<string, string> = {}) => ({
  GNo: '1', CodeTS: '0902109000', GName: '白茶', GModel: '礼盒', GQty: '5', DeclPrice: '168', DeclTotal: '840', OriginCountry: '142', GUnit: '140', ...extra,
});
const ctx = { rejectRate: 0, random: () => 0.5 };

describe('the simulated 报关单', () => {
  it('is the rule for DEC', () => {
    expect(findCustomsDocType('DEC')).toBe(decDocType);
  });

  it('takes a good one: import response with the 统一编号, then 7, L with the 报关单号, P', () => {
    const verdict = judge(decDocType, { head, lines: [line()] }, ctx);
    expect(verdict).toEqual({ kind: 'accepted' });
    expect(receiptsOf(decDocType, verdict, head)).toEqual([
      { returnStatus: 'import:0', returnInfo: '', issues: ['seqNo'] },
      { returnStatus: '7', returnInfo: '{seqNo}直接申报成功', issues: [] },
      { returnStatus: 'L', returnInfo: '入库成功！', issues: ['entryId'] },
      { returnStatus: 'P', returnInfo: '报关单已放行', issues: [] },
    ]);
  });

  it('refuses with CHANNEL E and a clear reason: a blank element, a total that is not quantity × price, a code outside the tables', () => {
    const refusal = (h: Record<string, string>, l = line()) => receiptsOf(decDocType, judge(decDocType, { head: h, lines: [l] }, ctx), h).at(-1);
    expect(refusal({ ...head, TradeMode: '' })).toEqual({ returnStatus: 'E', returnInfo: '海关退单：监管方式[TradeMode]不能为空', issues: [] });
    expect(refusal(head, line({ CodeTS: '' }))?.returnInfo).toBe('海关退单：第1项商品：商品编号[CodeTS]不能为空');
    expect(refusal(head, line({ DeclTotal: '800' }))?.returnInfo).toBe('海关退单：第1项商品的总价（800）与成交数量×单价（840）不一致');
    expect(refusal({ ...head, NetWt: '13' })?.returnInfo).toBe('海关退单：净重（千克）（13）不能大于毛重（千克）（12.5）');
    expect(refusal(head, line({ OriginCountry: '998' }))?.returnInfo).toBe('海关退单：第1项商品的原产国（地区）（998）不在海关参数代码表中');
    // the 单一窗口 took it first: the refusal comes after the import response and 7
    expect(receiptsOf(decDocType, { kind: 'rejected', reason: 'x' }, head).map((r) => r.returnStatus)).toEqual(['import:0', '7', 'E']);
  });

  it('refuses the import of a ClientSeqNo it holds without its SeqNo, and a SeqNo it does not hold', () => {
    const held = { ...ctx, held: { status: 'E' } };
    expect(judge(decDocType, { head, lines: [line()] }, held)).toMatchObject({ kind: 'negative', status: 'import:1' });
    // with the 统一编号 it is the change of a refused declaration: taken
    expect(judge(decDocType, { head: { ...head, SeqNo: 'E20260000000000042' }, lines: [line()] }, held)).toEqual({ kind: 'accepted' });
    expect(judge(decDocType, { head: { ...head, SeqNo: 'E20260000000000042' }, lines: [line()] }, ctx)).toMatchObject({ kind: 'negative', status: 'import:1' });
  });

  it('applies SIMULATOR_REJECT_RATE', () => {
    expect(judge(decDocType, { head, lines: [line()] }, { rejectRate: 1, random: () => 0 })).toMatchObject({ kind: 'rejected' });
  });

  it('writes answers the console reads back', () => {
    const fields = { ClientSeqNo: 'DEC2603200001', CustomMaster: '3105', seqNo: 'E20260000000000042', entryId: '310520260000000042' };
    const taken = readReceiptXml(decReplyXml('import:0', fields, '20260320102436100', ''), new Date()).returns[0]!;
    expect(taken).toMatchObject({ returnStatus: '2', fields: { copNo: 'DEC2603200001', seqNo: 'E20260000000000042' } });
    const refused = readReceiptXml(decReplyXml('import:1', fields, '20260320102436100', '不能重复导入')).returns[0]!;
    expect(refused).toMatchObject({ returnStatus: '-1', returnInfo: '不能重复导入', fields: { copNo: 'DEC2603200001' } });
    expect(refused.fields.seqNo).toBeUndefined();
    const declared = readReceiptXml(decReplyXml('7', { ...fields, entryId: '' }, '20260320102436200', '{seqNo}直接申报成功')).returns[0]!;
    expect(declared).toEqual({
      guid: '', fields: { seqNo: 'E20260000000000042', channel: '7', customMaster: '3105' },
      returnStatus: '3', returnTime: '20260320102436200', returnInfo: 'E20260000000000042直接申报成功',
    });
    expect(readReceiptXml(decReplyXml('L', fields, '20260320102436300', '入库成功！')).returns[0]).toMatchObject({ returnStatus: '120', fields: { entryId: '310520260000000042' } });
  });
});
