/**
 * The dialog of a list action that asks fields before it runs (ActionDef.form, dialog 'form'):
 * 批量离境's leaveTime, 生成运抵单's operator, 生成清单总分单's voyage, and the summary dialog
 * (bills §2: 收发货人汇总标志 required, 按商品名汇总标志 optional, options 全部 2 / 是 1 / 否 0). With
 * an ActionDef.filter it also offers that filter over the bills the action takes, and confirming
 * with none of it filled asks the filter's question first (尚未对可汇总清单进行筛选, 是否进行筛选?):
 * 是 goes back to the filter, 否 runs the action unfiltered.
 *
 * The fields are checked by the rules the server runs (formProblems); the answers go back as text
 * (filter fields by name too: filterTerms turns them into the request's terms).
 */
import { Alert, Button, Divider, Group, List, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { ActionDef, FieldDef } from '../../../../domain/bills/types.ts';
import type { Term } from '../../../../domain/query.ts';
import { billActionText, billListText } from '../../../../domain/texts/bills.ts';
import { commonText } from '../../../../domain/texts/web.ts';
import { DefinitionForm, formProblems, useDefinitionForm, type FormValues } from '../../../components/DefinitionForm.tsx';
import type { ActionDialogProps } from './action-dialogs.ts';

const SHOWN = 10;
const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** The filter's fields filled in, as the terms of the request ({column, termType, value}). */
export function filterTerms(action: ActionDef, values: Readonly<Record<string, string>>): Term[] {
  return (action.filter?.fields ?? []).flatMap((f) => (blank(values[f.field.name]) ? [] : [{ column: f.column, termType: f.termType, value: values[f.field.name]!.trim() }]));
}

/** The answers as text, empty fields left out. */
function answersOf(values: FormValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, v] of Object.entries(values)) if (!blank(v)) out[name] = String(v).trim();
  return out;
}

export function ActionFormDialog({ pending, titleOf, onSubmit, onCancel }: ActionDialogProps) {
  const { action, rows, excluded } = pending;
  const filterFields = useMemo<FieldDef[]>(() => (action.filter?.fields ?? []).map((f) => f.field), [action]);
  const formFields = action.form ?? [];
  const all = useMemo(() => [...filterFields, ...formFields], [filterFields, formFields]);
  const form = useDefinitionForm(all);
  const [asking, setAsking] = useState(false);
  // a selection-free action (汇总 by condition) has no rows to list
  const selectionFree = action.needsSelection === false;
  const nothingAllowed = !selectionFree && rows.length === 0;

  const submit = () => onSubmit(answersOf(form.values));
  const confirm = () => {
    const errors = formProblems(all, form.values, 'save');
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    if (action.filter && filterFields.every((f) => blank(form.values[f.name]))) setAsking(true);
    else submit();
  };

  return (
    <Stack gap="sm">
      {!selectionFree && (nothingAllowed ? (
        <Text size="sm" c="orange">{billListText.noneAllowed(action.label)}</Text>
      ) : (
        <Text size="sm">{billListText.willSubmit(rows.length)}</Text>
      ))}
      {excluded.length > 0 && (
        <>
          <Text size="sm" c="dimmed">{billListText.excluded(excluded.length, action.label)}</Text>
          <List size="sm" spacing={0}>
            {excluded.slice(0, SHOWN).map((r) => <List.Item key={r.id}>{`${titleOf(r)}（${String(r.stateName ?? r.state ?? '')}）`}</List.Item>)}
            {excluded.length > SHOWN && <List.Item>…</List.Item>}
          </List>
        </>
      )}
      {filterFields.length > 0 && (
        <>
          <Divider label={billActionText.filterTitle} labelPosition="left" />
          <DefinitionForm fields={filterFields} form={form} disabled={asking} />
          <Divider label={billActionText.flagsTitle} labelPosition="left" />
        </>
      )}
      {formFields.length > 0 && <DefinitionForm fields={formFields} form={form} disabled={asking || nothingAllowed} />}
      {asking ? (
        <Alert color="yellow" title={commonText.prompt}>
          <Stack gap="xs">
            <Text size="sm">{action.filter!.emptyConfirm}</Text>
            <Group justify="flex-end" gap="xs">
              <Button variant="default" size="xs" onClick={submit}>{billActionText.no}</Button>
              <Button size="xs" onClick={() => setAsking(false)}>{billActionText.yes}</Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>{commonText.cancel}</Button>
          <Button onClick={confirm} disabled={nothingAllowed}>{commonText.confirm}</Button>
        </Group>
      )}
    </Stack>
  );
}
