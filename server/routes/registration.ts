/**
 * Self-registration (accounts-and-enterprise.md §2 /reg, §3, §5, §7): POST
 * /api/third/user/registerForPc. The spec puts it on a separate registration host; here this server
 * is that host (the console's VITE_REGISTRATION_BASE_URL may point elsewhere). Creates the company
 * (not filed: no companyCode, approveState 0, the customs registration code kept for the filing) and
 * its main account (ADMIN). Checks, in order: the fields (the form's own rules), the signature and
 * its age, the captcha (one use), then that login name and customs code are free.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { APPROVE_STATE } from '../../domain/enterprise/approval.ts';
import { roleFlags } from '../../domain/enterprise/fields.ts';
import { registrationProblems, SIGNATURE_MAX_AGE_MS, signatureBase } from '../../domain/enterprise/registration.ts';
import { authText } from '../../domain/texts/auth.ts';
import { registrationText as t } from '../../domain/texts/enterprise.ts';
import { consumeCaptcha } from '../auth/captcha.ts';
import { decryptPassword, hashPassword } from '../auth/passwords.ts';
import type { Db } from '../db/database.ts';
import { BizError, defineRoute } from '../http/route.ts';

interface RegistrationBody {
  companyName?: string; loginName?: string; customsRegistCode?: string;
  password?: string; againPassword?: string;
  businessType?: string; companyType?: string | string[];
  captcha?: string; captchaId?: string; thirdUserId?: string;
  encode?: boolean | string | number; timestamp?: string | number; sign?: string;
}

const text = (max: number, title: string) => ({ type: 'string', title, maxLength: max });
const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

async function taken(db: Db, loginName: string, code: string): Promise<string | undefined> {
  const user = await db.selectFrom('users').select('id').where(sql`lower(login_name)`, '=', loginName.toLowerCase()).executeTakeFirst();
  if (user) return t.loginNameTaken;
  const company = await db.selectFrom('companies').select('id')
    .where((eb) => eb.or([eb('customs_regist_code', '=', code), eb('company_code', '=', code)])).executeTakeFirst();
  return company ? t.customsRegistCodeTaken : undefined;
}

export default async function registrationRoutes(app: FastifyInstance) {
  const { db, config } = app;

  defineRoute<RegistrationBody>(app, {
    path: '/api/third/user/registerForPc', summary: '企业注册 (密码为 RSA-OAEP 密文的 base64；sign = SHA-256(签名字段))', tags: ['注册'],
    access: 'public', limit: 'register', message: t.success,
    data: {
      type: 'object',
      properties: {
        companyName: text(1000, t.companyName), loginName: text(1000, t.loginName), customsRegistCode: text(1000, t.customsRegistCode),
        password: text(1024, t.password), againPassword: text(1024, t.againPassword),
        businessType: text(10, t.businessType),
        companyType: { anyOf: [text(40, t.companyType), { type: 'array', maxItems: 10, items: text(2, t.companyType) }] },
        captcha: text(100, t.captcha), captchaId: text(64, '验证码编号'), thirdUserId: text(64, '第三方用户编号'),
        encode: { anyOf: [{ type: 'boolean' }, text(10, '加密标志'), { type: 'integer' }] }, timestamp: { anyOf: [text(20, '时间戳'), { type: 'integer' }] }, sign: text(128, '签名'),
      },
    },
    handler: async ({ data }) => {
      const d = data ?? {};
      if (!(d.encode === true || d.encode === 1 || d.encode === '1' || d.encode === 'true')) throw new BizError(t.notEncrypted);
      const decrypt = (v: string | undefined) => (v ? decryptPassword(app.secrets.rsaPrivateKeyPem, v) : '');
      const roles = Array.isArray(d.companyType) ? d.companyType.map(str) : str(d.companyType).split(',').map((s) => s.trim()).filter(Boolean);
      const password = decrypt(d.password);
      const values = {
        companyName: str(d.companyName).trim(), loginName: str(d.loginName).trim(), customsRegistCode: str(d.customsRegistCode).trim(),
        password, againPassword: d.againPassword === undefined ? password : decrypt(d.againPassword),
        businessType: str(d.businessType), companyType: roles, captcha: str(d.captcha),
      };
      const problems = registrationProblems(values);
      if (problems.length > 0) throw BizError.fields(problems[0]!.message, problems);

      const timestamp = Number(d.timestamp);
      if (!Number.isFinite(timestamp) || Math.abs(Date.now() - timestamp) > SIGNATURE_MAX_AGE_MS) throw new BizError(t.staleRequest);
      const base = signatureBase({
        businessType: values.businessType, captchaId: str(d.captchaId), companyName: values.companyName, companyType: roles.join(','),
        customsRegistCode: values.customsRegistCode, loginName: values.loginName, thirdUserId: str(d.thirdUserId), timestamp: str(d.timestamp),
      });
      if (str(d.sign).toLowerCase() !== createHash('sha256').update(base, 'utf8').digest('hex')) throw new BizError(t.badSignature);

      if (!config.captchaOff) {
        if (!d.captchaId) throw new BizError(authText.captchaInvalid);
        const check = await consumeCaptcha(db, d.captchaId, values.captcha.trim());
        if (check !== 'ok') throw new BizError(check === 'wrong' ? authText.captchaWrong : check === 'expired' ? authText.captchaExpired : authText.captchaInvalid);
      }

      const refusal = await taken(db, values.loginName, values.customsRegistCode);
      if (refusal) throw new BizError(refusal);
      const passwordHash = await hashPassword(password);
      const flags = Object.fromEntries(Object.values(roleFlags).map((flag) => [flag, roles.some((r) => roleFlags[r] === flag)]));
      try {
        await db.transaction().execute(async (trx) => {
          const company = await trx.insertInto('companies').values({
            company_code: null, company_name: values.companyName, approve_state: APPROVE_STATE.unfiled,
            customs_regist_code: values.customsRegistCode, third_user_id: str(d.thirdUserId) || null,
            profile: JSON.stringify({
              ...flags, bizImport: values.businessType.includes('I'), bizExport: values.businessType.includes('E'),
              businessType: values.businessType, companyType: roles.join(','),
            }),
          }).returning('id').executeTakeFirstOrThrow();
          await trx.insertInto('users').values({
            company_id: company.id, parent_id: null, login_name: values.loginName, user_name: values.loginName,
            user_type: 'ADMIN', state: 'EFFECTIVE', password_hash: passwordHash,
          }).execute();
        });
      } catch (error) {
        // two registrations of one name at the same moment: the unique indexes decide
        if ((error as { code?: string }).code === '23505') throw new BizError((await taken(db, values.loginName, values.customsRegistCode)) ?? t.loginNameTaken);
        throw error;
      }
      return { loginName: values.loginName, companyName: values.companyName };
    },
  });
}
