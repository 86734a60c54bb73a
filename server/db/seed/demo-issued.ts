/**
 * The demo's customs-issued documents and platform lists, after the declared bills exist
 * (demo-bill-types.ts): tax bills (CEB816, one moved on by a CEB818) for the released import
 * inventories and a summary result (CEB792) for the concluded summary application — all through
 * the real receipt pipeline, so they fill 税单, 汇总结果单 and 清单总分单明细 as customs' would —
 * plus 运营商口岸 rows and two 报关单 drafts.
 */
import { sql } from 'kysely';
import { billDefinitions, findBill } from '../../../domain/bills/index.ts';
import { billModel } from '../../bills/model.ts';
import { insertHead, insertLine } from '../../bills/repository.ts';
import { newGuid } from '../../customs/declaration.ts';
import { buildIssuedXml } from '../../customs/issued-build.ts';
import { ingestReceiptXml } from '../../customs/receipts/ingest.ts';
import { taxBillXml } from '../../customs/simulator/tax-bill.ts';
import type { Db } from '../database.ts';
import { CARRIER, DEMO } from './demo-bill-types.ts';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
function customsTime(d: Date): string {
  const c = new Date(d.getTime() + 8 * 3600_000);
  return `${c.getUTCFullYear()}${pad(c.getUTCMonth() + 1)}${pad(c.getUTCDate())}${pad(c.getUTCHours())}${pad(c.getUTCMinutes())}${pad(c.getUTCSeconds())}${pad(c.getUTCMilliseconds(), 3)}`;
}

async function released(db: Db, companyId: number, mode: string, key: string) {
  return db.selectFrom('bill_heads').select(['id', 'invt_no', 'data', 'return_time', 'state'])
    .where('company_id', '=', companyId).where('mode', '=', mode).where('bill_key', '=', key).where('invt_no', 'is not', null)
    .where('state', 'in', ['399', '800', '899']).orderBy('id').execute();
}

