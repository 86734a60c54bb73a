/**
 * The upgrade wizard's calls (accounts-and-enterprise.md §2 Upgrade wizard, §3 Promotion info, §5,
 * §7 /agreement/queryInfo, createRs, template; the step calls next, read and back are ours, so
 * that the server decides every step). A company that must be promoted has an upgrade_wizards row;
 * only its main account sees the notice and works the wizard. The resource-centre account is the
 * company's unified social credit code with the initial password chosen here (stored hashed).
 */
import { RESOURCE_CENTRE_URL, upgradeAgainProblem, upgradePasswordProblem, type UpgradeStep } from '../../domain/content/upgrade.ts';
import { upgradeText as t } from '../../domain/texts/upgrade.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Db } from '../db/database.ts';
import { BizError } from '../http/errors.ts';
import { countdownOf, decideUpgrade, storedStep, type UpgradeAction } from './progress.ts';

export const SAMPLE_IMAGE_URI = '/api/enterprise/agreement/template/resource-centre-login.svg';

export interface UpgradeInfoVo {
  needPromotion: boolean; bizRegNo: string | null; companyName: string; step: UpgradeStep; countdown: number;
}

function requireAdmin(user: AuthUser) {
  if (user.userType !== 'ADMIN') throw new BizError(t.adminOnly);
}

async function company(db: Db, user: AuthUser) {
  return db.selectFrom('companies').select(['company_name', 'social_credit_code']).where('id', '=', user.companyId).executeTakeFirstOrThrow();
}

export async function upgradeInfo(db: Db, user: AuthUser, now = Date.now()): Promise<UpgradeInfoVo> {
  const [c, row] = await Promise.all([
    company(db, user),
    db.selectFrom('upgrade_wizards').select(['step', 'step_at']).where('company_id', '=', user.companyId).executeTakeFirst(),
  ]);
  const step = row ? storedStep(row.step) : 'finished';
  return {
    needPromotion: user.userType === 'ADMIN' && step !== 'finished',
    bizRegNo: c.social_credit_code, companyName: c.company_name, step, countdown: row ? countdownOf(step, row.step_at, now) : 0,
  };
}

/** The wizard row of the caller's company, locked; a company with nothing to do is refused. */
async function lockWizard(trx: Db, user: AuthUser) {
  const row = await trx.selectFrom('upgrade_wizards').select(['step', 'step_at']).where('company_id', '=', user.companyId).forUpdate().executeTakeFirst();
  if (!row) throw new BizError(t.notNeeded);
  return { step: storedStep(row.step), stepAt: row.step_at };
}

/** 下一步 / 已阅读 / 上一步: the machine decides, the new step starts now (the agreement's countdown with it). */
export async function moveUpgrade(db: Db, user: AuthUser, action: Exclude<UpgradeAction, 'create'>): Promise<UpgradeInfoVo> {
  requireAdmin(user);
  await db.transaction().execute(async (trx) => {
    const { step, stepAt } = await lockWizard(trx, user);
    const next = decideUpgrade(step, stepAt, action, Date.now());
    await trx.updateTable('upgrade_wizards').set({ step: next, step_at: new Date() }).where('company_id', '=', user.companyId).execute();
  });
  return upgradeInfo(db, user);
}

export interface CreateRsInput { bizRegNo?: string; loginPwd?: string; againPassword?: string }

/**
 * 创建资源中心账号: the step first (a wrong step is refused whatever was typed), then the credit
 * code the company filed (none: contact customer service), then the password rule; all in one
 * transaction with the step change.
 */
export async function createResourceAccount(db: Db, user: AuthUser, input: CreateRsInput, decrypt: (v: string | undefined) => string) {
  requireAdmin(user);
  const password = decrypt(input.loginPwd);
  const again = input.againPassword === undefined ? undefined : decrypt(input.againPassword);
  const passwordHash = upgradePasswordProblem(password) ? '' : await hashPassword(password);
  const account = await db.transaction().execute(async (trx) => {
    const { step, stepAt } = await lockWizard(trx, user);
    const next = decideUpgrade(step, stepAt, 'create', Date.now());
    const c = await company(trx, user);
    if (!c.social_credit_code) throw new BizError(t.noCreditCode);
    if ((input.bizRegNo ?? '').trim() !== c.social_credit_code) throw BizError.fields(t.creditCodeMismatch, [{ field: 'bizRegNo', message: t.creditCodeMismatch }]);
    const problem = upgradePasswordProblem(password);
    if (problem) throw BizError.fields(problem, [{ field: 'password', message: problem }]);
    const mismatch = again === undefined ? undefined : upgradeAgainProblem(password, again);
    if (mismatch) throw BizError.fields(mismatch, [{ field: 'again', message: mismatch }]);
    await trx.updateTable('upgrade_wizards').set({
      step: next, step_at: new Date(), rs_account: c.social_credit_code, rs_password_hash: passwordHash, created_by: user.loginName, created_at: new Date(),
    }).where('company_id', '=', user.companyId).execute();
    return c.social_credit_code;
  });
  return { account, loginUrl: RESOURCE_CENTRE_URL, ...(await upgradeInfo(db, user)) };
}
