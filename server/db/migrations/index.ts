import type { Migration, MigrationProvider } from 'kysely';
import * as m001 from './001-accounts.ts';
import * as m002 from './002-bills.ts';
import * as m003 from './003-receipts.ts';
import * as m004 from './004-sign-records.ts';
import * as m005 from './005-enterprise.ts';
import * as m006 from './006-customs-simulator.ts';
import * as m007 from './007-service.ts';
import * as m008 from './008-settlement-rewards.ts';
import * as m009 from './009-bill-jobs.ts';
import * as m011 from './011-archive-trade-mode.ts';
import * as m012 from './012-outbox-workers.ts';
import * as m013 from './013-order-search.ts';
import * as m014 from './014-sessions-and-limits.ts';
import * as m018 from './018-unmatched-receipt-keys.ts';
import * as m020 from './020-import-receipt-key.ts';
import * as m021 from './021-live-events.ts';
import * as m023 from './023-two-servers.ts';
import * as m024 from './024-user-grants.ts';
import * as m025 from './025-api-keys.ts';
import * as m026 from './026-operation-log.ts';
import * as m027 from './027-platform-operators.ts';
import * as m028 from './028-filing-versions.ts';
import * as m029 from './029-review-queues.ts';
import * as m030 from './030-operator-desk.ts';
import * as m031 from './031-lines-company.ts';
import * as m032 from './032-bill-statistics.ts';
import * as m033 from './033-decision-events.ts';
import * as m034 from './034-bill-counts.ts';
import * as m035 from './035-list-search-indexes.ts';
import * as m037 from './037-dxp-id-unique.ts';
import * as m038 from './038-unmatched-events.ts';
import * as m040 from './040-bill-heads-statement-events.ts';
import * as m047 from './047-outbox-sending-index.ts';
import * as m048 from './048-settlement-lock.ts';
import * as m049 from './049-receipt-companies.ts';

/** Ordered migrations; names sort in the order they run. Add new ones at the end, never edit a landed one. */
export const migrations: Record<string, Migration> = {
  '001-accounts': m001,
  '002-bills': m002,
  '003-receipts': m003,
  '004-sign-records': m004,
  '005-enterprise': m005,
  '006-customs-simulator': m006,
  '007-service': m007,
  '008-settlement-rewards': m008,
  '009-bill-jobs': m009,
  '011-archive-trade-mode': m011,
  '012-outbox-workers': m012,
  '013-order-search': m013,
  '014-sessions-and-limits': m014,
  '018-unmatched-receipt-keys': m018,
  '020-import-receipt-key': m020,
  '021-live-events': m021,
  '023-two-servers': m023,
  '024-user-grants': m024,
  '025-api-keys': m025,
  '026-operation-log': m026,
  '027-platform-operators': m027,
  '028-filing-versions': m028,
  '029-review-queues': m029,
  '030-operator-desk': m030,
  '031-lines-company': m031,
  '032-bill-statistics': m032,
  '033-decision-events': m033,
  '034-bill-counts': m034,
  '035-list-search-indexes': m035,
  '037-dxp-id-unique': m037,
  '038-unmatched-events': m038,
  '040-bill-heads-statement-events': m040,
  '047-outbox-sending-index': m047,
  '048-settlement-lock': m048,
  '049-receipt-companies': m049,
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() { return migrations; },
};
