/**
 * Names of coded values (currency 142 → 人民币) for tables: one Map per code table, so a 500-row
 * page looks each cell up in O(1). Dictionaries come from src/lib/dictionaries.ts (session cache).
 */
import { useEffect, useState } from 'react';
import type { FieldDef } from '../../../../domain/bills/types.ts';
import type { CodeNames } from '../../../components/DefinitionTableCells.tsx';
import { getDictionary } from '../../../lib/dictionaries.ts';
import type { Http } from '../../../lib/http.ts';
import { notifyError } from '../../../lib/notify.ts';

export type { CodeNames };

export const noCodeNames: CodeNames = new Map();

/** The code tables the given fields need, each once. */
export function codeTablesOf(fields: Iterable<FieldDef | undefined>): string[] {
  const tables = new Set<string>();
  for (const f of fields) if (f?.codeTable) tables.add(f.codeTable);
  return [...tables].sort();
}

export function useCodeNames(codeTables: readonly string[], client?: Http): CodeNames {
  const key = codeTables.join(',');
  const [names, setNames] = useState<CodeNames>(noCodeNames);
  useEffect(() => {
    if (!key) return;
    let live = true;
    const tables = key.split(',');
    void Promise.allSettled(tables.map((t) => getDictionary(t, client))).then((answers) => {
      if (!live) return;
      const next = new Map<string, ReadonlyMap<string, string>>();
      answers.forEach((answer, i) => {
        if (answer.status === 'fulfilled') next.set(tables[i]!, new Map(answer.value.map((item) => [String(item.value), item.name])));
        else notifyError(answer.reason); // the codes still show, only their names are missing
      });
      setNames(next);
    });
    return () => {
      live = false;
    };
  }, [key, client]);
  return names;
}
