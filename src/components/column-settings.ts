/**
 * A list table's column settings chosen by the user (issue 19 column chooser): the columns hidden
 * and the widths dragged, kept in localStorage under a key per user and list
 * (`cbec.prefs.<user>.columns.<list>`), so the choice survives a reload and a logout and follows neither another
 * user of the browser nor another list. A stored value that is not one (hand edits, an older
 * format) counts as no choice.
 */
import { useCallback, useState } from 'react';
import { userPrefKey } from '../lib/session.ts';

export interface ColumnSettings {
  hidden: readonly string[];
  widths: Readonly<Record<string, number>>;
}

export const noColumnSettings: ColumnSettings = { hidden: [], widths: {} };
/** a column is never dragged narrower than this */
export const MIN_COLUMN_WIDTH = 48;

export const columnSettingsKey = (user: string, list: string): string => userPrefKey(user, `columns.${list}`);

export function readColumnSettings(key: string, storage: Storage = localStorage): ColumnSettings {
  try {
    const value = JSON.parse(storage.getItem(key) ?? 'null') as unknown;
    if (typeof value !== 'object' || value === null) return noColumnSettings;
    const { hidden, widths } = value as { hidden?: unknown; widths?: unknown };
    const names = Array.isArray(hidden) ? hidden.filter((h): h is string => typeof h === 'string') : [];
    const sizes: Record<string, number> = {};
    if (typeof widths === 'object' && widths !== null) {
      for (const [k, w] of Object.entries(widths)) if (typeof w === 'number' && Number.isFinite(w)) sizes[k] = Math.max(MIN_COLUMN_WIDTH, Math.round(w));
    }
    return { hidden: names, widths: sizes };
  } catch {
    return noColumnSettings;
  }
}

export function useColumnSettings(key: string | undefined) {
  const [settings, setSettings] = useState<ColumnSettings>(() => (key ? readColumnSettings(key) : noColumnSettings));
  const [forKey, setForKey] = useState(key);
  if (forKey !== key) {
    setForKey(key);
    setSettings(key ? readColumnSettings(key) : noColumnSettings);
  }
  const update = useCallback((change: (s: ColumnSettings) => ColumnSettings) => {
    setSettings((s) => {
      const next = change(s);
      if (key) {
        try {
          localStorage.setItem(key, JSON.stringify(next));
        } catch {
          // storage full or refused: the choice holds for this page only
        }
      }
      return next;
    });
  }, [key]);
  const toggle = useCallback((field: string, shown: boolean) => update((s) => ({
    ...s, hidden: shown ? s.hidden.filter((h) => h !== field) : [...s.hidden.filter((h) => h !== field), field],
  })), [update]);
  const resize = useCallback((field: string, width: number) => update((s) => ({
    ...s, widths: { ...s.widths, [field]: Math.max(MIN_COLUMN_WIDTH, Math.round(width)) },
  })), [update]);
  const reset = useCallback(() => update(() => noColumnSettings), [update]);
  return { settings, toggle, resize, reset };
}
