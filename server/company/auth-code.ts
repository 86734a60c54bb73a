/**
 * The enterprise authorization code (查看授权码 / 生成授权码): a random code a filed enterprise gives
 * its ERP or agent to act for it. Generating replaces the old one; only a filed enterprise
 * (approveState 2) may generate, as the filing machine says.
 */
import { randomInt } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { BizError } from '../http/errors.ts';
import { enterpriseText } from '../../domain/texts/enterprise.ts';
import { chinaTime } from './detail.ts';
import { decideFiling } from './filing.ts';

/** 16 characters without look-alikes (0/O, 1/I/L), ~77 bits. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const AUTH_CODE_LENGTH = 16;

export function newAuthCode(): string {
  let code = '';
  for (let i = 0; i < AUTH_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

export async function queryAuthCode(db: Db, companyId: number) {
  const row = await db.selectFrom('companies').select(['auth_code', 'auth_code_time']).where('id', '=', companyId).executeTakeFirst();
  if (!row) throw new BizError(enterpriseText.companyNotFound);
  return { authCode: row.auth_code, createTime: chinaTime(row.auth_code_time) };
}

export async function generateAuthCode(db: Db, companyId: number) {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('companies').select(['approve_state']).where('id', '=', companyId).forUpdate().executeTakeFirst();
    if (!row) throw new BizError(enterpriseText.companyNotFound);
    decideFiling(row.approve_state, 'generateAuthCode');
    const time = new Date();
    const authCode = newAuthCode();
    await trx.updateTable('companies').set({ auth_code: authCode, auth_code_time: time }).where('id', '=', companyId).execute();
    return { authCode, createTime: chinaTime(time) };
  });
}
