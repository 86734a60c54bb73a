// @vitest-environment node
// The simulated customs' CEB792 汇总结果单: valid against the export schema, read back by the receipt
// pipeline's reader as the same result, one row per goods line with the declaration item it merges
// into, weights summed exactly, and split into numbered parts past the row limit.
import { beforeAll, describe, expect, it } from 'vitest';
import { readCustomsXml } from '../receipts/file.ts';
import { summaryResultOf } from '../receipts/issued.ts';
import { initCustomsSchemas, validateCebXml } from '../schemas.ts';
import { declSeqNoOf, summaryResultFiles, summaryRows, type SummarisedInventory } from './summary-result.ts';

beforeAll(async () => { await initCustomsSchemas(); });

const apply = {
  guid: '6C1D8F3A-5E27-4B90-A4C6-D93E0F2B81A7', appType: '1', customsCode: '3118', copNo: 'HZ20260320000001', sumNo: '311820260000000042',
  agentCode: '3302961A2B', agentName: '宁波跨境优选供应链管理有限公司', ebcCode: '3302961A2B', ebcName: '宁波跨境优选供应链管理有限公司',
  declAgentCode: '3302961A2B', declAgentName: '宁波跨境优选供应链管理有限公司', summaryFlag: '1', itemNameFlag: '0', msgCount: '1', msgSeqNo: '1',
};

const inventory = (invtNo: string, logisticsNo: string, weights: [string, string], ownerCode: string, lines: [string, string, string][]): SummarisedInventory => ({
  head: { invtNo, logisticsNo, grossWeight: weights[0], netWeight: weights[1], ownerCode, agentCode: apply.agentCode, ebcCode: apply.ebcCode },
  lines: lines.map(([gnum, gcode, gname]) => ({ gnum, gcode, gname, itemName: `${gname}（${invtNo.slice(-1)}号店）` })),
});
const tea = inventory('31182026E000001234', 'YT2603181430000123', ['0.85', '0.7'], '3302965C31', [['2', '6214100090', '丝围巾'], ['1', '0902109000', '绿茶']]);
const silk = inventory('31182026E000001235', 'YT2603181430000124', ['1.1', '0.95001'], '3302965D42', [['1', '0902109000', '绿茶']]);
const opDate = '20260320101500123';
const declSeqNo = declSeqNoOf(42, opDate.slice(0, 8));

describe('CEB792 of a concluded summary application', () => {
  it('is valid for the export schema and reads back as the result customs meant', () => {
    const files = summaryResultFiles({ apply, inventories: [tea, silk], declSeqNo, opDate });
    expect(files).toHaveLength(1);
    expect(validateCebXml('export', files[0]!)).toEqual([]);
    const file = readCustomsXml(files[0]!);
    if (file.kind !== 'issued') throw new Error(file.kind);
    expect(file.issued.items).toHaveLength(1);
    const result = summaryResultOf(file.issued.items[0]!);
    expect(declSeqNo).toBe('S20260320000000042');
    expect(result.head).toMatchObject({
      customsCode: '3118', sumNo: '311820260000000042', opDate, declSeqNo, decState: 'A',
      agentCode: '3302961A2B', agentName: '宁波跨境优选供应链管理有限公司', ebcCode: '3302961A2B', ebcName: '宁波跨境优选供应链管理有限公司',
      declAgentCode: '3302961A2B', declAgentName: '宁波跨境优选供应链管理有限公司',
      // 0.85 + 1.1 and 0.7 + 0.95001, exactly
      grossWeight: '1.95', netWeight: '1.65001', msgCount: '1', msgSeqNo: '1',
    });
    expect(result.head.guid).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/);
    // every goods line, in gnum order within its inventory; both teas are one declaration item
    expect(result.lines).toEqual([
      { invtNo: '31182026E000001234', logisticsNo: 'YT2603181430000123', gseqno: '1', gnum: '1', gcode: '0902109000' },
      { invtNo: '31182026E000001234', logisticsNo: 'YT2603181430000123', gseqno: '2', gnum: '2', gcode: '6214100090' },
      { invtNo: '31182026E000001235', logisticsNo: 'YT2603181430000124', gseqno: '1', gnum: '1', gcode: '0902109000' },
    ]);
  });

  it('keeps producers apart under summaryFlag 2 and the enterprise\'s item names apart under itemNameFlag 1', () => {
    const items = (flags: Record<string, string>) => summaryRows({ ...apply, ...flags }, [tea, silk]).map((r) => r.gseqno);
    expect(items({})).toEqual(['1', '2', '1']);
    expect(items({ summaryFlag: '2' })).toEqual(['1', '2', '3']);
    expect(items({ itemNameFlag: '1' })).toEqual(['1', '2', '3']);
  });

  it('falls back to the inventories\' names when the application lacks them, and the agent as the declaring broker', () => {
    const [xml] = summaryResultFiles({ apply: { ...apply, agentName: '', declAgentCode: '', declAgentName: '' }, inventories: [{ ...tea, head: { ...tea.head, agentName: '清单上的申报企业' } }], declSeqNo, opDate });
    expect(validateCebXml('export', xml!)).toEqual([]);
    const file = readCustomsXml(xml!);
    if (file.kind !== 'issued') throw new Error(file.kind);
    expect(summaryResultOf(file.issued.items[0]!).head).toMatchObject({ agentName: '清单上的申报企业', declAgentCode: '3302961A2B', declAgentName: '清单上的申报企业' });
  });

  it('goes out in numbered parts past the row limit, each repeating the head, files holding at most the element limit', () => {
    const many = Array.from({ length: 7 }, (_, i) => inventory(`31182026E00000200${i}`, `YT26032000000${i}`, ['1', '0.5'], '3302965C31', [['1', '0902109000', '绿茶']]));
    const files = summaryResultFiles({ apply, inventories: many, declSeqNo, opDate }, { rowsPerResult: 3, elementsPerFile: 2 });
    expect(files).toHaveLength(2);
    const items = files.flatMap((xml) => {
      expect(validateCebXml('export', xml)).toEqual([]);
      const file = readCustomsXml(xml);
      if (file.kind !== 'issued') throw new Error(file.kind);
      return file.issued.items.map(summaryResultOf);
    });
    expect(items.map((r) => [r.head.msgCount, r.head.msgSeqNo, r.lines.length])).toEqual([['3', '1', 3], ['3', '2', 3], ['3', '3', 1]]);
    expect(new Set(items.map((r) => r.head.guid)).size).toBe(3);
    expect(items.every((r) => r.head.sumNo === apply.sumNo && r.head.declSeqNo === declSeqNo && r.head.grossWeight === '7' && r.head.netWeight === '3.5')).toBe(true);
    expect(items.flatMap((r) => r.lines.map((l) => l.invtNo))).toEqual(many.map((m) => m.head.invtNo));
  });
});
