/**
 * Living demo data of settlement, authorization and rewards (issue 6, parts 7–11): released
 * inventories of the last two months (what settlement, rewards and statistics read), settlements
 * in every state (待生成 … 已撤销, with a revocation in the history and verifications), an
 * authorization request waiting on the confirm list and one agreed, and two reward applications
 * (one verified, one waiting). Made through the same functions the API and the review use, so
 * every record is one the machines would have produced.
 */
import { NO_IMPORT } from '../../../domain/rewards/bill-import.ts';
import type { AuthUser } from '../../auth/auth-user.ts';
import { actOnAuthorizations, requestAuthorization } from '../../settlement/authorization.ts';
import { addInventories } from '../../settlement/inventories.ts';
import { reviewSettlement, reviewVerification } from '../../settlement/review.ts';
import { applySettlement, revokeSettlements } from '../../settlement/settlements.ts';
import { applyVerification } from '../../settlement/verification.ts';
import { applySubsidy } from '../../rewards/subsidies.ts';
import { reviewSubsidy } from '../../rewards/review.ts';
import type { Db } from '../database.ts';
import { insertReleasedInventory } from './released-inventory.ts';

const PLATFORMS = [{ ebpCode: '3302960001', ebpName: '宁波跨境优选电商平台' }, { ebpCode: '3101960002', ebpName: '上海环球好物商城' }];
const ZONES = [{ zoneCode: '3105W60001', zoneName: '宁波保税区仓储有限公司' }, { zoneCode: '3105W60002', zoneName: '宁波梅山保税港区物流有限公司' }];

const day = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

async function companyUser(db: Db, code: string): Promise<AuthUser> {
  const c = await db.selectFrom('companies').select(['id', 'company_name']).where('company_code', '=', code).executeTakeFirstOrThrow();
  const u = await db.selectFrom('users').select(['id', 'login_name', 'user_name']).where('company_id', '=', c.id).where('user_type', '=', 'ADMIN').executeTakeFirstOrThrow();
  return { userId: u.id, companyId: c.id, companyCode: code, companyName: c.company_name, userType: 'ADMIN', loginName: u.login_name, userName: u.user_name };
}

