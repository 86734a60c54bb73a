/**
 * The body table (bills §2): one row per line, a radio to select the row the body form shows,
 * rows with errors marked (their messages show in the body form when the row is selected), and
 * previous/next paging for a paged body (bills §9: 10 a page, no total).
 */
import { Button, Group, Radio, Table, Text } from '@mantine/core';
import { memo, useEffect, useState } from 'react';
import { formatNumber } from '../../../../domain/bills/number-format.ts';
import type { FieldDef } from '../../../../domain/bills/types.ts';
import { BODY_PAGE_SIZE } from '../../../../domain/query.ts';
import { billDetailText } from '../../../../domain/texts/bills.ts';
import type { DetailLine } from '../../../../machines/bill-detail.ts';
import { dictionaryLabel, type DictionaryLoader } from '../../../components/FieldInput.tsx';

/** value → shown text of each select column (`142 人民币`), dictionaries loaded once. */
function useSelectLabels(fields: readonly FieldDef[], load: DictionaryLoader): Record<string, Record<string, string>> {
  const [labels, setLabels] = useState<Record<string, Record<string, string>>>({});
  useEffect(() => {
    let live = true;
    for (const f of fields) {
      if (f.kind !== 'select') continue;
      if (f.options) {
        setLabels((l) => ({ ...l, [f.name]: Object.fromEntries(f.options!.map((o) => [o.value, o.label])) }));
      } else if (f.codeTable) {
        load(f.codeTable).then((items) => {
          if (live) setLabels((l) => ({ ...l, [f.name]: Object.fromEntries(items.map((i) => [i.value, dictionaryLabel(i)])) }));
        }, () => {});
      }
    }
    return () => { live = false; };
  }, [fields, load]);
  return labels;
}

export interface LineTableProps {
  /** the columns: the line fields a table can show (long texts stay in the body form) */
  fields: readonly FieldDef[];
  lines: readonly DetailLine[];
  selectedId: string | null;
  invalidIds: ReadonlySet<string>;
  onSelect: (id: string) => void;
  selectable: boolean;
  loadDictionary: DictionaryLoader;
  paging?: { pageIndex: number; lineTotal: number; enabled: boolean; onPage: (pageIndex: number) => void };
}

/** Memoised: typing in a form above or below it does not re-render the table. */
export const LineTable = memo(function LineTable({ fields, lines, selectedId, invalidIds, onSelect, selectable, loadDictionary, paging }: LineTableProps) {
  const labels = useSelectLabels(fields, loadDictionary);
  // numbers read as in the lists (number-format.ts); coded values as `142 人民币`
  const shown = (f: FieldDef, v: unknown) =>
    v === null || v === undefined ? '' : f.kind === 'number' || f.kind === 'integer' ? formatNumber(f, v, 'list') : labels[f.name]?.[String(v)] ?? String(v);
  return (
    <>
      <Table.ScrollContainer minWidth={Math.max(600, fields.length * 110)}>
        <Table withTableBorder withColumnBorders highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={56}>{billDetailText.selectColumn}</Table.Th>
              {fields.map((f) => <Table.Th key={f.name}>{f.label}</Table.Th>)}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.length === 0 && (
              <Table.Tr><Table.Td colSpan={fields.length + 1}><Text c="dimmed" size="sm" ta="center">{billDetailText.noLines}</Text></Table.Td></Table.Tr>
            )}
            {lines.map((line, i) => {
              const invalid = invalidIds.has(line.id);
              return (
                <Table.Tr key={line.id} data-invalid={invalid || undefined} title={invalid ? billDetailText.lineHasErrors : undefined}
                  bg={invalid ? 'var(--mantine-color-red-light)' : undefined}>
                  <Table.Td>
                    <Radio aria-label={billDetailText.selectLine(i + 1)} checked={selectedId === line.id} disabled={!selectable}
                      onChange={() => onSelect(line.id)} />
                  </Table.Td>
                  {fields.map((f) => <Table.Td key={f.name} ta={f.kind === 'number' || f.kind === 'integer' ? 'right' : undefined}>{shown(f, line[f.name])}</Table.Td>)}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {paging && (
        <Group justify="flex-end" gap="xs" mt="xs">
          <Button size="xs" variant="default" disabled={!paging.enabled || paging.pageIndex <= 1} onClick={() => paging.onPage(paging.pageIndex - 1)}>
            {billDetailText.previousPage}
          </Button>
          <Text size="sm">{billDetailText.page(paging.pageIndex)}</Text>
          <Button size="xs" variant="default" disabled={!paging.enabled || paging.pageIndex * BODY_PAGE_SIZE >= paging.lineTotal} onClick={() => paging.onPage(paging.pageIndex + 1)}>
            {billDetailText.nextPage}
          </Button>
        </Group>
      )}
    </>
  );
});
