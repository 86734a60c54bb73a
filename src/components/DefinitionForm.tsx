/**
 * A form from a list of FieldDefs (a bill's head or line fields): a 3-column grid honouring
 * field.span, one FieldInput each, and the rules of domain/bills/validation.ts (the ones the
 * server runs). The caller owns the @mantine/form instance (useDefinitionForm), so it decides
 * when to validate and for which purpose (save or declare).
 */
import { Grid } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { memo, useMemo, useRef, type ReactNode } from 'react';
import { lineProduct, type LineProductDef } from '../../domain/bills/computed-totals.ts';
import type { FieldDef } from '../../domain/bills/types.ts';
import { fieldProblem, type Purpose } from '../../domain/bills/validation.ts';
import { FieldInput, type DictionaryLoader, type FieldValue } from './FieldInput.tsx';

export type FormValues = Record<string, FieldValue>;
export type DefinitionFormApi = UseFormReturnType<FormValues>;

/** Words the browser cannot resolve: the server fills these when the field is left empty. */
const serverWords = new Set(['company.dxpId', 'now', 'dxp']);
export const serverFills = (field: FieldDef): boolean =>
  typeof field.default === 'object' && field.default !== null && serverWords.has(field.default.word);

const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** The form's values for `fields`, taken from a row (a bill head, a line, defaults). */
export function valuesOf(fields: readonly FieldDef[], row: Record<string, unknown>): FormValues {
  const out: FormValues = {};
  for (const f of fields) {
    const v = row[f.name];
    out[f.name] = typeof v === 'number' || typeof v === 'string' ? v : f.kind === 'flags' ? '0'.repeat(f.flagLabels?.length ?? 1) : null;
  }
  return out;
}

/**
 * Each field's problem (fieldProblem), read-only fields skipped, and an empty field the server
 * fills itself (dxpId ← the company's) is not missing.
 */
export function formProblems(fields: readonly FieldDef[], values: Record<string, unknown>, purpose: Purpose): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of fields) {
    if (f.readOnly || (serverFills(f) && isBlank(values[f.name]))) continue;
    const problem = fieldProblem(f, values[f.name], purpose);
    if (problem) errors[f.name] = problem;
  }
  return errors;
}

/** A form over `fields`; DefinitionForm checks a field (for saving) when it loses focus. */
export function useDefinitionForm(fields: readonly FieldDef[], initial: Record<string, unknown> = {}): DefinitionFormApi {
  return useForm<FormValues>({
    initialValues: valuesOf(fields, initial),
    validate: (values) => formProblems(fields, values, 'save'),
  });
}

export interface DefinitionFormProps {
  fields: readonly FieldDef[];
  form: DefinitionFormApi;
  /** view mode: every input disabled */
  disabled?: boolean;
  loadDictionary?: DictionaryLoader;
  /**
   * totals computed as the user types (computed-totals.ts, customs' R101): a change of the quantity
   * or the price sets the total to their product; the total stays editable (the last edit wins)
   */
  products?: readonly LineProductDef[];
  /** a line under a field's input (the lines' sum offered for 商品金额, 报送类型's change) */
  descriptions?: Readonly<Record<string, ReactNode>>;
  /** a field was left, before it is checked (a cleared 商品金额 takes the lines' sum back) */
  onFieldBlur?: (name: string) => void;
}

/** Typing re-renders the one input whose value changed: the others get equal props. */
const MemoFieldInput = memo(FieldInput);

const noProducts: readonly LineProductDef[] = [];

export function DefinitionForm({ fields, form, disabled, loadDictionary, products = noProducts, descriptions, onFieldBlur }: DefinitionFormProps) {
  const latest = useRef(form);
  latest.current = form;
  const left = useRef(onFieldBlur);
  left.current = onFieldBlur;
  // stable per-field handlers (the form object itself is new on every render)
  const handlers = useMemo(() => Object.fromEntries(fields.map((f) => {
    const feeds = products.filter((p) => p.qty === f.name || p.price === f.name);
    return [f.name, {
      change: (v: FieldValue) => {
        const form = latest.current;
        form.setFieldValue(f.name, v);
        for (const p of feeds) {
          const values = { ...form.getValues(), [f.name]: v };
          const total = lineProduct(values[p.qty], values[p.price]);
          if (total !== undefined) form.setFieldValue(p.total, total);
        }
      },
      blur: () => {
        left.current?.(f.name);
        latest.current.validateField(f.name);
      },
    }];
  })), [fields, products]);
  return (
    <Grid columns={3} gap="sm">
      {fields.map((field) => (
        <Grid.Col key={field.name} span={{ base: 3, sm: field.span ?? 1 }}>
          <MemoFieldInput
            field={field}
            value={form.values[field.name]}
            onChange={handlers[field.name]!.change}
            onBlur={handlers[field.name]!.blur}
            error={form.errors[field.name]}
            description={descriptions?.[field.name]}
            disabled={disabled}
            loadDictionary={loadDictionary}
          />
        </Grid.Col>
      ))}
    </Grid>
  );
}
