/**
 * What changed in an enterprise's filing since its last approved version (issue 20, 备案审核): the
 * fields of the enterprise page whose shown value differs, and the attachments added or removed.
 * Pure: the server lists it in the queue, the detail page highlights it, both from this function.
 * Values are compared as the page shows them (a select by its code, a flag as 是/否, a number as
 * a number), so a stored '100' and 100 are the same and a renamed dictionary item is no change.
 */
import { flagOf, numberOf } from './rules.ts';
import { areaFields, enterpriseFields, type EnterpriseField } from './fields.ts';
import { reviewFilingText as t } from '../texts/review-filing.ts';

export type Profile = Record<string, unknown>;
export interface FilingAttachment { id: number; fileType: string; fileName: string; size: number }

/** A field the page shows: the enterprise fields and 行政区划. */
export interface ShownField { name: string; label: string; span?: 1 | 2 | 3 }
export const AREA_FIELD: ShownField = { name: areaFields.area, label: areaFields.label, span: 2 };

export interface FieldChange { field: string; label: string; before: string; after: string }

/** The comparable key of a field's value ('' = empty). */
function keyOf(field: EnterpriseField | undefined, name: string, profile: Profile): string {
  const v = profile[name];
  if (field?.kind === 'flag') return flagOf(v) ? '1' : '0';
  if (field?.kind === 'number') { const n = numberOf(v); return n === null || Number.isNaN(n) ? '' : String(n); }
  if (v === null || v === undefined) return '';
  return String(v).trim();
}

/** The value as the page shows it: a select's name (its code if the name is missing), 是/否, the area's full name. */
export function shownValue(name: string, profile: Profile): string {
  if (name === areaFields.area) return String(profile[areaFields.name] ?? profile[areaFields.area] ?? '');
  const field = enterpriseFields.find((f) => f.name === name);
  if (field?.kind === 'flag') return flagOf(profile[name]) ? t.yes : t.no;
  if (field?.kind === 'select' && field.nameField) {
    const code = keyOf(field, name, profile);
    return code ? String(profile[field.nameField] ?? code) : '';
  }
  return keyOf(field, name, profile);
}

const shown = (section: EnterpriseField['section']): ShownField[] =>
  enterpriseFields.filter((f) => f.section === section).map(({ name, label, span }) => ({ name, label, ...(span ? { span } : {}) }));

/** The page's two sections as the review shows them (行政区划 closes 企业信息). */
export const shownSections: { company: readonly ShownField[]; filing: readonly ShownField[] } = {
  company: [...shown('company'), AREA_FIELD],
  filing: shown('filing'),
};
/** Every field the review shows, in the page's order. */
export const shownFields: readonly ShownField[] = [...shownSections.company, ...shownSections.filing];

export function fieldChanges(before: Profile, after: Profile): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const f of shownFields) {
    const field = enterpriseFields.find((e) => e.name === f.name);
    if (keyOf(field, f.name, before) === keyOf(field, f.name, after)) continue;
    changes.push({ field: f.name, label: f.label, before: shownValue(f.name, before), after: shownValue(f.name, after) });
  }
  return changes;
}

export function attachmentChanges(before: readonly FilingAttachment[], after: readonly FilingAttachment[]) {
  const had = new Set(before.map((f) => f.id));
  const has = new Set(after.map((f) => f.id));
  return { added: after.filter((f) => !had.has(f.id)), removed: before.filter((f) => !has.has(f.id)) };
}

/** The queue's one-line summary: the labels of the changed fields, then the attachment changes. */
export function changeSummary(fields: readonly FieldChange[], files: { added: readonly unknown[]; removed: readonly unknown[] }): string[] {
  return [
    ...fields.map((c) => c.label),
    ...(files.added.length > 0 ? [t.addedFilesCount(files.added.length)] : []),
    ...(files.removed.length > 0 ? [t.removedFilesCount(files.removed.length)] : []),
  ];
}
