/**
 * 改为退单 (updateCustomReturn, bills §4: inventory and summary application): customs refused the
 * bill in a way no receipt brought (a phone call, the single window's own screen). The lifecycle
 * decides where it is allowed (user.markReturned: before customs decided) and moves the bill to
 * 海关退单 (100), where it can be changed and declared again. The newest receipt's time stays, so a
 * later receipt from customs still moves the bill. 回执信息 says it was the company's own action. Each bill on its own; a refused one is named.
 */
import { sql } from 'kysely';
import { billActionText, billServerText } from '../../../domain/texts/bills.ts';
import { BizError } from '../../http/errors.ts';
import type { BatchAnswer } from '../batch.ts';
import type { BillCall } from '../call.ts';
import { decideEvent } from '../lifecycle.ts';
import { findHead } from '../repository.ts';
import { titleOf } from '../values.ts';

export const CUSTOM_RETURN_EVENT = 'user.markReturned';

export async function markReturned(call: BillCall, ids: readonly number[]): Promise<BatchAnswer> {
  const answer: BatchAnswer = { total: ids.length, succeeded: 0, failed: [] };
  for (const id of ids) {
    let title = '';
    try {
      await call.db.transaction().execute(async (trx) => {
        const row = await findHead(trx, call.scope, id, { lock: true });
        if (!row) throw new BizError(billServerText.notFound);
        title = titleOf(call.model, row);
        const next = decideEvent(call.model, row, CUSTOM_RETURN_EVENT, billActionText.verbs.customReturn, call.states);
        // the state and the status it stands for: the lifecycle rebuilds the bill from both; the
        // receipt's words give way to what happened, so 回执信息 never shows customs' old answer
        await trx.updateTable('bill_heads')
          .set({ state: next, return_status: next, return_info: billServerText.markedReturnedInfo, version: sql<number>`version + 1`, update_time: sql<Date>`now()` })
          .where('company_id', '=', call.scope.companyId)
          .where('id', '=', row.id)
          .where('version', '=', row.version)
          .execute();
      });
      answer.succeeded += 1;
    } catch (error) {
      if (!(error instanceof BizError)) throw error;
      answer.failed.push({ id, title, message: error.message });
    }
  }
  return answer;
}
