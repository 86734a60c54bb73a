/**
 * Upgrade calls (accounts §7): /agreement/queryInfo, the step calls next/read/back, /agreement/createRs
 * (the initial password RSA-OAEP encrypted like every password call) and /agreement/template.
 * Refusals become {message, errors} for the machine.
 */
import type { FieldError } from '../../../domain/envelope.ts';
import type { StepAction, UpgradeCreated, UpgradeFailure, UpgradeInfo } from '../../../machines/upgrade.ts';
import { ApiError } from '../../lib/api-error.ts';
import { http, type Http } from '../../lib/http.ts';
import { encryptPassword } from '../../lib/rsa.ts';

export function toFailure(error: unknown): UpgradeFailure {
  const message = error instanceof Error ? error.message : String(error);
  const errors = error instanceof ApiError ? (error.body as { data?: { errors?: FieldError[] } } | undefined)?.data?.errors : undefined;
  return errors ? { message, errors } : { message };
}

const failing = <A extends unknown[], T>(f: (...args: A) => Promise<T>) => async (...args: A): Promise<T> => {
  try {
    return await f(...args);
  } catch (error) {
    throw toFailure(error);
  }
};

export function createUpgradeApi(client: Http = http) {
  const post = <T>(path: string, data: unknown = {}) => client.post<T>(`/api/enterprise/agreement${path}`, data);
  return {
    info: failing(() => post<UpgradeInfo>('/queryInfo')),
    step: failing((action: StepAction) => post<UpgradeInfo>(`/${action}`)),
    create: failing(async (input: { bizRegNo: string; password: string; again: string }): Promise<UpgradeCreated> => {
      const pem = await client.post<string>('/api/auth/public_key', {}, { auth: false });
      const [loginPwd, againPassword] = await Promise.all([encryptPassword(pem, input.password), encryptPassword(pem, input.again)]);
      const created = await post<{ account: string; loginUrl: string }>('/createRs', { bizRegNo: input.bizRegNo, loginPwd, againPassword });
      const { displayUri } = await post<{ displayUri: string }>('/template');
      return { account: created.account, loginUrl: created.loginUrl, displayUri };
    }),
  };
}
export type UpgradeApi = ReturnType<typeof createUpgradeApi>;
