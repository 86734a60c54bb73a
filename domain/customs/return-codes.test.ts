import { describe, expect, it } from 'vitest';
import { returnStatusNames } from '../bill-states.ts';
import {
  errorCodes, explainReceipt, matchReturnInfo, returnCodeEntry, returnInfoPatterns, returnStatusCodes, transportCodes,
} from './return-codes.ts';

describe('the return code dictionary', () => {
  it('names every returnStatus of ceb-messages §5.1 as the state dictionaries do (500 as 查验, per §5.1)', () => {
    const codes = ['1', '2', '3', '4', '100', '120', '300', '399', '500', '501', '502', '503', '505', '599', '600', '700', '800', '899'];
    expect(Object.keys(returnStatusCodes).sort()).toEqual([...codes].sort());
    for (const code of codes) {
      if (code !== '500') expect(returnStatusCodes[code]!.name, code).toBe(returnStatusNames[code]);
    }
  });

  it('lists the error codes §5.3 names, each with meaning, cause and fix', () => {
    for (const code of ['-10101', '-10102', '-301002', '-301009', '-301010', '-301011', '-301014', '-301015', '-621004', '-621005',
      '-621011', '-621012', '-621015', '-621016', '-621018', '-621027', '-621028', '-621029', '-621030', '-623005', '-625009',
      '-625013', '-625014', '-625015', '-625209']) {
      const e = errorCodes[code];
      expect(e, code).toBeDefined();
      expect(e!.meaning && e!.cause && e!.fix, code).toBeTruthy();
    }
    for (const code of ['0001', '0002', '1001', '1002', '1003', '1004', '2001', '2002', '3001', '3002', '3003']) expect(transportCodes[code], code).toBeDefined();
  });

  it('every pattern is a valid, distinct regular expression with a cause and a fix', () => {
    expect(new Set(returnInfoPatterns.map((p) => p.id)).size).toBe(returnInfoPatterns.length);
    for (const p of returnInfoPatterns) {
      expect(() => new RegExp(p.pattern), p.id).not.toThrow();
      expect(p.cause.length > 4 && p.fix.length > 4, p.id).toBe(true);
    }
  });

  it('an unlisted negative code gets its family, an unknown positive one nothing', () => {
    expect(returnCodeEntry('-301099')).toMatchObject({ name: '订单业务校验异常', meaning: '订单业务校验异常（-301099）' });
    expect(returnCodeEntry('-621099')?.name).toBe('清单业务校验异常');
    expect(returnCodeEntry('-42')?.name).toBe('申报异常');
    expect(returnCodeEntry('18')).toBeUndefined();
  });
});

describe('explainReceipt', () => {
  it.each([
    ['-621001', '支付单不存在', 'paymentMissing', /支付交易编号/],
    ['100', '海关退单：订单[YX001]不存在', 'orderMissing', /订单编号/],
    ['-621002', '运单不存在或未入库', 'waybillMissing', /物流运单编号/],
    ['100', '三单比对不通过', 'matchFailed', /逐项核对/],
    ['-301010', '订单编号已存在', 'duplicate', /变更申报/],
    ['100', '重复申报', 'duplicate', /appType=2/],
    ['-621029', '签名验证失败', 'signature', /证书/],
    ['-1', '证书已过期', 'signature', /有效期/],
    ['100', '电商企业未在海关备案或备案信息不一致', 'notFiled', /备案/],
    ['-621018', '订购人年度交易额超过年度限值', 'annualLimit', /一般贸易/],
    ['-621005', '超过单次交易限值5000元', 'singleLimit', /拆分订单/],
    ['-1', '报文格式校验失败：cvc-complex-type.2.4.a', 'format', /元素顺序/],
    ['100', '清单与订单的电商平台代码不一致', 'ebpMismatch', /ebpCode/],
    ['100', '传输企业与报文发送方DXP身份不一致', 'sender', /DXP账号/],
    ['-301002', '表体序号重复', 'lineNumber', /gnum|序号/],
  ])('%s %s → %s', (status, info, id, fix) => {
    expect(matchReturnInfo(info)?.id).toBe(id);
    const explained = explainReceipt(status, info);
    const pattern = returnInfoPatterns.find((p) => p.id === id)!;
    expect(explained.cause).toBe(pattern.cause);
    expect(explained.fix).toMatch(fix);
    expect(explained.meaning.length).toBeGreaterThan(2);
  });

  it('explains by the code when the text says nothing known (-301010 style duplicates, limits)', () => {
    expect(explainReceipt('-301010', '')).toEqual({ meaning: '订单重复申报：订单编号已存在', cause: errorCodes['-301010']!.cause, fix: errorCodes['-301010']!.fix });
    expect(explainReceipt('-621005', 'E0001').cause).toMatch(/5000元/);
    expect(explainReceipt('-621018', '').cause).toMatch(/26000元/);
    expect(explainReceipt(-621029).fix).toMatch(/重新加签/);
  });

  it('gives successes a meaning and no diagnosis, whatever their text', () => {
    expect(explainReceipt('2', '新增申报成功[4CDE1CFD]')).toEqual({ meaning: '电子口岸申报中：电子口岸已接收报文，正在向海关转发' });
    expect(explainReceipt('120', '海关入库成功，订单已存在')).toEqual({ meaning: '海关入库：海关已接收并入库，等待与其他单证比对或后续审核' });
    expect(explainReceipt('800', '')).toEqual({ meaning: '放行：海关已放行' });
    expect(explainReceipt('18', 'test')).toEqual({ meaning: '其它状态（18），海关未公布该代码的含义' });
  });

  it('a refusal without a known text keeps the code\'s own cause and fix', () => {
    expect(explainReceipt('100', '商品信息有误')).toEqual({
      meaning: '海关退单：海关审核未通过，单证被退回', cause: returnStatusCodes['100']!.cause, fix: returnStatusCodes['100']!.fix,
    });
    expect(explainReceipt('4', '')).toMatchObject({ cause: returnStatusCodes['4']!.cause });
    expect(explainReceipt('500', '')).toEqual({ meaning: '查验：海关布控查验', fix: returnStatusCodes['500']!.fix });
    expect(explainReceipt('-301099', '未知错误')).toMatchObject({ meaning: '订单业务校验异常（-301099）', fix: /修改单据后重新申报/ });
  });

  it('customs-issued messages: CEB900 is a format failure, tax bills and CEB792 have their own statuses', () => {
    const format = returnInfoPatterns.find((p) => p.id === 'format')!;
    expect(explainReceipt('-1', 'E900', 'CEB900Message')).toMatchObject({ cause: format.cause, fix: format.fix });
    expect(explainReceipt('-1', '签名验证失败', 'CEB900')).toMatchObject({ cause: returnInfoPatterns.find((p) => p.id === 'signature')!.cause });
    expect(explainReceipt('1', '', 'CEB816')).toEqual({ meaning: '电子税单已生成' });
    expect(explainReceipt('2', '', 'CEB818Message')).toEqual({ meaning: '电子税单已汇总缴款' });
    expect(explainReceipt('A', '', 'CEB792')).toEqual({ meaning: '报关单状态（A），具体含义由海关确定' });
  });
});
