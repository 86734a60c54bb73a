// @vitest-environment node
// The 报关单 as a 单一窗口 DecMessage (definition.message.dec): one 报关单 with two goods lines, checked
// element by element against what the definition says — the root's namespace and Version, DecHead in
// the definition's order with its PascalCase names, DecLists/DecList, DecSign last with OperType C
// and the ClientSeqNo — and values it cannot write refused with the field's label.
import { beforeAll, describe, expect, it } from 'vitest';
import { exportDeclarationForm } from '../../../domain/bills/export-declaration-form.ts';
import { BizError } from '../../http/errors.ts';
import { buildDeclaration } from '../declaration.ts';
import { initCustomsSchemas } from '../schemas.ts';
import { readXml, type XmlNodeData } from './read.ts';

beforeAll(async () => { await initCustomsSchemas(); });

const head = {
  copNo: 'DEC2603200001', declTrnRel: '0', agentCode: '3302961A2B', agentName: '宁波跨境优选供应链管理有限公司', customMaster: '3105', contrNo: 'HT20260320',
  tradeCode: '3302961A2B', tradeName: '宁波跨境优选供应链管理有限公司', ownerName: '宁波跨境优选供应链管理有限公司', tradeMode: '9610', tradeCountry: '502',
  distinatePort: '502', ieFlag: 'E', packNo: 12, grossWet: 21.6, netWt: 18, insurCurr: '142', insurMark: '3', trafMode: '5', wrapType: '22',
  tradeAreaCode: '502', entryType: 'M', ieDate: '2026-03-20', origBoxFlag: '0', specDeclFlag: '0100001', notes: '样品 <A&B>',
  // read-only numbers the bill has not got yet: left out
  seqNo: null, entryId: null,
};
const lines = [
  { gno: 1, gname: '白茶', codeTs: '0902109000', gmodel: '宁波白茶礼盒/250克', exgNo: 'NB-TEA-001', barCode: '6901234567892', destinationCountry: '502', tradeCurr: '142',
    gqty: 5, gunit: '140', firstQty: 1.25, firstUnit: '035', declPrice: 168, declTotal: 840, originCountry: '142' },
  // no gno: numbered after its place
  { gname: '真丝围巾', codeTs: '6214100000', gmodel: '真丝/180×60cm', exgNo: 'NB-SILK-012', tradeCurr: '142', gqty: 3, gunit: '015', firstQty: 3, firstUnit: '015',
    declPrice: 239, declTotal: 717, originCountry: '142', dutyMode: '1' },
];

/** The element children of a node as [name, text] pairs, in document order. */
const pairs = (node: XmlNodeData) => Object.entries(node).filter(([k]) => !k.startsWith('@')).map(([k, v]) => [k, typeof v === 'string' ? v : v]);

