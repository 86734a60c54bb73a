// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { columns, search } from './lists.ts';
import { agentCodeName, ebcCodeName } from './parties.ts';

describe('list columns and search fields written by name', () => {
  it('gives the first column navigation and sorting, and each column its usual or its own width', () => {
    expect(columns('copNo', 'preNo', ['billNo', 170], { field: 'leaveTime', sortable: true, width: 170 })).toEqual([
      { field: 'copNo', width: 190, navigate: true, sortable: true },
      { field: 'preNo', width: 170 },
      { field: 'billNo', width: 170 },
      { field: 'leaveTime', sortable: true, width: 170 },
    ]);
  });

  it('refuses a column whose field has no usual width instead of showing it at an accidental one', () => {
    expect(() => columns('copNo', 'unheardOf')).toThrow('no usual width for the list column unheardOf');
  });

  it('keeps the search fields in the order written, the whole ones last', () => {
    expect(search({ copNo: 'like', logisticsCode: 'eq' }, { field: 'appTime', termType: 'btw', label: '汇总处理时间' })).toEqual([
      { field: 'copNo', termType: 'like' },
      { field: 'logisticsCode', termType: 'eq' },
      { field: 'appTime', termType: 'btw', label: '汇总处理时间' },
    ]);
  });
});

describe('enterprise code/name pairs', () => {
  it('fills both with the logged-in company only when the bill says the company is that party', () => {
    const [code, name] = agentCodeName({ requiredToDeclare: true, ownCompany: true });
    expect(code).toEqual({ name: 'agentCode', label: '申报企业代码', kind: 'text', maxLength: 18, column: 'agent_code', default: { word: 'company.code' }, requiredToDeclare: true });
    expect(name).toMatchObject({ name: 'agentName', maxLength: 100, default: { word: 'company.name' }, requiredToDeclare: true });
    expect(ebcCodeName({ xml: false }).map((f) => [f.name, f.default, f.xml])).toEqual([['ebcCode', undefined, false], ['ebcName', undefined, false]]);
    expect(ebcCodeName()[0]).not.toHaveProperty('ownCompany');
  });
});
