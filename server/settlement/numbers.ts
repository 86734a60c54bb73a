/**
 * Numbers the console issues: 申报编号 of a settlement when it is applied (JH = 结汇 of export
 * inventories, GH = 购汇 of import ones) and of a verification application (HX), each
 * prefix + China day + a 6-digit sequence shared by all (one sequence, never repeated).
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { chinaCompactDay } from '../bills/time.ts';

export async function nextNumber(q: Db, prefix: 'JH' | 'GH' | 'HX', now = new Date()): Promise<string> {
  const { n } = (await sql<{ n: number }>`select nextval('settlement_no')::int as n`.execute(q)).rows[0]!;
  return `${prefix}${chinaCompactDay(now)}${String(n % 1_000_000).padStart(6, '0')}`;
}
