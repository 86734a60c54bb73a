import { describe, expect, it } from 'vitest';
import { UPLOAD_NAME_MAX, uploadDisplayName } from './upload-names.ts';

describe('uploadDisplayName', () => {
  it('keeps the names people\'s computers give, spaces, brackets and Chinese included', () => {
    for (const name of ['入库明细单数据模板 (1).xlsx', 'wh-filled.xlsx', '订单（1）.xlsx', 'a.b.xlsx', 'Ünïcødé ñame [v2] #3 & co.xlsx', '100% 完成?.xlsx']) {
      expect(uploadDisplayName(name)).toBe(name);
    }
  });

  it('drops directory parts, makes control characters visible as _, and trims', () => {
    expect(uploadDisplayName('../../etc/passwd.xlsx')).toBe('passwd.xlsx');
    expect(uploadDisplayName('C:\\Users\\张三\\Desktop\\运单 1.xlsx')).toBe('运单 1.xlsx');
    expect(uploadDisplayName('a\u0000b.xlsx')).toBe('a_b.xlsx');
    expect(uploadDisplayName('line\r\nbreak.xlsx')).toBe('line__break.xlsx');
    expect(uploadDisplayName('invoice\u202Excod.xlsx')).toBe('invoice_xcod.xlsx');
    expect(uploadDisplayName('  spaced.xlsx  ')).toBe('spaced.xlsx');
    expect(uploadDisplayName('lone\uD800.xlsx')).toBe('lone\uFFFD.xlsx');
    expect(uploadDisplayName('pair\uD83D\uDE00.xlsx')).toBe('pair\uD83D\uDE00.xlsx');
    expect(uploadDisplayName('../')).toBe('');
  });

  it('shortens a name over the limit in the middle, keeping the extension', () => {
    const long = uploadDisplayName(`${'订'.repeat(300)}.xlsx`);
    expect([...long]).toHaveLength(UPLOAD_NAME_MAX);
    expect(long.endsWith('订….xlsx')).toBe(true);
    expect(uploadDisplayName(`${'订'.repeat(195)}.xlsx`)).toBe(`${'订'.repeat(195)}.xlsx`);
  });
});
