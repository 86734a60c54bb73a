/**
 * 表体信息 (bills §2): a collapsible section with the body table and, below it, the body form of
 * the selected row (or of a new row after 新增). 保存 here checks the row (bills §5: the body form
 * validates before the row goes into the table) and puts it into the table; the bill itself is
 * saved by the page's 保存.
 */
import { Box, Button, Collapse, Group, Paper, Title, UnstyledButton } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { LineProductDef } from '../../../../domain/bills/computed-totals.ts';
import type { FieldDef } from '../../../../domain/bills/types.ts';
import { billDetailText, billText } from '../../../../domain/texts/bills.ts';
import { DefinitionForm, type DefinitionFormApi } from '../../../components/DefinitionForm.tsx';
import type { DictionaryLoader } from '../../../components/FieldInput.tsx';
import { LineTable, type LineTableProps } from './LineTable.tsx';

export interface BodySectionProps {
  fields: readonly FieldDef[];
  table: Omit<LineTableProps, 'fields' | 'loadDictionary'>;
  form: DefinitionFormApi;
  /** the body form is shown (edit mode, or a row is selected) */
  showForm: boolean;
  /** rows may be added and changed now */
  rowsEditable: boolean;
  /** the body form's row is being saved alone (bodySave): its buttons stay, 保存 loading */
  savingLine?: boolean;
  /** the line fields the table shows (BillLinesDef.columns); absent: all but long texts */
  columns?: readonly string[] | undefined;
  /** the module grants the body buttons (bodySave) */
  canSaveRows: boolean;
  onNewLine: () => void;
  onSaveLine: () => void;
  loadDictionary: DictionaryLoader;
  /** line totals computed from quantity × price (computed-totals.ts) */
  products?: readonly LineProductDef[];
}

/** The definition's table columns, in its order; without them long texts are left to the body form. */
export function tableFields(fields: readonly FieldDef[], names?: readonly string[]): FieldDef[] {
  if (!names) return fields.filter((f) => f.kind !== 'textarea');
  return names.flatMap((name) => fields.filter((f) => f.name === name));
}

export function BodySection(props: BodySectionProps) {
  const { fields, table, form, showForm, rowsEditable, savingLine = false, canSaveRows, onNewLine, onSaveLine, loadDictionary, products } = props;
  const [opened, setOpened] = useState(true);
  const columns = useMemo(() => tableFields(fields, props.columns), [fields, props.columns]);
  return (
    <Paper withBorder p="md" component="section" aria-label={billText.body}>
      <UnstyledButton onClick={() => setOpened((o) => !o)} aria-expanded={opened} w="100%">
        <Group justify="space-between">
          <Title order={5}>{billText.body}</Title>
          <Box fz="sm" c="dimmed">{opened ? billDetailText.collapse : billDetailText.expand}</Box>
        </Group>
      </UnstyledButton>
      <Collapse expanded={opened}>
        <Box mt="sm">
          <LineTable fields={columns} loadDictionary={loadDictionary} {...table} />
          {showForm && (
            <Box mt="md">
              <DefinitionForm fields={fields} form={form} disabled={!rowsEditable} loadDictionary={loadDictionary} products={products} />
              {(rowsEditable || savingLine) && canSaveRows && (
                <Group mt="sm" gap="xs">
                  <Button size="xs" variant="default" disabled={savingLine} onClick={onNewLine}>{billDetailText.newLine}</Button>
                  <Button size="xs" loading={savingLine} onClick={onSaveLine}>{billDetailText.saveLine}</Button>
                </Group>
              )}
            </Box>
          )}
        </Box>
      </Collapse>
    </Paper>
  );
}
