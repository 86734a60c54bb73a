/**
 * The DXP terminal-node envelope: DxpMsg around a signed CEB message, valid for the official
 * dxp-terminal.xsd (libxml2-wasm and Debian's xmllint), the payload's bytes intact, TransInfo as
 * ceb-messages §7 describes it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { buildDeclaration } from '../../server/customs/declaration.ts';
import { CUSTOMS_DXP_IDS, DXP_NS, dxpFileName, wrapDxp } from '../../server/customs/dxp/wrap.ts';
import { initCustomsSchemas, validateDxpXml } from '../../server/customs/schemas.ts';
import { createSoftwareSigner } from '../../server/customs/sign/software.ts';
import { verifySignature } from '../../server/customs/sign/verify.ts';
import { demoCompany, exportOrderBill, fixedGuids } from './fixtures.ts';

await initCustomsSchemas();
const xsdDir = fileURLToPath(new URL('../../server/customs/xsd/', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'cbec-dxp-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function xmllint(xml: string, schema: string): { ok: boolean; output: string } {
  const file = join(tmp, `dxp-${Math.random().toString(36).slice(2)}.xml`);
  writeFileSync(file, xml);
  const r = spawnSync('xmllint', ['--noout', '--schema', join(xsdDir, schema), file], { encoding: 'utf8' });
  return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
}

const read = (xml: string) => new XMLParser({ ignoreAttributes: false, parseTagValue: false, removeNSPrefix: true }).parse(xml).DxpMsg;

const { head, lines } = exportOrderBill();
const signed = await createSoftwareSigner(join(tmp, 'data'), 'sm2').sign(
  buildDeclaration(exportOrder, head, lines, { appStatus: '2', guid: fixedGuids.order }).xml,
  { schema: 'export' },
);
// 10:24:36 China time
const createTime = new Date('2026-03-18T02:24:36Z');
const wrapped = wrapDxp({ xml: signed, messageType: 'CEB303', copMsgId: fixedGuids.order, senderId: demoCompany.dxpId, mode: 'export', createTime });

describe('wrapDxp', () => {
  it('is a DxpMsg valid for dxp-terminal.xsd (libxml2-wasm and xmllint)', () => {
    expect(validateDxpXml(wrapped)).toEqual([]);
    const lint = xmllint(wrapped, 'dxp-terminal.xsd');
    expect(lint.output).toContain('validates');
    expect(lint.ok).toBe(true);
    expect(wrapped).toContain(`<DxpMsg xmlns="${DXP_NS}" ver="1.0">`);
  });

  it('carries TransInfo for export: CopMsgId = guid, SenderId = dxpId, ReceiverId DXPEDCCEB0000003, China time, MsgType = root name', () => {
    const msg = read(wrapped);
    expect(msg.TransInfo).toEqual({
      CopMsgId: fixedGuids.order,
      SenderId: 'DXPENT0000458763',
      ReceiverIds: { ReceiverId: 'DXPEDCCEB0000003' },
      CreatTime: '2026-03-18T10:24:36',
      MsgType: 'CEB303Message',
    });
    expect(msg.AddInfo).toEqual({ FileName: `CEB303Message_${fixedGuids.order}.xml` });
  });

  it('import messages go to DXPEDCCEB0000002', () => {
    const xml = wrapDxp({ xml: signed, messageType: 'CEB311Message', copMsgId: 'X-1', senderId: demoCompany.dxpId, mode: 'import', createTime });
    const msg = read(xml);
    expect(msg.TransInfo.ReceiverIds.ReceiverId).toBe(CUSTOMS_DXP_IDS.import);
    expect(msg.TransInfo.ReceiverIds.ReceiverId).toBe('DXPEDCCEB0000002');
    expect(msg.TransInfo.MsgType).toBe('CEB311Message');
    expect(msg.AddInfo.FileName).toBe('CEB311Message_X-1.xml');
    expect(validateDxpXml(xml)).toEqual([]);
  });

  it('Data is base64 of exactly the signed document\'s UTF-8 bytes, whose signature still verifies', () => {
    const data = read(wrapped).Data as string;
    const bytes = Buffer.from(data.replace(/\s+/g, ''), 'base64');
    expect(bytes.equals(Buffer.from(signed, 'utf8'))).toBe(true);
    expect(verifySignature(bytes.toString('utf8')).ok).toBe(true);
    expect(bytes.toString('utf8')).toContain('宁波跨境优选供应链管理有限公司');
  });

  it('takes a given file name, and refuses a company without a DXP id', () => {
    const xml = wrapDxp({ xml: signed, messageType: 'CEB303', copMsgId: fixedGuids.order, senderId: demoCompany.dxpId, mode: 'export', createTime, fileName: 'given.xml' });
    expect(read(xml).AddInfo.FileName).toBe('given.xml');
    expect(dxpFileName('CEB303', 'G')).toBe('CEB303Message_G.xml');
    expect(() => wrapDxp({ xml: signed, messageType: 'CEB303', copMsgId: 'G', senderId: ' ', mode: 'export', createTime })).toThrow('报文传输编号');
  });

  it('the schema catches what the platform would refuse (a sender id over 16 characters)', () => {
    const xml = wrapDxp({ xml: signed, messageType: 'CEB303', copMsgId: 'G', senderId: 'DXPENT00004587631', mode: 'export', createTime });
    const problems = validateDxpXml(xml);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toContain('SenderId');
    expect(xmllint(xml, 'dxp-terminal.xsd').ok).toBe(false);
  });

  it('the transport-node schema (which includes the terminal one) takes a DxpMsgSv around the DxpMsg; the terminal one does not', () => {
    expect(validateDxpXml(wrapped, 'transport')).toEqual([]);
    const sv = wrapped.replace(/<\?xml[^>]*>\s*/, '').replace(`<DxpMsg xmlns="${DXP_NS}" ver="1.0">`, `<DxpMsg ver="1.0">`);
    const envelope = `<?xml version="1.0" encoding="UTF-8"?>
<DxpMsgSv xmlns="${DXP_NS}" ver="1.0"><SvNo Ver="1.0"><MsgId>00000002202603181024360000000001</MsgId><SendTime>2026-03-18T10:24:36</SendTime><EndNode>46000002</EndNode><StaNode>00000002</StaNode></SvNo>${sv}</DxpMsgSv>`;
    expect(validateDxpXml(envelope, 'transport')).toEqual([]);
    expect(validateDxpXml(envelope, 'terminal')).not.toEqual([]);
    expect(validateDxpXml(envelope.replace(/<SvNo[\s\S]*<\/SvNo>/, ''), 'transport')).not.toEqual([]);
  });
});
