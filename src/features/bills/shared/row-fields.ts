/**
 * The fields a bill row can show (bill-engine.md "A row"): the engine's own row fields (state,
 * stateName, appTime, createTime, returnInfo …) that no definition declares, overlaid by the
 * definition's head fields, whose labels win (appTime 申报时间).
 */
import { snake } from '../../../../domain/bills/columns.ts';
import type { BillDefinition, FieldDef, FieldKind } from '../../../../domain/bills/types.ts';
import { billServerText } from '../../../../domain/texts/bills.ts';

const engineFields: Record<string, FieldKind> = {
  id: 'integer',
  state: 'text',
  stateName: 'text',
  appTime: 'datetime',
  createTime: 'datetime',
  updateTime: 'datetime',
  returnStatus: 'text',
  returnTime: 'datetime',
  returnInfo: 'text',
};

const cache = new WeakMap<BillDefinition, ReadonlyMap<string, FieldDef>>();

/** Field name → field, for list columns and search fields. Definitions are static: cached. */
export function rowFields(definition: BillDefinition): ReadonlyMap<string, FieldDef> {
  const hit = cache.get(definition);
  if (hit) return hit;
  const fields = new Map<string, FieldDef>();
  for (const [name, kind] of Object.entries(engineFields)) {
    fields.set(name, { name, label: billServerText.columnLabels[name] ?? name, kind });
  }
  for (const field of definition.head) fields.set(field.name, field);
  cache.set(definition, fields);
  return fields;
}

/** The field a query column (snake_case, as terms name it) stands for. */
export function fieldOfColumn(fields: ReadonlyMap<string, FieldDef>, column: string): FieldDef | undefined {
  for (const field of fields.values()) if (snake(field.name) === column) return field;
  return undefined;
}
