/**
 * Everything the engine derives once from a definition when routes are registered: the module uri,
 * the query whitelist, the indexed columns it reads, labels. Requests only look things up.
 */
import { snake } from '../../domain/bills/columns.ts';
import { listRowFields } from '../../domain/bills/list-row.ts';
import type { BillApi, BillDefinition, FieldDef, HeadColumn } from '../../domain/bills/types.ts';
import { billServerText } from '../../domain/texts/bills.ts';
import type { ColumnWhitelist } from '../query/list-query.ts';
import { ENGINE_FIELD_NAMES } from './values.ts';
import { billPageUri } from './bill-grant.ts';
import { billWhitelist } from './whitelist.ts';

export interface BillModel {
  def: BillDefinition;
  /** the page's module uri: read calls need it, write calls one of its button codes */
  uri: string;
  whitelist: ColumnWhitelist;
  /** the indexed bill_heads columns this bill's head fields live in */
  columns: readonly HeadColumn[];
  /** head fields kept by the engine (appTime is the bill's app_time) are not among the stored ones */
  stored: readonly FieldDef[];
  field(name: string): FieldDef | undefined;
  label(field: string): string;
  title: FieldDef;
  /** what a list row carries (domain/bills/list-row.ts) */
  listFields: readonly string[];
  /** who may call an api key: anyone with the page (reads), or a holder of one of these button codes */
  access(key: keyof BillApi): 'page' | readonly string[];
}

/** Row fields the engine fills itself (bill-engine.md: a row). */
export const ENGINE_FIELDS: ReadonlySet<string> = new Set(ENGINE_FIELD_NAMES);

/** Calls that only read: the page is enough. */
const READS = new Set<keyof BillApi>(['pageList', 'queryStateCount', 'detail', 'lines', 'downloadQueryTemplate']);

export function billModel(def: BillDefinition): BillModel {
  const byName = new Map(def.head.map((f) => [f.name, f]));
  const label = (field: string) => byName.get(field)?.label ?? billServerText.columnLabels[field] ?? field;
  const title = byName.get(def.titleField);
  if (!title) throw new Error(`${def.mode}/${def.key}: titleField ${def.titleField} is not a head field`);
  const codesByKey = new Map<keyof BillApi, string[]>();
  for (const a of def.actions) codesByKey.set(a.api, [...(codesByKey.get(a.api) ?? []), a.code]);
  return {
    def,
    uri: billPageUri(def.mode, def.key),
    whitelist: billWhitelist(def, label),
    columns: [...new Set(def.head.flatMap((f) => (f.column ? [f.column] : [])))],
    stored: def.head.filter((f) => !ENGINE_FIELDS.has(f.name)),
    field: (name) => byName.get(name),
    label,
    title,
    listFields: listRowFields(def),
    access: (key) => {
      if (READS.has(key)) return 'page';
      // Saving one body line is editing the bill: the codes that may save it. A write no action
      // names gets no codes, so nobody may call it.
      return codesByKey.get(key) ?? (key === 'saveLines' ? codesByKey.get('save') ?? [] : []);
    },
  };
}

export const titleColumn = (model: BillModel) => snake(model.title.name);
