/**
 * The README publishes the demo's passwords (server/db/seed/demo.ts). In production they are no
 * secret: a login with one of them is refused, whatever the account (issue 27), and the start log
 * names the demo accounts that still hold theirs.
 */
import type { Db } from '../db/database.ts';
import { demoOperator, demoUsers } from '../db/seed/demo.ts';
import { verifyPassword } from './passwords.ts';

const demoLogins = [...demoUsers, demoOperator];
const publishedPasswords = new Set<string>(demoLogins.map((u) => u.password));

export function isPublishedPassword(password: string): boolean {
  return publishedPasswords.has(password);
}

/** The demo login names whose account still has its published password (one scrypt each: at start only). */
export async function demoAccountsWithPublishedPasswords(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('users').select(['login_name', 'password_hash'])
    .where('login_name', 'in', demoLogins.map((u) => u.login_name)).execute();
  const found: string[] = [];
  for (const u of demoLogins) {
    const row = rows.find((r) => r.login_name === u.login_name);
    if (row && await verifyPassword(u.password, row.password_hash)) found.push(u.login_name);
  }
  return found;
}