export async function seedDemoSettlement(db: Db, demoCode: string, otherCode: string, now = new Date()): Promise<void> {
  const demo = await companyUser(db, demoCode);
  const other = await companyUser(db, otherCode);
  const exportIds: number[] = [];
  const bonded: number[] = [];
  const imports: number[] = [];
  // two months of released inventories: parcels every day, bonded exports and imports every few days
  for (let i = 0; i < 60; i++) {
    const at = new Date(now.getTime() - (i * 24 + 3) * 3600_000);
    const customsCode = i % 3 === 0 ? '3104' : '3105';
    const base = { ebcCode: demo.companyCode!, ebcName: demo.companyName, ieDate: day(at), appTime: at, customsCode };
    // customs' formats (ceb-messages §6): invtNo = 关区 + year + I/E + 9-digit serial; the company's own numbers dated
    const ymd = day(at).replaceAll('-', '');
    const numbers = (ie: 'E' | 'I', series: number, prefix: string) => ({
      copNo: `${prefix}${ymd}${series + i}`, invtNo: `${customsCode}${ymd.slice(0, 4)}${ie}${String(series * 1_000_000 + i).padStart(9, '0')}`,
      orderNo: `SO${ymd}${series + i}`, logisticsNo: `YT${ymd}${ie}${series + i}`,
    });
    exportIds.push(await insertReleasedInventory(db, demo.companyId, {
      ...base, ...PLATFORMS[i % 2]!, mode: 'export', tradeMode: '9610', ...numbers('E', 510, 'YXE'),
      billNo: `784-2231${String(1000 + Math.floor(i / 3)).padStart(4, '0')}`, grossWeight: 0.8 + (i % 5) * 0.35, prices: [168 + (i % 7) * 10, 86.5],
    }));
    if (i % 4 === 0) {
      bonded.push(await insertReleasedInventory(db, demo.companyId, {
        ...base, ...PLATFORMS[0]!, ...ZONES[(i / 4) % 2]!, mode: 'export', tradeMode: '1210', ...numbers('E', 520, 'YXE'),
        voyageNo: 'MU5011', grossWeight: 3.2, prices: [420, 239],
      }));
      imports.push(await insertReleasedInventory(db, demo.companyId, {
        ...base, ...PLATFORMS[1]!, ...ZONES[(i / 4) % 2]!, mode: 'import', tradeMode: '1210', ...numbers('I', 530, 'YXI'),
        voyageNo: 'CA1234', grossWeight: 1.6, prices: [299, 59.9],
      }));
    }
  }
  const settle = async (ids: number[], type: 'export' | 'import' = 'export') => (await addInventories(db, demo, type, { ids })).headId;
  const apply = (id: number, bankCode: string, note: string) => applySettlement(db, demo, { id, bankCode, note });

  await settle(exportIds.slice(0, 2)); // 待生成
  await apply(await settle(exportIds.slice(2, 5)), '104', '十一月上旬货款'); // 申报中
  const audit = await settle(exportIds.slice(5, 8));
  await apply(audit, '102', '十一月中旬货款');
  await reviewSettlement(db, audit, 'accept'); // 审核中
  const approved = await settle(exportIds.slice(8, 14));
  await apply(approved, '105', '十月货款');
  await reviewSettlement(db, approved, 'accept');
  await reviewSettlement(db, approved, 'approve', '单证相符，准予结汇'); // 审核通过
  const done = await applyVerification(db, demo, { amount: 600, ids: [approved] });
  await reviewVerification(db, done.id, 'approve');
  await applyVerification(db, demo, { amount: 300.5, ids: [approved] }); // a verification in audit
  const refused = await settle(exportIds.slice(14, 16));
  await apply(refused, '301', '九月货款');
  await reviewSettlement(db, refused, 'refuse', '收款账户信息与备案不一致'); // 审核不通过
  const revoked = await settle(exportIds.slice(16, 18));
  await apply(revoked, '302', '九月补充货款');
  await reviewSettlement(db, revoked, 'accept');
  await revokeSettlements(db, demo, { ids: [revoked], reason: '金额填写有误，重新申请', revokeType: 1 }); // 已撤销
  const bondedSettlement = await settle(bonded.slice(0, 3));
  await apply(bondedSettlement, '104', '保税出口货款');
  const importSettlement = await settle(imports.slice(0, 4), 'import');
  await apply(importSettlement, '104', '进口购汇');
  await reviewSettlement(db, importSettlement, 'accept');
  await reviewSettlement(db, importSettlement, 'approve');

  // authorization: the other company asks the demo one (waits on the demo's confirm list); the demo asked the other, agreed
  await requestAuthorization(db, other, { commerceCode: demo.companyCode! });
  const asked = await requestAuthorization(db, demo, { commerceCode: other.companyCode! });
  await actOnAuthorizations(db, other, [asked.id], 'agree');

  // rewards: one verified (with the parcels' main waybills), one waiting
  const window = { ckStartTime: day(new Date(now.getTime() - 60 * 24 * 3600_000)), ckEndTime: day(now) };
  const company = [{ recCompanyCode: other.companyCode!, recCompanyName: other.companyName }];
  const verified = await applySubsidy(db, demo, { applyType: 'E9', companyType: '1', ...window, note: '跨境电商9610出口航空运费补贴', recCompanyList: company, importNo: NO_IMPORT });
  await reviewSubsidy(db, verified.id, 'start');
  await reviewSubsidy(db, verified.id, 'finish');
  await applySubsidy(db, demo, { applyType: 'I1', companyType: '2', ...window, note: '保税进口仓储补贴', recCompanyList: company, importNo: NO_IMPORT });
}
