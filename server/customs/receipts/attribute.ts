/**
 * Whose is a file that names no bill the console knows? Without a channel that says so, the file
 * itself does: a DXP id of a company (companies.dxp_id), or the enterprise codes a receipt carries
 * (agentCode, ebcCode, logisticsCode … compared with each company's customs registration code,
 * its code once filed and its credit codes). Nobody sees a receipt stored with no company, so
 * this decides who lists it among their 未匹配回执.
 *
 * Every code counts (issue 28): a receipt whose codes name one company is that company's; one whose
 * codes name several — the declaring enterprise and the platform it names are both companies here,
 * or one code two companies share — belongs to the one of them whose declared bill holds its keys
 * (ingest.ts), else to none of them; a row no code names stays without one. Which code comes first
 * decides nothing: that would be applying a receipt by guess.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Receipt fields holding an enterprise's code (copCode: the transmitting enterprise). */
export const COMPANY_CODE_FIELDS = [
  'copCode', 'agentCode', 'ebcCode', 'logisticsCode', 'payCode', 'operatorCode', 'ebpCode', 'assureCode', 'declAgentCode',
] as const;

const MAX_CODE_LENGTH = 30;
const usable = (values: Iterable<string>) => [...new Set([...values].map((v) => v.trim()).filter((c) => c !== '' && c.length <= MAX_CODE_LENGTH))];

/** The one company whose DXP id is among the values; undefined when none or several. */
export async function companyOfDxpIds(trx: Kysely<Database>, values: readonly string[]): Promise<number | undefined> {
  const ids = usable(values);
  if (ids.length === 0) return undefined;
  const rows = await trx.selectFrom('companies').select('id').where('dxp_id', 'in', ids).limit(2).execute();
  return rows.length === 1 ? rows[0]!.id : undefined;
}

/** code → the companies holding it (customs code, registration code, credit codes). */
async function ownersOf(trx: Kysely<Database>, codes: readonly string[]): Promise<Map<string, Set<number>>> {
  const owners = new Map<string, Set<number>>();
  if (codes.length === 0) return owners;
  const list = sql.join(codes);
  const { rows } = await sql<{ id: number; codes: (string | null)[] }>`
    select id, array[company_code, customs_regist_code, social_credit_code, profile->>'socialCreditCode'] as codes
    from companies
    where company_code in (${list}) or customs_regist_code in (${list}) or social_credit_code in (${list})
      or profile->>'socialCreditCode' in (${list})`.execute(trx);
  for (const r of rows) {
    for (const c of r.codes) {
      if (!c) continue;
      const set = owners.get(c) ?? new Set<number>();
      set.add(r.id);
      owners.set(c, set);
    }
  }
  return owners;
}

/** For each entry (a receipt's fields), the companies its codes name, ascending: none, one, or several. */
export async function companiesNamedBy(trx: Kysely<Database>, entries: readonly Readonly<Record<string, string>>[]): Promise<number[][]> {
  const owners = await ownersOf(trx, usable(entries.flatMap((e) => COMPANY_CODE_FIELDS.map((f) => e[f] ?? ''))));
  return entries.map((e) => {
    const named = new Set(COMPANY_CODE_FIELDS.flatMap((f) => [...owners.get(e[f]?.trim() ?? '') ?? []]));
    return [...named].sort((a, b) => a - b);
  });
}

/** The one company any of the values is a code of (a document of unknown shape); undefined when none or several. */
export async function companyOfAnyCode(trx: Kysely<Database>, values: readonly string[]): Promise<number | undefined> {
  const owners = await ownersOf(trx, usable(values));
  const all = new Set([...owners.values()].flatMap((s) => [...s]));
  return all.size === 1 ? [...all][0] : undefined;
}
