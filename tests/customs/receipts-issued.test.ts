/**
 * Customs-issued messages that are not simple returns, read into typed records: the official
 * CEB792 sample (gnum where the XSD says gseqno) and hand-written CEB816/818/900 files (no official
 * sample; the test first proves them valid for the import schema).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readCustomsXml } from '../../server/customs/receipts/file.ts';
import { formatFailureOf, summaryResultOf, taxBillOf, taxStatusOf, type IssuedFile } from '../../server/customs/receipts/issued.ts';
import { issuedKeyOf } from '../../server/customs/receipts/ingest.ts';
import { initCustomsSchemas, validateCebXml } from '../../server/customs/schemas.ts';
import { sampleBytes } from './samples/samples.ts';

const issued = (input: string | Uint8Array): IssuedFile => {
  const file = readCustomsXml(input);
  if (file.kind !== 'issued') throw new Error(`not a customs-issued message: ${file.messageType}`);
  return file.issued;
};

describe('CEB792 汇总结果单 (official sample)', () => {
  const file = issued(sampleBytes('CEB792Message.xml'));

  it('reads head and lines', () => {
    expect(file.type.type).toBe('CEB792');
    expect(file.guid).toBe('311af125-6fed-4603-8c5d-49b1fa4b4b9b');
    expect(file.items).toHaveLength(10);
    const result = summaryResultOf(file.items[0]!);
    expect(result.head).toEqual({
      guid: '123ENT97-2B80-4568-AECF-CB6C90530012', customsCode: '1501', sumNo: 'S20180507000000001', opDate: '20180508101112012',
      declSeqNo: 'S20180508000000001', decState: 'A', agentCode: '1105910159', agentName: '东方物通科技(北京)有限公司',
      ebcCode: '1105910159', ebcName: '东方物通科技(北京)有限公司', declAgentCode: '1105910159', declAgentName: '东方物通科技(北京)有限公司',
      grossWeight: '12345678912345.12345', netWeight: '12345678912345.12345', msgCount: '1', msgSeqNo: '1',
    });
    // gnum where the XSD says gseqno: read, gseqno absent
    expect(result.lines).toEqual([
      { invtNo: 'Invt20180507000001', logisticsNo: 'L2018050700001', gnum: '1', gcode: '8541401000' },
      { invtNo: 'Invt20180507000001', logisticsNo: 'L2018050700001', gnum: '2', gcode: '8541401001' },
    ]);
    expect(file.items[0]).toMatchObject({ status: 'A', time: '20180508101112012', info: '' });
  });

  it('ten identical results are one stored result', () => {
    expect(new Set(file.items.map((i) => issuedKeyOf(file.type, i))).size).toBe(1);
  });
});

describe('hand-written customs-issued files', () => {
  beforeAll(async () => { await initCustomsSchemas(); });

  it.each(['CEB816Message.xml', 'CEB818Message.xml', 'CEB900Message.xml'])('%s is valid for the import schema', (name) => {
    expect(validateCebXml('import', sampleBytes(`handwritten/${name}`).toString('utf8'))).toEqual([]);
  });

  it('CEB816 电子税单: two tax bills, heads and lines', () => {
    const file = issued(sampleBytes('handwritten/CEB816Message.xml'));
    expect(file.type.type).toBe('CEB816');
    expect(file.items).toHaveLength(2);
    const [first, second] = file.items.map(taxBillOf);
    expect(first!.head).toEqual({
      guid: '0C5E8F31-2A6B-4D7C-9E10-3F4A5B6C7D81', returnTime: '20260318150102123', invtNo: '31012026I000012345', taxNo: '31012026I00001234501',
      customsTax: '0', valueAddedTax: '23.66', consumptionTax: '0', status: '1',
      assureCode: '3302961A2B', ebcCode: '3302961A2B', logisticsCode: '3302980017', agentCode: '3302961A2B', customsCode: '3101',
    });
    expect(first!.lines).toEqual([{ gnum: '1', gcode: '2106909090', taxPrice: '260', customsTax: '0', valueAddedTax: '23.66', consumptionTax: '0' }]);
    expect(second!.head).toMatchObject({ invtNo: '31012026I000012346', valueAddedTax: '58.96', consumptionTax: '49.41', note: '化妆品消费税按法定应纳税额70%征收' });
    expect(second!.lines.map((l) => [l.gnum, l.valueAddedTax, l.consumptionTax])).toEqual([['1', '42.82', '49.41'], ['2', '16.14', '0']]);
    // the head totals are the sums of the lines
    const sum = (key: 'valueAddedTax' | 'consumptionTax') => second!.lines.reduce((s, l) => s + Number(l[key]) * 100, 0) / 100;
    expect([sum('valueAddedTax'), sum('consumptionTax')]).toEqual([Number(second!.head.valueAddedTax), Number(second!.head.consumptionTax)]);
    expect(file.items.map((i) => [i.status, i.time, i.info])).toEqual([['1', '20260318150102123', ''], ['1', '20260318150102456', '化妆品消费税按法定应纳税额70%征收']]);
  });

  it('CEB818 电子税单状态', () => {
    const file = issued(sampleBytes('handwritten/CEB818Message.xml'));
    expect(file.type.type).toBe('CEB818');
    expect(file.items.map(taxStatusOf)).toEqual([{
      guid: '9B8A7C6D-5E4F-4321-8ABC-DEF012345678', returnTime: '20260402093015001', invtNo: '31012026I000012345',
      taxNo: '31012026I00001234501', status: '2', entDutyNo: '310120260402000123', assureCode: '3302961A2B',
    }]);
  });

  it('CEB900 报文格式校验回执, the original message out of its CDATA', () => {
    const file = issued(sampleBytes('handwritten/CEB900Message.xml'));
    expect(file.type.type).toBe('CEB900');
    const failure = formatFailureOf(file.items[0]!);
    expect(failure).toMatchObject({
      guid: 'C4D5E6F7-0812-4A3B-9C4D-5E6F70819203', returnStatus: '-1', returnTime: '20260318102440123',
      oriCopMsgId: '3F2A1B0C-9D8E-4F7A-B6C5-D4E3F2A1B0C9', oriMessageType: 'CEB311Message',
    });
    expect(failure.returnInfo).toMatch(/^报文格式校验失败：cvc-complex-type\.2\.4\.a: Invalid content was found starting with element 'ceb:OrderList'/);
    expect(failure.oriBizMessage).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?><ceb:CEB311Message guid="3F2A1B0C/);
    expect(file.items[0]).toMatchObject({ status: '-1', info: failure.returnInfo });
  });

  it('CEB900 with the empty fields the XSD allows', () => {
    const xml = `<CEB900Message guid="C4D5E6F7-0812-4A3B-9C4D-5E6F70819203" version="1.0"><MessageReturn><guid>C4D5E6F7-0812-4A3B-9C4D-5E6F70819203</guid>
      <returnStatus>-2</returnStatus><returnInfo/><returnTime>20260318102440123</returnTime><oriCopMsgId></oriCopMsgId><oriMessageType>Unknown</oriMessageType><oriBizMessage/></MessageReturn></CEB900Message>`;
    expect(formatFailureOf(issued(xml).items[0]!)).toEqual({
      guid: 'C4D5E6F7-0812-4A3B-9C4D-5E6F70819203', returnStatus: '-2', returnInfo: '', returnTime: '20260318102440123', oriCopMsgId: '', oriMessageType: 'Unknown',
    });
  });

  it('refuses a customs-issued file lacking a mandatory field or with too many elements, saying which', () => {
    const tax = sampleBytes('handwritten/CEB816Message.xml').toString('utf8');
    expect(() => readCustomsXml(tax.replace('<ceb:taxNo>31012026I00001234601</ceb:taxNo>', ''))).toThrow('第2条电子税单缺少 taxNo');
    expect(() => readCustomsXml(tax.replace(/<ceb:gcode>3304990099<\/ceb:gcode>/, ''))).toThrow('第2条电子税单缺少 gcode');
    expect(() => readCustomsXml(tax.replace('20260318150102123', 'soon'))).toThrow('第1条电子税单的时间格式不正确：soon');
    const one = /<ceb:Tax>[\s\S]*?<\/ceb:Tax>/.exec(tax)![0];
    expect(() => readCustomsXml(tax.replace(one, one.repeat(100)))).toThrow('回执报文包含101条回执，最多100条');
    expect(() => readCustomsXml('<CEB818Message guid="1" version="1.0"></CEB818Message>')).toThrow('回执报文中没有 Tax 数据');
    expect(() => readCustomsXml('<CEB818Message guid="1" version="1.0"><Tax/></CEB818Message>')).toThrow('第1条电子税单状态缺少 TaxHeadStatus');
  });
});
