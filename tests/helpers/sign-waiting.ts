import { exportOrder } from '../../domain/bills/export-order.ts';
import type { Db } from '../../server/db/database.ts';
import { buildDeclaration, enqueueDeclaration } from '../../server/customs/declaration.ts';
import { requestSignature } from '../../server/customs/sign/records.ts';
import { exportOrderBill } from '../customs/fixtures.ts';
import type { LoginAnswer } from './test-app.ts';

/**
 * A declared export order whose message waits for the external signature: what the declaration
 * path does in SIGN_MODE=external (enqueue, then requestSignature) in one transaction.
 */
export async function declareWaiting(db: Db, admin: LoginAnswer, orderNo: string, algorithm: 'sm2' | 'rsa'): Promise<{ billId: number; messageId: number; recordId: number }> {
  const { head, lines } = exportOrderBill({ orderNo, ebcCode: admin.userInfo.companyCode, ebpCode: '3302960E8F' });
  return db.transaction().execute(async (trx) => {
    const { id: billId } = await trx.insertInto('bill_heads').values({
      company_id: admin.userInfo.companyId, bill_key: exportOrder.key, mode: exportOrder.mode, state: 'DECLARING',
      order_no: orderNo, ebp_code: '3302960E8F', ebc_code: admin.userInfo.companyCode, data: JSON.stringify({}), app_time: new Date(),
    } as never).returning('id').executeTakeFirstOrThrow();
    const declaration = buildDeclaration(exportOrder, head, lines, { appStatus: '2' });
    await enqueueDeclaration(trx, { companyId: admin.userInfo.companyId, billId, declaration });
    const m = await trx.selectFrom('customs_messages').select(['id', 'xml']).where('guid', '=', declaration.guid).executeTakeFirstOrThrow();
    const recordId = await requestSignature(trx, { id: m.id, companyId: admin.userInfo.companyId, guid: declaration.guid, messageType: 'CEB303', xml: m.xml, billId }, algorithm);
    return { billId, messageId: m.id, recordId };
  });
}
