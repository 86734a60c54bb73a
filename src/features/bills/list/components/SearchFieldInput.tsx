/**
 * One input of the 条件查询 dialog, by the field's kind: a date range for btw, a select for coded or
 * fixed values, else text (placeholders of bills §5).
 */
import { Select, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { FieldDef, SearchField } from '../../../../../domain/bills/types.ts';
import { billText } from '../../../../../domain/texts/bills.ts';
import type { CodeNames } from '../../shared/code-names.ts';
import { isRange, type DateRange, type SearchValue } from '../search-terms.ts';

export interface SearchFieldInputProps {
  search: SearchField;
  field: FieldDef | undefined;
  codeNames: CodeNames;
  value: SearchValue;
  onChange: (value: SearchValue) => void;
}

function selectData(field: FieldDef, codeNames: CodeNames) {
  if (field.options) return field.options.map((o) => ({ value: o.value, label: o.label }));
  const names = field.codeTable ? codeNames.get(field.codeTable) : undefined;
  return names ? [...names].map(([value, name]) => ({ value, label: `${value} ${name}` })) : [];
}

export function SearchFieldInput({ search, field, codeNames, value, onChange }: SearchFieldInputProps) {
  const label = search.label ?? field?.label ?? search.field;
  if (isRange(search)) {
    return (
      <DatePickerInput
        type="range"
        label={label}
        placeholder={billText.chooseDate}
        valueFormat="YYYY-MM-DD"
        clearable
        allowSingleDateInRange
        value={(Array.isArray(value) ? value : [null, null]) as DateRange}
        onChange={(range) => onChange(range as DateRange)}
      />
    );
  }
  if (search.options || (field && field.kind === 'select' && (field.codeTable || field.options))) {
    return (
      <Select
        label={label}
        placeholder={billText.choose(label)}
        data={search.options ? search.options.map((o) => ({ value: o.value, label: o.label })) : selectData(field!, codeNames)}
        searchable
        clearable
        value={typeof value === 'string' && value !== '' ? value : null}
        onChange={(v) => onChange(v)}
      />
    );
  }
  return (
    <TextInput
      label={label}
      placeholder={billText.fill(label)}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
