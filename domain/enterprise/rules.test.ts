import { describe, expect, it } from 'vitest';
import { completeEnterprise } from './example.ts';
import { subAccountLoginName, subAccountPasswordProblem } from './account-rules.ts';
import { checkEnterprise, enterpriseFieldProblem, flagOf, normalizeEnterprise, numberOf } from './rules.ts';
import { fieldByName } from './fields.ts';
import { registrationPasswordProblem } from './registration.ts';

const full = { ...completeEnterprise, companyName: '宁波测试有限公司', customsRegistCode: '3302960001' };

describe('enterprise rules', () => {
  it('passes a complete record, and asks for the read-only fields too (请填写公司名称, 请填写海关注册编码)', () => {
    expect(checkEnterprise(full)).toEqual({ message: null, errors: [] });
    const check = checkEnterprise({ ...full, companyName: '', customsRegistCode: null });
    expect(check.message).toBe('请完善必填信息');
    expect(check.errors).toEqual([{ field: 'companyName', message: '请填写公司名称' }, { field: 'customsRegistCode', message: '请填写海关注册编码' }]);
  });

  it('checks the form before the company type (§5 order)', () => {
    expect(checkEnterprise({ ...full, ebcCompany: false, email: '' }).message).toBe('请完善必填信息');
    expect(checkEnterprise({ ...full, ebcCompany: false })).toEqual({ message: '请选择跨境贸易电子商务类型', errors: [{ field: 'companyType', message: '请选择跨境贸易电子商务类型' }] });
    expect(checkEnterprise({ ...full, bizExport: false, bizImport: '0' }).errors).toEqual([{ field: 'businessScope', message: '请选择业务范围' }]);
  });

  it('coerces numbers and flags, trims text, empties to null', () => {
    const n = normalizeEnterprise({ ...full, registeredCapital: ' 12.5 ', inPlaceFunds: '', ebcCompany: 'Y', logisticsCompany: 1, fax: '  ', legalPerson: ' 张伟 ' });
    expect(n).toMatchObject({ registeredCapital: 12.5, inPlaceFunds: null, ebcCompany: true, logisticsCompany: true, fax: null, legalPerson: '张伟' });
    expect(numberOf('1e3')).toBeNaN();
    expect(flagOf('false')).toBe(false);
    const capital = fieldByName.get('registeredCapital')!;
    expect(enterpriseFieldProblem(capital, '12.34567')).toBe('注册资本(万元)最多14位整数、4位小数');
    expect(enterpriseFieldProblem(capital, '12.3456')).toBeUndefined();
    expect(enterpriseFieldProblem(fieldByName.get('bizRegistDate')!, '2023-02-30')).toBe('工商注册日期格式不正确');
    // lengths are characters, not bytes: 30 Chinese characters fit a 30-character field
    expect(enterpriseFieldProblem(fieldByName.get('legalPersonIdNumber')!, '证'.repeat(30))).toBeUndefined();
  });

  it('takes an optional 报文传输编号 of the DXP form (DXP, three letters, ten digits)', () => {
    const dxp = fieldByName.get('dxpId')!;
    expect(dxp).toMatchObject({ label: '报文传输编号(DXPID)', section: 'filing' });
    expect(checkEnterprise({ ...full, dxpId: '' }).message).toBeNull();
    for (const ok of ['DXPENT0000458763', 'DXPLGS0000000001']) expect(enterpriseFieldProblem(dxp, ok)).toBeUndefined();
    for (const bad of ['dxpent0000458763', 'DXPENT000045876', 'ENT0000458763ABC', 'DXP-NT0000458763']) {
      expect(enterpriseFieldProblem(dxp, bad)).toBe('报文传输编号(DXPID)应为DXP开头的16位编号，如 DXPENT0000458763');
    }
    expect(enterpriseFieldProblem(dxp, 'DXPENT00004587631')).toBe('报文传输编号(DXPID)长度不能超过16个字符');
  });
});

describe('password rules of registration and sub-accounts', () => {
  it.each([['abc123', undefined], ['abc!@#', undefined], ['123456', '密码格式不正确,密码由6-20位数字、字母、符号至少两种组成'], ['ab1', '密码格式不正确,密码由6-20位数字、字母、符号至少两种组成'], ['abc 123', '密码格式不正确,密码由6-20位数字、字母、符号至少两种组成']])('registration %s', (pw, problem) => {
    expect(registrationPasswordProblem(pw)).toBe(problem);
  });
  it.each([['a12345', undefined], ['abc1234567', undefined], ['1abcde', '密码由6-30位，需同时包含英文字母、数字，字母开头'], ['abcdef', '密码由6-30位，需同时包含英文字母、数字，字母开头'], ['ab_123', '密码由6-30位，需同时包含英文字母、数字，字母开头']])('sub-account %s', (pw, problem) => {
    expect(subAccountPasswordProblem(pw)).toBe(problem);
  });
  it('names a sub-account name@parent', () => { expect(subAccountLoginName(' clerk ', 'admin')).toBe('clerk@admin'); });
});