export async function seedDemoIssued(db: Db, companyId: number, now = new Date()): Promise<void> {
  // 税单: each released import inventory's CEB816, the first one then summarised (CEB818 status 2)
  const inventories = await released(db, companyId, 'import', 'detailedList');
  for (const [i, inv] of inventories.entries()) {
    const lines = await db.selectFrom('bill_lines').select(['gnum', 'data']).where('head_id', '=', inv.id).orderBy('gnum').execute();
    const data = inv.data as Record<string, unknown>;
    const head = { invtNo: inv.invt_no!, assureCode: DEMO.code, ebcCode: DEMO.code, agentCode: DEMO.code, customsCode: DEMO.customs, freight: String(data.freight ?? 0), insuredFee: String(data.insuredFee ?? 0) };
    const goods = lines.map((l) => ({ ...(l.data as Record<string, string>), gnum: String(l.gnum) }));
    const issuedAt = new Date(now.getTime() - (inventories.length - i) * 3 * 3600_000);
    const xml = taxBillXml(head, goods, customsTime(issuedAt));
    if (xml) await ingestReceiptXml(db, xml, { companyId });
    if (i === 0) {
      const status = buildIssuedXml('CEB818', newGuid(), [{ head: { guid: newGuid(), returnTime: customsTime(new Date(issuedAt.getTime() + 3600_000)), invtNo: inv.invt_no!, taxNo: `${inv.invt_no}01`, status: '2', entDutyNo: `JK${inv.invt_no}` } }]);
      await ingestReceiptXml(db, status, { companyId });
    }
  }

  // 汇总结果单: the concluded summary application's result, covering the released export inventories
  const summary = await db.selectFrom('bill_heads').select(['id', 'data', 'pre_no']).where('company_id', '=', companyId)
    .where('mode', '=', 'export').where('bill_key', '=', 'summaryApplicationForm').where('state', '=', '399').orderBy('id').executeTakeFirst();
  const exported = await released(db, companyId, 'export', 'detailedList');
  const sumNo = (summary?.data as Record<string, unknown> | undefined)?.sumNo;
  if (summary && typeof sumNo === 'string' && exported.length > 0) {
    const resultLines: Record<string, string>[] = [];
    let seq = 1;
    for (const inv of exported) {
      const lines = await db.selectFrom('bill_lines').select(['gnum', 'data']).where('head_id', '=', inv.id).orderBy('gnum').execute();
      const logisticsNo = (await db.selectFrom('bill_heads').select('logistics_no').where('id', '=', inv.id).executeTakeFirstOrThrow()).logistics_no ?? '';
      for (const l of lines) resultLines.push({ invtNo: inv.invt_no!, logisticsNo, gseqno: String(seq++), gnum: String(l.gnum), gcode: String((l.data as Record<string, unknown>).gcode ?? '') });
    }
    const result = (opDate: Date, extra: Record<string, string>) => buildIssuedXml('CEB792', newGuid(), [{
      head: {
        guid: newGuid(), customsCode: DEMO.customs, sumNo, opDate: customsTime(opDate), declSeqNo: `D${sumNo.slice(1)}`, decState: '1',
        agentCode: DEMO.code, agentName: DEMO.name, ebcCode: DEMO.code, ebcName: DEMO.name, declAgentCode: DEMO.code, declAgentName: DEMO.name,
        grossWeight: String(1.8 * exported.length), netWeight: String(1.5 * exported.length), msgCount: '1', msgSeqNo: '1', ...extra,
      },
      lines: resultLines,
    }]);
    await ingestReceiptXml(db, result(new Date(now.getTime() - 6 * 3600_000), {}), { companyId });
    // customs later writes the declaration's numbers into the same result
    await ingestReceiptXml(db, result(new Date(now.getTime() - 2 * 3600_000), { decState: '2', decTmpNo: `T${sumNo.slice(1)}`, entryId: `${DEMO.customs}2026${String(Date.now()).slice(-10)}` }), { companyId });
  }

  // 运营商口岸: the platform's ports of the demo operator
  const ports = findBill('import', 'operatorPort');
  if (ports) {
    const model = billModel(ports);
    const rows = [
      { operatorCode: DEMO.code, operatorName: DEMO.name, customsCode: '3105', url: 'https://ceb.nbport.example/ceb/3105', times: 1284 },
      { operatorCode: DEMO.code, operatorName: DEMO.name, customsCode: '3109', url: 'https://ceb.nbport.example/ceb/3109', times: 366 },
      { operatorCode: CARRIER.code, operatorName: CARRIER.name, customsCode: '2901', url: 'https://ceb.hzport.example/ceb/2901', times: 57 },
    ];
    for (const r of rows) {
      await insertHead(db, { companyId, model }, {
        columns: { agent_code: r.operatorCode, agent_name: r.operatorName, customs_code: r.customsCode },
        data: { url: r.url, times: r.times },
      }, 'ENABLED', null);
    }
  }

  // 报关单: two drafts, one with goods lines as 订单汇总 makes them
  const form = findBill('export', 'declarationForm');
  if (form) {
    const model = billModel(form);
    const base = {
      declTrnRel: '0', agentCode: DEMO.code, agentName: DEMO.name, customMaster: DEMO.customs, contrNo: 'HT2026-0318', tradeCode: DEMO.code, tradeName: DEMO.name,
      ownerName: DEMO.name, tradeMode: '9610', tradeCountry: '502', distinatePort: '502', packNo: 12, grossWet: 21.6, netWt: 18, insurCurr: '142', insurMark: '3',
      trafMode: '5', wrapType: '22', tradeAreaCode: '502', entryType: 'M', origBoxFlag: '0', specDeclFlag: '0000000', ieFlag: 'E',
    };
    const names = new Set(model.stored.map((f) => f.name));
    for (const [i, copNo] of ['DEC2026031801', 'DEC2026031802'].entries()) {
      const values: Record<string, unknown> = { ...base, copNo };
      const storage = { columns: {} as Record<string, string | null>, data: {} as Record<string, string | number> };
      for (const f of model.stored) {
        const v = values[f.name];
        if (!names.has(f.name) || v === undefined) continue;
        if (f.column) storage.columns[f.column] = String(v);
        else storage.data[f.name] = v as string | number;
      }
      const bill = await insertHead(db, { companyId, model }, storage, 'DRAFT', null);
      // each ready to declare: its goods lines as 订单汇总 makes them
      const goods = i === 0 ? [
        { gno: 1, gname: '白茶', codeTs: '0902109000', gmodel: '宁波白茶礼盒/250克', exgNo: 'NB-TEA-001', gqty: 5, gunit: '140', firstQty: 1.25, firstUnit: '035', declPrice: 168, declTotal: 840, tradeCurr: '142', originCountry: '142', destinationCountry: '502' },
        { gno: 2, gname: '真丝围巾', codeTs: '6214100000', gmodel: '真丝/180×60cm', exgNo: 'NB-SILK-012', gqty: 3, gunit: '015', firstQty: 3, firstUnit: '015', declPrice: 239, declTotal: 717, tradeCurr: '142', originCountry: '142', destinationCountry: '502' },
      ] : [
        { gno: 1, gname: '瓷制茶具', codeTs: '6911101900', gmodel: '青瓷茶具套装/6件', exgNo: 'NB-CER-203', gqty: 4, gunit: '006', firstQty: 6.4, firstUnit: '035', declPrice: 420, declTotal: 1680, tradeCurr: '142', originCountry: '142', destinationCountry: '502' },
      ];
      for (const g of goods) await insertLine(db, companyId, bill.id, g);
    }
  }

  // what customs issued was received as customs issued it: 创建时间 never after 申报时间 (the issue time)
  const issuedKeys = billDefinitions.filter((d) => d.issuedBy === 'customs').map((d) => `${d.mode}/${d.key}`);
  await sql`update bill_heads set create_time = app_time where company_id = ${companyId} and app_time is not null and create_time > app_time
    and mode || '/' || bill_key in (${sql.join(issuedKeys)})`.execute(db);
}
