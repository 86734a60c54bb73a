/**
 * Customs' side of a reward application (review API and the sandbox), decided by machines/reward.ts:
 * start (待核验 → 核验中), finish (核验中 → 核验完成, the result rows written in the same transaction).
 */
import { rewardStateNames } from '../../domain/rewards/apply-types.ts';
import { stateNameOf } from '../../domain/settlement/states.ts';
import { rewardText as t } from '../../domain/texts/rewards.ts';
import { rewardAccepts, rewardNext, type RewardEvent } from '../../machines/reward.ts';
import type { Db } from '../db/database.ts';
import { BizError } from '../http/errors.ts';
import { writeResults } from './results.ts';

export type RewardVerb = keyof typeof t.verbs;
const events: Record<RewardVerb, RewardEvent> = { start: { type: 'review.start' }, finish: { type: 'review.finish' } };

export async function reviewSubsidy(db: Db, id: number, verb: RewardVerb): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('subsidies').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw new BizError(t.notFound);
    if (!rewardAccepts(row.state, events[verb])) throw new BizError(t.refused(stateNameOf(rewardStateNames, row.state), t.verbs[verb]));
    const next = rewardNext(row.state, events[verb]);
    const now = new Date();
    if (verb === 'finish') {
      await trx.deleteFrom('subsidy_results').where('subsidy_id', '=', row.id).execute();
      await writeResults(trx, row);
    }
    await trx.updateTable('subsidies').set({ state: next, state_time: now, update_time: now, ...(verb === 'finish' ? { audit_time: now } : {}) })
      .where('id', '=', row.id).execute();
    return next;
  });
}
