/**
 * The company-scope rule (docs/scaling.md): every statement the product sends that reads or writes a
 * company's bill data names the company, so a company-keyed distribution (Citus' distributed tables,
 * or a shard per company range) can route it to one shard. The exceptions are the few statements that
 * are cross-company by nature, each listed with its reason.
 */

/** Tables holding a company's bill data: the distributed tables of docs/scaling.md. */
export const COMPANY_TABLES = ['bill_heads', 'bill_lines', 'customs_messages', 'customs_receipts', 'sign_records', 'statistics_daily', 'bill_counts', 'bill_count_deltas'] as const;

export interface CrossCompanyStatement {
  /** matches the statement's SQL (whitespace collapsed) */
  pattern: RegExp;
  /** why it does not name one company */
  reason: string;
  /** true: it could and should, before the tables are distributed (docs/scaling.md, "before distributing") */
  debt?: boolean;
}

/**
 * Statements that do not name the company, each with its reason (docs/scaling.md). Only these may;
 * a new one fails tests/api/company-scope.test.ts until it names the company or is listed here.
 */
export const CROSS_COMPANY: CrossCompanyStatement[] = [
  {
    pattern: /^select .* from "customs_messages" where "status" = \$1 and "next_attempt_at" <= now\(\) order by .* for update skip locked$/,
    reason: 'the outbox worker claims the due messages of every company (on a cluster: one worker per shard group)',
  },
  {
    pattern: /^update "customs_messages" set "status" = \$1, "next_attempt_at" = now\(\), "claimed_by" = \$2 where "status" = \$3/,
    reason: 'the outbox takes back the messages of a worker that stopped, whatever their company',
  },
  {
    pattern: /^with moved as \(delete from bill_count_deltas returning /,
    reason: 'the compaction folds the count deltas of every company into bill_counts (on a cluster: run on each shard group, the statement stays shard-local as deltas and counts are co-located by company)',
  },
];

const TABLE_RE = new RegExp(`"?\\b(${COMPANY_TABLES.join('|')})\\b"?`, 'g');
/** A company table read or written: after from, join, update, into, using — not `extract(epoch from "bill_heads"."app_time")`. */
const TABLE_NAMES = COMPANY_TABLES.join('|');
const REFERENCE_RE = new RegExp(`\\b(from|join|update|into|using)\\s+(?:"(?:${TABLE_NAMES})"|\\b(?:${TABLE_NAMES})\\b)(?!\\.)`, 'gi');
/** company_id compared in a condition (=, in, = any(...)) — a filter, not a column selected or set. */
const FILTER_RE = /\b(where|and|or|on)\s+\(?\s*("?\w+"?\.)?"?company_id"?\s*(=|in\s*\(|is not distinct from)/gi;

/** The company tables a statement touches (migrations and catalogue queries are not the product's). */
export function companyTablesOf(statement: string): string[] {
  return [...new Set([...statement.matchAll(TABLE_RE)].map((m) => m[1]!))];
}

export interface ScopeViolation {
  sql: string;
  tables: string[];
  count: number;
}

/**
 * The statements that touch a company table without a company filter and are not listed as
 * cross-company, each once with how often it ran.
 */
export function scopeViolations(statements: readonly string[], allowed: readonly CrossCompanyStatement[]): ScopeViolation[] {
  const found = new Map<string, ScopeViolation>();
  for (const raw of statements) {
    const sql = raw.replace(/\s+/g, ' ').trim();
    if (/^(create|alter|drop|comment|analyze|vacuum|grant|set|reset|begin|commit|rollback|savepoint|release|listen|unlisten|notify)\b/i.test(sql)) continue;
    if (/information_schema|pg_catalog|kysely_migration/.test(sql)) continue;
    const tables = companyTablesOf(sql);
    if (tables.length === 0 || scoped(sql)) continue;
    if (allowed.some((a) => a.pattern.test(sql))) continue;
    const seen = found.get(sql);
    if (seen) seen.count++;
    else found.set(sql, { sql, tables, count: 1 });
  }
  return [...found.values()];
}

/**
 * Each reading or writing of a company table has its own company condition: a statement that names
 * the company for its bills but reads their lines (a join, a subquery) without it still fails — on a
 * cluster that part would go to every shard, or the join would not be co-located. The conditions are
 * counted against the references: `h.company_id = $1 and l.company_id = h.company_id` scopes two.
 */
function scoped(sql: string): boolean {
  const references = [...sql.matchAll(REFERENCE_RE)].length;
  const filters = [...sql.matchAll(FILTER_RE)].length + (insertsCompany(sql) ? 1 : 0);
  return filters > 0 && filters >= references;
}

/** An insert whose column list carries company_id: routed by the value it inserts. */
function insertsCompany(sql: string): boolean {
  const m = /^insert into "?\w+"? \(([^)]*)\)/i.exec(sql);
  return m !== null && /"?company_id"?/.test(m[1]!);
}
