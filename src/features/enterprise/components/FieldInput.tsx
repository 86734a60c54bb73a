/**
 * One input of the enterprise form by field kind. View mode and read-only fields are disabled;
 * numbers stay numbers (the server coerces too); a select offers its dictionary as `code name`.
 */
import { Checkbox, NumberInput, Select, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useMemo, useState } from 'react';
import type { EnterpriseField } from '../../../../domain/enterprise/fields.ts';
import type { EnterpriseValues } from '../../../../domain/enterprise/rules.ts';
import { getDictionary, type DictionaryItem } from '../../../lib/dictionaries.ts';

export type EnterpriseForm = UseFormReturnType<EnterpriseValues>;

const placeholder = (f: EnterpriseField) => (f.kind === 'select' || f.kind === 'date' ? `请选择${f.label}` : `请填写${f.label}`);

export function FieldInput({ field, form, editing }: { field: EnterpriseField; form: EnterpriseForm; editing: boolean }) {
  const input = form.getInputProps(field.name);
  const common = {
    label: field.label, withAsterisk: editing && field.required !== undefined && !field.readOnly, disabled: !editing || field.readOnly === true,
    error: input.error as string | undefined, onBlur: input.onBlur as () => void, placeholder: editing && !field.readOnly ? placeholder(field) : undefined,
  };
  const value = form.getValues()[field.name];
  const set = (v: unknown) => form.setFieldValue(field.name, v);
  switch (field.kind) {
    case 'flag':
      return <Checkbox label={field.label} disabled={common.disabled} checked={value === true} onChange={(e) => set(e.currentTarget.checked)} />;
    case 'textarea':
      return <Textarea {...common} rows={3} value={(value as string | null) ?? ''} onChange={(e) => set(e.currentTarget.value)} />;
    case 'number':
      return (
        <NumberInput {...common} hideControls allowNegative={false} decimalScale={4} styles={{ input: { textAlign: 'right' } }}
          value={typeof value === 'number' || typeof value === 'string' ? value : ''} onChange={(v) => set(v === '' ? null : v)} />
      );
    case 'date':
      return <DateInput {...common} clearable valueFormat="YYYY-MM-DD" value={(value as string | null) || null} onChange={(v) => set(v || null)} />;
    case 'select':
      return <DictionarySelect {...common} codeTable={field.codeTable!} value={(value as string | null) ?? null} onChange={set} />;
    default:
      return <TextInput {...common} value={(value as string | null) ?? ''} onChange={(e) => set(e.currentTarget.value)} />;
  }
}

interface SelectProps {
  label: string; withAsterisk: boolean; disabled: boolean; error: string | undefined; onBlur: () => void; placeholder: string | undefined;
  codeTable: string; value: string | null; onChange: (v: string | null) => void;
}

function DictionarySelect({ codeTable, value, onChange, ...common }: SelectProps) {
  const [items, setItems] = useState<DictionaryItem[]>([]);
  useEffect(() => {
    let live = true;
    getDictionary(codeTable).then((list) => { if (live) setItems(list); }, () => undefined);
    return () => { live = false; };
  }, [codeTable]);
  const data = useMemo(() => {
    const options = items.map((i) => ({ value: i.value, label: `${i.value} ${i.name}` }));
    return value && !options.some((o) => o.value === value) ? [...options, { value, label: value }] : options;
  }, [items, value]);
  return <Select {...common} searchable clearable nothingFoundMessage="—" data={data} value={value} onChange={onChange} />;
}
