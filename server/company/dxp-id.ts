/**
 * 报文传输编号 (DXPID) is one company's: it is the sender of the company's DXP envelopes and what a
 * receipt is attributed by (server/customs/receipts/attribute.ts), so two companies never share one.
 * Checked when a filing is saved and again when it is approved; migration 037's unique index is
 * the guarantee between two approvals at once.
 */
import { enterpriseText } from '../../domain/texts/enterprise.ts';
import type { Db } from '../db/database.ts';
import { BizError } from '../http/errors.ts';

export async function refuseTakenDxpId(trx: Db, companyId: number, dxpId: unknown): Promise<void> {
  if (typeof dxpId !== 'string' || dxpId === '') return;
  const taken = await trx.selectFrom('companies').select('id').where('dxp_id', '=', dxpId).where('id', '<>', companyId).executeTakeFirst();
  if (taken) throw BizError.fields(enterpriseText.dxpIdTaken, [{ field: 'dxpId', message: enterpriseText.dxpIdTaken }]);
}
