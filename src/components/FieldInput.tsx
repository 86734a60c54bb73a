/**
 * One input for one FieldDef, by kind (domain/bills/types.ts), with the placeholders of bills §5.
 * Values travel as the API wants them: text as typed, numbers as numbers (a half-typed '1.' stays
 * a string until it parses; coerceValue settles it), dates 'YYYY-MM-DD', times
 * 'YYYY-MM-DD HH:mm:ss', flags one string of 0/1. Lengths are not cut by the browser: an HTML
 * maxLength counts UTF-16 units, the customs rule counts characters, so over-long text is reported
 * by the validation (domain/bills/validation.ts) instead of being silently truncated.
 */
import { Checkbox, Group, Input, NumberInput, Select, Textarea, TextInput, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { DateInput, DateTimePicker } from '@mantine/dates';
import { useEffect, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import { formatNumber } from '../../domain/bills/number-format.ts';
import { rankOptions } from '../../domain/bills/option-rank.ts';
import type { FieldDef } from '../../domain/bills/types.ts';
import { billText } from '../../domain/texts/bills.ts';
import { getDictionary, type DictionaryItem } from '../lib/dictionaries.ts';
import classes from './FieldInput.module.css';

export type FieldValue = string | number | null;
export type DictionaryLoader = (codeTable: string) => Promise<DictionaryItem[]>;

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export function placeholderOf(field: FieldDef): string | undefined {
  switch (field.kind) {
    case 'select': return billText.choose(field.label);
    case 'date': return billText.chooseDate;
    case 'datetime': return billText.chooseDateTime;
    case 'flags': return undefined;
    default: return billText.fill(field.label);
  }
}

/** A dictionary item as the select shows it: `value name` (142 人民币). */
export const dictionaryLabel = (item: DictionaryItem): string => `${item.value} ${item.name}`;

/** The select's options: fixed ones, or the code table's (loaded once per session, cached). */
export function useFieldOptions(field: FieldDef, load: DictionaryLoader = getDictionary): { value: string; label: string }[] {
  const [items, setItems] = useState<DictionaryItem[] | null>(null);
  const codeTable = field.kind === 'select' && !field.options ? field.codeTable : undefined;
  useEffect(() => {
    if (!codeTable) return undefined;
    let live = true;
    load(codeTable).then((list) => { if (live) setItems(list); }, () => { if (live) setItems([]); });
    return () => { live = false; };
  }, [codeTable, load]);
  return useMemo(() => field.options?.map((o) => ({ value: o.value, label: o.label })) ?? (items ?? []).map((i) => ({ value: i.value, label: dictionaryLabel(i) })), [field.options, items]);
}

export interface FieldInputProps {
  field: FieldDef;
  value: unknown;
  onChange: (value: FieldValue) => void;
  onBlur?: () => void;
  error?: ReactNode;
  /** a line under the input (报送类型 became 2 变更) */
  description?: ReactNode;
  /** view mode; read-only fields are always disabled */
  disabled?: boolean;
  loadDictionary?: DictionaryLoader;
}

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/**
 * A press on a time part that is already focused and wholly selected (the picker focuses the hours
 * once a day is picked) starts, in Chromium, a possible drag of the selection, and the release then
 * collapses it to the pressed point — after the part's own select-on-click. A typed "09" lands beside
 * the 0 already there: 0|0 becomes 00 and jumps on, and the 9 goes to the minutes. Such a press is
 * kept from doing anything, so the part stays selected and a typed digit replaces it. The part's own
 * mousedown only stopped the press from reaching the field around it; this keeps doing that.
 */
const keepSelection = {
  onMouseDown: (event: MouseEvent<HTMLInputElement>) => {
    event.stopPropagation();
    const input = event.currentTarget;
    const wholly = input.value !== '' && input.selectionStart === 0 && input.selectionEnd === input.value.length;
    if (document.activeElement === input && wholly) event.preventDefault();
  },
};
const timePickerProps = { hoursInputProps: keepSelection, minutesInputProps: keepSelection, secondsInputProps: keepSelection };

/** the inputs' readable read-only look (FieldInput.module.css) */
const inputClasses = { input: classes.input };
/** the same for the flags' checkboxes */
export const checkClasses = { input: classes.check, icon: classes.checkIcon, label: classes.checkLabel };

export function FieldInput({ field, value, onChange, onBlur, error, description, disabled, loadDictionary }: FieldInputProps) {
  const common = {
    label: field.label,
    description,
    classNames: inputClasses,
    withAsterisk: field.required === true,
    placeholder: placeholderOf(field),
    disabled: disabled === true || field.readOnly === true,
    error,
    onBlur,
  };
  switch (field.kind) {
    case 'textarea':
      // fixed rows: autosize measures fonts (document.fonts), which test DOMs do not have
      return <Textarea {...common} rows={2} resize="vertical" value={text(value)} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'number':
    case 'integer':
      // a value nobody edits here reads as everywhere else (number-format.ts: 1,835.00)
      if (common.disabled) {
        return <TextInput {...common} styles={{ input: { textAlign: 'right' } }} value={formatNumber(field, value, 'detail')} readOnly />;
      }
      return <NumberField {...common} field={field} value={value} onChange={onChange} />;
    case 'select':
      return <SelectInput {...common} field={field} value={text(value) || null} onChange={onChange} load={loadDictionary} />;
    case 'date':
    case 'datetime':
      // a date nobody edits here is its text, framed like every read-only value (no faded picker)
      if (common.disabled) return <TextInput {...common} value={text(value)} readOnly />;
      return field.kind === 'date'
        ? <DateInput {...common} clearable valueFormat={DATE_FORMAT} value={text(value) || null} onChange={(v) => onChange(v || null)} />
        : <DateTimePicker {...common} clearable withSeconds timePickerProps={timePickerProps} valueFormat={DATETIME_FORMAT} value={text(value) || null} onChange={(v) => onChange(v || null)} />;
    case 'flags':
      return <FlagsInput {...common} field={field} value={text(value)} onChange={onChange} />;
    default:
      return <TextInput {...common} value={text(value)} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}

interface CommonProps {
  label: string;
  description: ReactNode;
  classNames: typeof inputClasses;
  withAsterisk: boolean;
  placeholder: string | undefined;
  disabled: boolean;
  error: ReactNode;
  onBlur: (() => void) | undefined;
}

/** exact name or code first (typing 中国 offers 中国 before 中国香港): option-rank.ts */
const rankedFilter: OptionsFilter = ({ options, search }) => rankOptions(options as ComboboxItem[], search);

function SelectInput({ field, value, onChange, load, ...common }: CommonProps & { field: FieldDef; value: string | null; onChange: (v: FieldValue) => void; load: DictionaryLoader | undefined }) {
  const options = useFieldOptions(field, load);
  // a stored code the list does not know (or before the list arrives) is still shown
  const data = value && !options.some((o) => o.value === value) ? [...options, { value, label: value }] : options;
  return <Select {...common} searchable clearable={!field.required} nothingFoundMessage="—" filter={rankedFilter} data={data} value={value} onChange={(v) => onChange(v)} />;
}

/**
 * A number being edited reads as the view shows it (number-format.ts: 717.00, not 717) until it is
 * typed in; from the first keystroke to leaving the field it is the value as typed, so typing is
 * never reformatted under the caret. Focusing alone changes nothing shown: a text the browser (or
 * Tab) selected on focus stays selected, and typing replaces it (a text that changed on focus lost
 * its selection, and typing 336 over 336.00 gave 336336). Only what is shown changes: the value
 * stays what was typed.
 */
function NumberField({ field, value, onChange, onBlur, ...common }: CommonProps & { field: FieldDef; value: unknown; onChange: (v: FieldValue) => void }) {
  const [typing, setTyping] = useState(false);
  // the input groups thousands itself
  const shown = typing ? (typeof value === 'number' ? value : text(value)) : formatNumber(field, value, 'detail').replaceAll(',', '');
  return (
    <NumberInput
      {...common}
      hideControls
      allowNegative={false}
      allowDecimal={field.kind === 'number'}
      decimalScale={field.kind === 'number' ? field.scale : 0}
      thousandSeparator={field.kind === 'number' ? ',' : undefined}
      styles={{ input: { textAlign: 'right' } }}
      value={shown}
      onBlur={() => {
        setTyping(false);
        onBlur?.();
      }}
      onChange={(v) => {
        setTyping(true);
        onChange(v === '' ? null : v);
      }}
    />
  );
}

/** specDeclFlag and the like: one checkbox per character, joined into one 0/1 string. */
function FlagsInput({ field, value, onChange, label, description, withAsterisk, disabled, error, onBlur }: CommonProps & { field: FieldDef; value: string; onChange: (v: FieldValue) => void }) {
  const labels = field.flagLabels ?? [];
  const bits = labels.map((_, i) => value[i] === '1');
  const toggle = (i: number, on: boolean) => onChange(bits.map((b, j) => ((j === i ? on : b) ? '1' : '0')).join(''));
  return (
    <Input.Wrapper label={label} description={description} withAsterisk={withAsterisk} error={error}>
      <Group gap="md" mt={4} onBlur={onBlur}>
        {labels.map((flag, i) => (
          <Checkbox key={flag} label={flag} classNames={checkClasses} checked={bits[i] === true} disabled={disabled} onChange={(e) => toggle(i, e.currentTarget.checked)} />
        ))}
      </Group>
    </Input.Wrapper>
  );
}
