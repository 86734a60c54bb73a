/**
 * Declaring without the database (issue 4: "Declare 500 bills end to end into the outbox …
 * target < 1 s"): for 500 two-line export orders, validate (validateBill), build + XSD-check
 * (buildDeclaration), sign with the software key (signDeclaration) and wrap in the DXP envelope
 * (wrapDxp) — SIGN_ALGORITHM=sm2 (default) or rsa; also the per-message medians of signing, verification (the simulator's check on every
 * message) and hasSignature (the worker's check before signing).
 *
 *   node --import tsx bench/declare-pipeline.ts       # SIGN_ALGORITHM=rsa for the RSA key
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportOrder } from '../domain/bills/export-order.ts';
import { validateBill } from '../domain/bills/validation.ts';
import { buildDeclaration } from '../server/customs/declaration.ts';
import { wrapDxp } from '../server/customs/dxp/wrap.ts';
import { initCustomsSchemas } from '../server/customs/schemas.ts';
import { createSoftwareSigner, hasSignature, signDeclaration, verifySignature } from '../server/customs/sign/index.ts';
import { fmt, median, profiled, verdict } from './lib.ts';

const N = 500;
/** SIGN_ALGORITHM as the server reads it: sm2 (default) or rsa */
const algorithm = process.env.SIGN_ALGORITHM === 'rsa' ? 'rsa' : 'sm2';
const head = {
  appType: '1', orderType: 'E', ebpCode: '3302960E8F', ebpName: '宁波保税区跨境购电子商务平台有限公司', ebcCode: '3302961A2B', ebcName: '宁波跨境优选供应链管理有限公司',
  goodsValue: 309.3, freight: 0, currency: '142', note: '出口至马来西亚，含2项商品 & 赠品',
  copCode: '3302961A2B', copName: '宁波跨境优选供应链管理有限公司', dxpMode: 'DXP', dxpId: 'DXPENT0000458763',
};
const lines = [
  { gnum: 1, itemNo: 'YX-TEA-0101', itemName: '西湖龙井茶礼盒（250克）', itemDescribe: '明前一级龙井，铁罐礼盒装', barCode: '6921234560017', unit: '140', currency: '142', qty: 2, price: 89.9, totalPrice: 179.8, country: '142', gmodel: '250g/盒' },
  { gnum: 2, itemNo: 'YX-SILK-0207', itemName: '杭州真丝围巾', unit: '015', currency: '142', qty: 1, price: 129.5, totalPrice: 129.5, country: '142', gmodel: '180×55cm', note: '手工卷边' },
];

await initCustomsSchemas();
const dataDir = mkdtempSync(join(tmpdir(), 'cbec-bench-sign-'));
try {
  const signer = createSoftwareSigner(dataDir, algorithm);
  const message = (i: number) => {
    const valid = validateBill(exportOrder, { ...head, orderNo: `YX${String(i).padStart(8, '0')}` }, lines, 'declare');
    if (valid.errors.length > 0) throw new Error(JSON.stringify(valid.errors));
    return buildDeclaration(exportOrder, { ...valid.head, appTime: new Date() }, valid.lines, { appStatus: '2' });
  };
  // the key is made (or read) and the code paths warmed before anything is timed
  for (let i = 0; i < 20; i++) verifySignature(await signDeclaration(signer, message(i)));

  // per message, each step on its own
  const unsigned = Array.from({ length: 200 }, (_, i) => message(i));
  const signTimes: number[] = [];
  const signed: string[] = [];
  for (const m of unsigned) {
    const t0 = performance.now();
    signed.push(await signDeclaration(signer, m));
    signTimes.push(performance.now() - t0);
  }
  const timed = (inputs: string[], fn: (xml: string) => unknown) => median(inputs.map((xml) => {
    const t0 = performance.now();
    fn(xml);
    return performance.now() - t0;
  }));
  const verifyMs = timed(signed, (xml) => { if (!verifySignature(xml).ok) throw new Error('does not verify'); });
  const hasSignedMs = timed(signed, hasSignature);
  const hasUnsignedMs = timed(unsigned.map((m) => m.xml), hasSignature);
  console.log(`declare-pipeline [${algorithm}] per message: sign ${fmt(median(signTimes))}, verify ${fmt(verifyMs)}, hasSignature ${fmt(hasSignedMs)} (signed) / ${fmt(hasUnsignedMs)} (unsigned)`);

  // end to end, 500 messages
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const envelopes = await profiled('declare-pipeline', async () => {
    const out: string[] = [];
    for (let i = 0; i < N; i++) {
      const declaration = message(1000 + i);
      const xml = await signDeclaration(signer, declaration);
      out.push(wrapDxp({ xml, messageType: declaration.messageType, copMsgId: declaration.guid, senderId: head.dxpId, mode: 'export', createTime: new Date() }));
    }
    return out;
  });
  const totalMs = performance.now() - t0;
  // on a shared machine the wall clock includes waiting for a core; the CPU time does not
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  if (envelopes.length !== N) throw new Error('not every message was wrapped');
  console.log(`declare-pipeline [${algorithm}] validate + build + sign + wrap of ${N} orders: ${totalMs.toFixed(0)} ms (${(N / (totalMs / 1000)).toFixed(0)} messages/s; target < 1 s: ${verdict(totalMs, 1000)}), CPU ${cpuMs.toFixed(0)} ms`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
