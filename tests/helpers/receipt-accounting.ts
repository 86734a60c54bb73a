import { access } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema.ts';

/** A file dropped into the folder transport's inbox, and the guids of the elements it carries. */
export interface DroppedFile {
  name: string;
  guids: readonly string[];
}

/**
 * Where every element of the dropped files ended (issue 28 "every receipt kept"): on a bill (its
 * timeline: applied, or kept there as 单据尚未申报 / 迟到回执), listed among a company's 未匹配回执
 * (its own, or — codes naming several companies — each of theirs, customs_receipt_companies), stored with no company (its codes name nobody and no envelope names a receiver), or its file
 * refused to error/ with a .error.txt. `missing` names what is in none of these: a file still in
 * the inbox, or in done/ without its element stored — what must never happen.
 */
export interface InboxAccount {
  onBill: number;
  listed: number;
  ownerless: string[];
  /** guid → the companies a receipt of no company is listed for, when its codes name several */
  sharedBy: Map<string, number[]>;
  refused: string[];
  missing: string[];
}

const exists = (path: string) => access(path).then(() => true, () => false);

export async function accountInbox(db: Kysely<Database>, dir: (name: 'done' | 'error' | 'receive') => string, files: readonly DroppedFile[]): Promise<InboxAccount> {
  const account: InboxAccount = { onBill: 0, listed: 0, ownerless: [], sharedBy: new Map(), refused: [], missing: [] };
  const guids = files.flatMap((f) => f.guids.map((g) => g.slice(0, 36)));
  const rows = guids.length === 0 ? [] : await db.selectFrom('customs_receipts').select(['id', 'guid', 'bill_id', 'company_id']).where('guid', 'in', guids).execute();
  const byGuid = new Map(rows.map((r) => [r.guid, r]));
  const loose = rows.filter((r) => r.bill_id === null && r.company_id === null).map((r) => r.id);
  const shares = loose.length === 0 ? [] : await db.selectFrom('customs_receipt_companies').select(['receipt_id', 'company_id']).where('receipt_id', 'in', loose).execute();
  const sharedOf = new Map<number, number[]>();
  for (const s of shares) sharedOf.set(Number(s.receipt_id), [...(sharedOf.get(Number(s.receipt_id)) ?? []), s.company_id].sort((a, b) => a - b));
  for (const f of files) {
    if (await exists(join(dir('error'), f.name))) {
      if (await exists(join(dir('error'), `${f.name}.error.txt`))) account.refused.push(f.name);
      else account.missing.push(`${f.name}: in error/ without its reason`);
      continue;
    }
    if (!await exists(join(dir('done'), f.name))) {
      account.missing.push(`${f.name}: neither done nor refused`);
      continue;
    }
    for (const g of f.guids) {
      const row = byGuid.get(g.slice(0, 36));
      if (!row) account.missing.push(`${f.name}: element ${g} not stored`);
      else if (row.bill_id !== null) account.onBill++;
      else if (row.company_id !== null) account.listed++;
      else if (sharedOf.has(Number(row.id))) {
        account.listed++;
        account.sharedBy.set(g, sharedOf.get(Number(row.id))!);
      } else account.ownerless.push(g);
    }
  }
  return account;
}