describe('the 报关单 DecMessage', () => {
  const declaration = buildDeclaration(exportDeclarationForm, head, lines, { appStatus: '2' });

  it('is one DecMessage in the dec namespace, Version 3.1, of type DEC', () => {
    expect(declaration.messageType).toBe('DEC');
    expect(declaration.parts).toHaveLength(1);
    expect(declaration.xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<DecMessage xmlns="http:\/\/www.chinaport.gov.cn\/dec" Version="3.1">\n {2}<DecHead>/);
    // no CEB guid, no appStatus, no signature of the console's (the client signs DecSign)
    expect(declaration.xml).not.toMatch(/guid|appStatus|Signature|ceb:/);
    const { rootName, root } = readXml(declaration.xml);
    expect(rootName).toBe('DecMessage');
    expect(Object.keys(root).filter((k) => !k.startsWith('@'))).toEqual(['DecHead', 'DecLists', 'DecSign']);
  });

  it('writes DecHead in the definition\'s order, PascalCase, empty fields left out', () => {
    const { root } = readXml(declaration.xml);
    expect(pairs(root.DecHead as XmlNodeData)).toEqual([
      ['DeclTrnRel', '0'], ['AgentCode', '3302961A2B'], ['AgentName', '宁波跨境优选供应链管理有限公司'], ['CustomMaster', '3105'], ['ContrNo', 'HT20260320'],
      ['TradeCode', '3302961A2B'], ['TradeName', '宁波跨境优选供应链管理有限公司'], ['OwnerName', '宁波跨境优选供应链管理有限公司'], ['TradeMode', '9610'],
      ['TradeCountry', '502'], ['DistinatePort', '502'], ['IEFlag', 'E'], ['PackNo', '12'], ['GrossWet', '21.6'], ['NetWt', '18'], ['InsurCurr', '142'],
      ['InsurMark', '3'], ['TrafMode', '5'], ['WrapType', '22'], ['TradeAreaCode', '502'], ['EntryType', 'M'], ['IEDate', '20260320'], ['OrigBoxFlag', '0'],
      ['SpecDeclFlag', '0100001'], ['NoteS', '样品 <A&B>'],
    ]);
    expect(declaration.xml).toContain('<NoteS>样品 &lt;A&amp;B&gt;</NoteS>');
  });

  it('writes two DecList lines in DecLists, numbered, the bar code kept at home', () => {
    const { root } = readXml(declaration.xml);
    const list = (root.DecLists as XmlNodeData).DecList as XmlNodeData[];
    expect(list).toHaveLength(2);
    expect(pairs(list[0]!)).toEqual([
      ['GNo', '1'], ['GName', '白茶'], ['CodeTS', '0902109000'], ['GModel', '宁波白茶礼盒/250克'], ['ExgNo', 'NB-TEA-001'], ['DestinationCountry', '502'],
      ['TradeCurr', '142'], ['GQty', '5'], ['GUnit', '140'], ['FirstQty', '1.25'], ['FirstUnit', '035'], ['DeclPrice', '168'], ['DeclTotal', '840'],
      ['OriginCountry', '142'],
    ]);
    expect(pairs(list[1]!)).toEqual([
      ['GNo', '2'], ['GName', '真丝围巾'], ['CodeTS', '6214100000'], ['GModel', '真丝/180×60cm'], ['ExgNo', 'NB-SILK-012'], ['TradeCurr', '142'], ['GQty', '3'],
      ['GUnit', '015'], ['FirstQty', '3'], ['FirstUnit', '015'], ['DeclPrice', '239'], ['DeclTotal', '717'], ['OriginCountry', '142'], ['DutyMode', '1'],
    ]);
    expect(declaration.xml).not.toContain('6901234567892');
  });

  it('closes with DecSign: OperType C, then the 企业内部编号 as ClientSeqNo', () => {
    const { root } = readXml(declaration.xml);
    expect(pairs(root.DecSign as XmlNodeData)).toEqual([['OperType', 'C'], ['ClientSeqNo', 'DEC2603200001']]);
  });

  it('carries the 统一编号 and 报关单号 once customs issued them (a declaration again after 退单)', () => {
    const again = buildDeclaration(exportDeclarationForm, { ...head, seqNo: 'E20260000000000042' }, lines, { appStatus: '2' });
    const { root } = readXml(again.xml);
    expect(pairs(root.DecHead as XmlNodeData).slice(0, 2)).toEqual([['SeqNo', 'E20260000000000042'], ['DeclTrnRel', '0']]);
  });

  it('refuses a value it cannot write, naming the field, with no schema to lean on', () => {
    const bad = () => buildDeclaration(exportDeclarationForm, { ...head, contrNo: 'HT\u0007' }, [{ ...lines[0]!, declTotal: 'abc' }], { appStatus: '2' });
    expect(bad).toThrow(BizError);
    try {
      bad();
    } catch (e) {
      expect((e as BizError).data).toEqual({
        errors: [{ field: 'contrNo', message: '合同协议号含有不能写入报文的字符' }, { field: 'lines.0.declTotal', message: '第1行：总价必须是数字' }],
      });
    }
  });
});
