/**
 * The confirmation of a batch action (bills §8: 确认批量申报吗？ …): how many bills go, which the
 * lifecycle excludes and why, and the action's prompt (a required reason) when it has one.
 */
import { Button, Group, List, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { billListText } from '../../../../../domain/texts/bills.ts';
import { commonText } from '../../../../../domain/texts/web.ts';
import type { BillRow, PendingAction } from '../../../../../machines/bill-list.ts';

export interface ActionConfirmProps {
  pending: PendingAction;
  titleOf: (row: BillRow) => string;
  onConfirm: (values: Record<string, string>) => void;
  onCancel: () => void;
}

const SHOWN = 10;

export function ActionConfirm({ pending, titleOf, onConfirm, onCancel }: ActionConfirmProps) {
  const { action, rows, excluded } = pending;
  const [answer, setAnswer] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = () => {
    if (action.prompt && answer.trim() === '') {
      setProblem(action.prompt.requiredMessage);
      return;
    }
    onConfirm(action.prompt ? { [action.prompt.field]: answer.trim() } : {});
  };
  return (
    <Stack gap="sm">
      {rows.length > 0 ? (
        <Text size="sm">{action.confirm ?? billListText.confirmAction(action.label)}</Text>
      ) : (
        <Text size="sm" c="orange">{billListText.noneAllowed(action.label)}</Text>
      )}
      {excluded.length > 0 && (
        <>
          {rows.length > 0 && (
            <Text size="sm" c="dimmed">
              {billListText.willSubmit(rows.length)}
              {billListText.excluded(excluded.length, action.label)}
            </Text>
          )}
          <List size="sm" spacing={0}>
            {excluded.slice(0, SHOWN).map((r) => (
              <List.Item key={r.id}>{`${titleOf(r)}（${String(r.stateName ?? r.state ?? '')}）`}</List.Item>
            ))}
            {excluded.length > SHOWN && <List.Item>…</List.Item>}
          </List>
        </>
      )}
      {action.prompt && rows.length > 0 && (
        <Textarea
          label={action.prompt.label}
          withAsterisk
          // fixed rows, as FieldInput's textareas: autosize measures fonts (document.fonts)
          rows={3}
          maxLength={action.prompt.maxLength}
          value={answer}
          error={problem}
          onChange={(e) => {
            setAnswer(e.currentTarget.value);
            setProblem(null);
          }}
        />
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onCancel}>{commonText.cancel}</Button>
        <Button onClick={confirm} disabled={rows.length === 0}>{commonText.confirm}</Button>
      </Group>
    </Stack>
  );
}
