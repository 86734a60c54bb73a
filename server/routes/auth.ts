import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { changePasswordRequiredText } from '../../domain/texts/http.ts';
import { authText } from '../../domain/texts/auth.ts';
import { ownPasswordProblem } from '../../domain/password-rules.ts';
import { findUserById, findUserByLoginName, authUserOf, userInfoOf, type UserRecord } from '../accounts/users.ts';
import { consumeCaptcha, issueCaptcha } from '../auth/captcha.ts';
import { clearFailures, lockedMinutes, recordFailure, slowdownMs } from '../auth/login-limits.ts';
import { isPublishedPassword } from '../auth/published-passwords.ts';
import { firstStartText } from '../../domain/texts/first-start.ts';
import { decryptPassword, hashPassword, verifyLoginPassword, verifyPassword } from '../auth/passwords.ts';
import { bearerOf } from '../plugins/auth.ts';
import { BizError, HttpError } from '../http/errors.ts';
import { defineRoute } from '../http/route.ts';

const encrypted = (title: string) => ({ type: 'string', title, minLength: 1, maxLength: 1024 });

export default async function authRoutes(app: FastifyInstance) {
  const { db, config } = app;
  const passwordMaxAgeMs = config.passwordMaxAgeDays * 24 * 3600 * 1000;

  defineRoute(app, {
    path: '/api/auth/public_key', summary: '登录密码加密公钥 (SPKI PEM, RSA-OAEP SHA-256)', tags: ['认证'],
    // a constant from memory: nothing to protect, and counting it would cost more than answering it
    access: 'public', dataOptional: true, limit: false,
    handler: () => app.secrets.rsaPublicKeyPem,
  });

  defineRoute(app, {
    path: '/api/enterprise/kaptcha/defaultKaptcha', method: 'GET', summary: '验证码图片 (5 分钟内有效，只能使用一次)', tags: ['认证'],
    access: 'public', raw: true, limit: 'captcha',
    querystring: { type: 'object', required: ['captchaId'], properties: { captchaId: { type: 'string', title: '验证码编号', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } } },
    handler: async ({ query, reply }) => {
      const svg = await issueCaptcha(db, query.captchaId!);
      reply.header('cache-control', 'no-store').type('image/svg+xml; charset=utf-8').send(svg);
    },
  });

  defineRoute(app, {
    path: '/api/auth/login', summary: '登录 (参数在查询串中，password 为 RSA-OAEP 密文的 base64)', tags: ['认证'],
    access: 'public', dataOptional: true, limit: 'login',
    querystring: {
      type: 'object', required: ['username', 'password'],
      properties: {
        username: { type: 'string', title: '企业账号', minLength: 1, maxLength: 60 },
        password: encrypted('密码'),
        tag: { type: 'string', maxLength: 20 },
        captcha: { type: 'string', title: '验证码', maxLength: 6 },
        captchaId: { type: 'string', title: '验证码编号', maxLength: 64 },
      },
    },
    handler: async ({ query, request, reply }) => {
      const username = query.username!.trim();
      const ip = request.ip;
      // Lockout (login-limits.ts): a hard lock only for this IP and this account together; the
      // account itself is only slowed down, so failing someone's login on purpose locks nobody else.
      const minutes = await lockedMinutes(db, ip, username);
      if (minutes > 0) throw new BizError(authText.locked(minutes));
      if (!config.captchaOff) {
        if (!query.captcha || !query.captchaId) throw new BizError(authText.captchaRequired);
        const check = await consumeCaptcha(db, query.captchaId, query.captcha);
        if (check !== 'ok') throw new BizError(check === 'wrong' ? authText.captchaWrong : check === 'expired' ? authText.captchaExpired : authText.captchaInvalid);
      }
      const password = decryptPassword(app.secrets.rsaPrivateKeyPem, query.password!);
      const wait = await slowdownMs(db, username);
      if (wait > 0) await sleep(wait);
      const user = await findUserByLoginName(db, username);
      // an unknown account runs the same scrypt as a known one: the answer's timing tells nothing
      if (!(await verifyLoginPassword(password, user?.passwordHash)) || !user) {
        await recordFailure(db, ip, username);
        throw new BizError(authText.badCredentials);
      }
      if (user.state !== 'EFFECTIVE') throw new BizError(authText.frozen);
      if (user.companyFrozen) throw new BizError(authText.companyFrozen);
      // a password the README publishes is known to anyone: a forced change would hand the account over
      if (config.nodeEnv === 'production' && isPublishedPassword(password)) throw new BizError(firstStartText.publishedPasswordRefused);
      await clearFailures(db, ip, username);

      const expired = Date.now() - user.passwordChangedAt.getTime() > passwordMaxAgeMs;
      if (expired || ownPasswordProblem(password)) {
        reply.header('token', app.tokens.passwordChangeToken(authUserOf(user)));
        throw new HttpError(401, changePasswordRequiredText, { reason: expired ? 'expired' : 'weak' });
      }
      return loginAnswer(user);
    },
  });

  async function loginAnswer(user: UserRecord) {
    const authUser = authUserOf(user);
    // one refresh-token family per login: its access tokens live and die with it
    const familyId = randomUUID();
    const refreshToken = await app.tokens.issueRefresh(db, user.userId, familyId);
    return {
      token: app.tokens.accessToken(authUser, familyId),
      refreshToken,
      userInfo: userInfoOf(authUser),
      modules: (await app.holdings(authUser)).modules,
    };
  }

  /**
   * Rotates the presented refresh token. It is taken from the body or the X-Refresh-Token header,
   * never from the URL (query strings end up in proxies' logs). An access token of the same login
   * (X-Authorization, expired or not) lets a token presented again within the grace answer the pair
   * already issued (two tabs refreshing at once; docs/decisions/refresh-grace.md).
   */
  async function refresh(request: FastifyRequest, fromBody: string | undefined) {
    const header = request.headers['x-refresh-token'];
    const presented = fromBody ?? (Array.isArray(header) ? header[0] : header);
    if (!presented) throw new BizError(authText.sessionEnded);
    const bearer = bearerOf(request);
    const rotated = await app.tokens.rotate(db, presented, bearer ? app.tokens.familyOf(bearer) : undefined);
    if ('error' in rotated) throw new BizError(authText.sessionEnded);
    const user = await findUserById(db, rotated.userId);
    if (!user || user.state !== 'EFFECTIVE' || user.companyFrozen) {
      await app.tokens.revokeFamilyOf(db, rotated.refreshToken);
      throw new BizError(!user ? authText.sessionEnded : user.companyFrozen ? authText.companyFrozen : authText.frozen);
    }
    // userInfo as now stored: a filing approved since the login brings the company's code to the session
    const authUser = authUserOf(user);
    return { token: app.tokens.accessToken(authUser, rotated.familyId), refreshToken: rotated.refreshToken, userInfo: userInfoOf(authUser) };
  }

  defineRoute(app, {
    path: '/api/auth/refresh_token', method: 'GET', summary: '刷新令牌 (X-Refresh-Token 头；旧的刷新令牌作废，重复使用将注销整组；不接受查询串中的令牌)', tags: ['认证'],
    access: 'public',
    handler: ({ request }) => refresh(request, undefined),
  });

  defineRoute<{ refreshToken?: string }>(app, {
    path: '/api/auth/refresh_token', summary: '刷新令牌 (data.refreshToken 或 X-Refresh-Token 头；同一登录 30 秒内重复提交答复已签发的令牌)', tags: ['认证'],
    access: 'public', dataOptional: true,
    data: { type: 'object', properties: { refreshToken: { type: 'string', maxLength: 200 } } },
    handler: ({ request, data }) => refresh(request, data?.refreshToken || undefined),
  });

  defineRoute<{ refreshToken?: string }>(app, {
    path: '/api/auth/logout', summary: '退出系统 (本次登录的刷新令牌整组与访问令牌作废；其他浏览器的登录不受影响)', tags: ['认证'],
    access: 'public', dataOptional: true,
    data: { type: 'object', properties: { refreshToken: { type: 'string', maxLength: 200 } } },
    handler: async ({ data, request }) => {
      if (data?.refreshToken) await app.tokens.revokeFamilyOf(db, data.refreshToken);
      // the access token's own login ends too, when it comes along: a token signed here names its
      // family even after it expired (a tab whose token expired logs out with it alone)
      const bearer = bearerOf(request);
      const family = bearer ? app.tokens.familyOf(bearer) : undefined;
      if (family) await app.tokens.revokeFamily(db, family);
      return null;
    },
  });

  // 'person': the session's own calls, an enterprise user's or a platform operator's alike (issue 20)
  defineRoute<unknown, 'person'>(app, {
    path: '/api/enterprise/user/modules', access: 'person', summary: '当前用户的模块与按钮 (同登录返回的 modules；权限变更后刷新页面即生效)', tags: ['账号'],
    dataOptional: true,
    handler: async ({ user }) => (await app.holdings(user)).modules,
  });

  defineRoute(app, {
    path: '/api/jwt_core/validate', permission: 'open', summary: '会话有效性检查 (每次上传前调用)', tags: ['认证'],
    dataOptional: true,
    handler: () => ({ valid: true }),
  });

  const passwordChange = {
    type: 'object', required: ['oldPassword', 'newPassword', 'againPassword'],
    properties: {
      id: { type: 'integer' },
      oldPassword: encrypted('原密码'), newPassword: encrypted('新密码'), againPassword: encrypted('确认密码'),
    },
  };
  type PasswordChange = { id?: number; token?: string; loginName?: string; oldPassword: string; newPassword: string; againPassword: string };

  async function changePassword(user: UserRecord, data: PasswordChange) {
    const decrypt = (s: string) => decryptPassword(app.secrets.rsaPrivateKeyPem, s);
    const oldPassword = decrypt(data.oldPassword);
    const newPassword = decrypt(data.newPassword);
    const again = decrypt(data.againPassword);
    if (!(await verifyPassword(oldPassword, user.passwordHash))) throw new BizError(authText.oldPasswordWrong);
    if (oldPassword === newPassword) throw new BizError(authText.sameAsOld);
    const problem = ownPasswordProblem(newPassword);
    if (problem) throw new BizError(problem);
    if (again !== newPassword) throw new BizError(authText.mismatch);
    const hash = await hashPassword(newPassword);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ password_hash: hash, password_changed_at: new Date() }).where('id', '=', user.userId).execute();
      // Every session of the user ends: the web clears storage and logs in again.
      await trx.updateTable('refresh_tokens').set({ revoked_at: new Date() }).where('user_id', '=', user.userId).where('revoked_at', 'is', null).execute();
    });
    // committed: this server's next call with an old access token reads the database again
    app.sessions.forgetUser(user.userId);
    return null;
  }

  defineRoute<PasswordChange, 'person'>(app, {
    path: '/api/enterprise/user/updatePasswprd', access: 'person', summary: '修改本人密码 (三个密码均为 RSA-OAEP 密文的 base64)', tags: ['账号'],
    data: passwordChange, message: authText.changed,
    handler: async ({ user, data }) => {
      if (data.id !== undefined && data.id !== user.userId) throw new BizError(authText.ownOnly);
      const record = await findUserById(db, user.userId);
      if (!record) throw new HttpError(401, authText.sessionEnded);
      return changePassword(record, data);
    },
  });

  defineRoute<PasswordChange>(app, {
    path: '/api/user/anon/pwd/updatePasswprd', summary: '登录前修改密码 (密码过期或强度不足时，凭登录返回的 token 头)', tags: ['账号'],
    // checks a password (one scrypt) like the login: counted with the login's limit
    access: 'public', limit: 'login', message: authText.changed,
    data: {
      ...passwordChange,
      required: [...passwordChange.required, 'token', 'loginName'],
      properties: { ...passwordChange.properties, token: { type: 'string', maxLength: 2000 }, loginName: { type: 'string', title: '登录名', minLength: 1, maxLength: 60 } },
    },
    handler: async ({ data }) => {
      const verified = app.tokens.verify(data.token!);
      if (!verified.ok || verified.typ !== 'pwd') throw new BizError(authText.changeTokenInvalid);
      if (verified.user.loginName !== data.loginName!.trim()) throw new BizError(authText.changeTokenInvalid);
      const record = await findUserById(db, verified.user.userId);
      if (!record) throw new BizError(authText.changeTokenInvalid);
      return changePassword(record, data);
    },
  });
}
