/** Parameter-setting rules (accounts-and-enterprise.md §3, §5): type, code and value each required. */
import type { FieldError } from '../envelope.ts';
import { charLength } from '../bills/validation.ts';
import { settingsText as t } from '../texts/settings.ts';

export const SETTING_TYPE_MAX = 50;
export const SETTING_CODE_MAX = 50;
export const SETTING_VALUE_MAX = 500;

export interface SettingValues { type?: unknown; code?: unknown; value?: unknown }

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

export function settingProblems(values: SettingValues): FieldError[] {
  const errors: FieldError[] = [];
  const check = (field: 'type' | 'code' | 'value', required: string, tooLong: string, max: number) => {
    const v = text(values[field]);
    if (!v) errors.push({ field, message: required });
    else if (charLength(v) > max) errors.push({ field, message: tooLong });
  };
  check('type', t.typeRequired, t.typeTooLong, SETTING_TYPE_MAX);
  check('code', t.codeRequired, t.codeTooLong, SETTING_CODE_MAX);
  check('value', t.valueRequired, t.valueTooLong, SETTING_VALUE_MAX);
  return errors;
}

/** The code table a known parameter's value is a code of (its value then reads as code + name). */
export const settingValueTables: Readonly<Record<string, string>> = { DEFAULT_CUSTOMS_CODE: 'declare_port', DEFAULT_TRADE_MODE: 'trade_mode' };

/** A parameter's code as people read it: its name when the console knows it. */
export const settingCodeName = (code: string): string | undefined => t.codeNames[code.trim()];

/** A parameter's value as people read it: the name of a known value, or code + name from its table. */
export function settingValueText(code: string, value: string, tableName?: (value: string) => string | undefined): string {
  const known = t.valueNames[code.trim()]?.[value.trim().toUpperCase()];
  if (known) return known;
  const name = tableName?.(value.trim());
  return name ? `${value} ${name}` : value;
}
