/**
 * The head of the detail page (issue 31 item 1): what a declarant opens a bill for — its number,
 * its state and customs' last answer — with the actions its state allows, stuck under the app's
 * header while the long form scrolls below it. The values are the detail answer's engine fields
 * (stateName, returnTime, returnStatus, returnInfo), so every bill type shows the same head.
 */
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { returnStatusNames } from '../../../../domain/bill-states.ts';
import type { BillDefinition } from '../../../../domain/bills/types.ts';
import { billDetailText } from '../../../../domain/texts/bills.ts';
import type { FieldValues } from '../../../../machines/bill-detail.ts';

export interface DetailHeaderProps {
  definition: BillDefinition;
  /** the page's copy of the bill (the detail answer, or a new bill's defaults) */
  head: FieldValues;
  stored: boolean;
  /** the toolbar of the actions the state allows */
  children: ReactNode;
}

const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

export function DetailHeader({ definition, head, stored, children }: DetailHeaderProps) {
  const titleLabel = definition.head.find((f) => f.name === definition.titleField)?.label ?? definition.label;
  const number = text(head[definition.titleField]);
  const state = stored ? text(head.stateName) || text(head.state) : billDetailText.unsaved;
  const status = text(head.returnStatus);
  const answer = [text(head.returnTime), returnStatusNames[status] ?? status, text(head.returnInfo)].filter((s) => s !== '');
  return (
    <Paper withBorder p="sm" component="header" aria-label={billDetailText.summary}
      style={{ position: 'sticky', top: 'var(--app-shell-header-offset, 0px)', zIndex: 10 }}>
      <Stack gap={6}>
        <Group gap="sm" wrap="wrap">
          <Title order={4}>{stored ? `${titleLabel} ${number}` : billDetailText.newBill}</Title>
          {state !== '' && <Badge variant="light" size="lg">{state}</Badge>}
        </Group>
        {stored && (
          <Text size="sm" c={answer.length ? undefined : 'dimmed'} style={{ wordBreak: 'break-all' }}>
            {billDetailText.lastAnswer}：{answer.length ? answer.join('　') : billDetailText.noAnswer}
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
