import { describe, expect, it } from 'vitest';
import { attachmentChanges, changeSummary, fieldChanges, shownValue } from './filing-diff.ts';

const approved = {
  companyName: '宁波甬易跨境电商有限公司', legalPerson: '张三', registeredCapital: 100, ebcCompany: true, logisticsCompany: false,
  customsCode: '3100', customsCodeName: '宁波海关', areaCode: '330203', areaCodeName: '浙江省宁波市海曙区', email: 'a@b.cn',
};

describe('filing changes since the approved version', () => {
  it('finds nothing when only the stored form differs (numeric string, missing flag, spaces)', () => {
    const same = { ...approved, registeredCapital: '100', logisticsCompany: undefined, legalPerson: ' 张三 ' };
    expect(fieldChanges(approved, same)).toEqual([]);
  });

  it('lists changed fields with the values the page shows, in the page order', () => {
    const now = { ...approved, legalPerson: '李四', logisticsCompany: true, customsCode: '2200', customsCodeName: '上海海关', areaCode: '330205', areaCodeName: '浙江省宁波市江北区', email: null };
    expect(fieldChanges(approved, now)).toEqual([
      { field: 'legalPerson', label: '法定代表人', before: '张三', after: '李四' },
      { field: 'email', label: '邮箱', before: 'a@b.cn', after: '' },
      { field: 'areaCode', label: '行政区划', before: '浙江省宁波市海曙区', after: '浙江省宁波市江北区' },
      { field: 'customsCode', label: '注册海关', before: '宁波海关', after: '上海海关' },
      { field: 'logisticsCompany', label: '物流企业', before: '否', after: '是' },
    ]);
  });

  it('a renamed dictionary item is no change; a select without its name shows its code', () => {
    expect(fieldChanges(approved, { ...approved, customsCodeName: '宁波海关(新)' })).toEqual([]);
    expect(shownValue('customsCode', { customsCode: '3100' })).toBe('3100');
  });

  it('attachments are compared by their id: a re-upload of the same name is a removal and an addition', () => {
    const before = [{ id: 1, fileType: '01', fileName: 'a.png', size: 10 }, { id: 2, fileType: '02', fileName: 'b.png', size: 10 }];
    const after = [{ id: 2, fileType: '02', fileName: 'b.png', size: 10 }, { id: 3, fileType: '01', fileName: 'a.png', size: 12 }];
    const files = attachmentChanges(before, after);
    expect(files).toEqual({ added: [after[1]], removed: [before[0]] });
    expect(changeSummary(fieldChanges(approved, { ...approved, legalPerson: '李四' }), files)).toEqual(['法定代表人', '新增附件1个', '已删除附件1个']);
  });
});
