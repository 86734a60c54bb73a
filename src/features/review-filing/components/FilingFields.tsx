/**
 * The filing as the enterprise page shows it, read-only, with every field changed since the last
 * approved version highlighted and its approved value beside it (domain/enterprise/filing-diff.ts).
 */
import { Card, Grid, Stack, Text, Title } from '@mantine/core';
import { shownValue, type FieldChange, type Profile, type ShownField } from '../../../../domain/enterprise/filing-diff.ts';
import { reviewFilingText as t } from '../../../../domain/texts/review-filing.ts';

export function FilingFields({ title, fields, record, changes }: { title: string; fields: readonly ShownField[]; record: Profile; changes: readonly FieldChange[] }) {
  const changed = new Map(changes.map((c) => [c.field, c]));
  return (
    <Card withBorder padding="md">
      <Title order={5} mb="sm">{title}</Title>
      <Grid columns={3} gap="xs">
        {fields.map((f) => {
          const change = changed.get(f.name);
          return (
            <Grid.Col key={f.name} span={{ base: 3, sm: f.span ?? 1 }}>
              <Stack gap={0} p={4} data-changed={change ? 'true' : undefined} aria-label={change ? `${f.label} ${t.changed}` : f.label}
                style={change ? { background: 'var(--mantine-color-yellow-1)', borderRadius: 4 } : undefined}>
                <Text size="xs" c="dimmed">{f.label}{change ? ` · ${t.changed}` : ''}</Text>
                <Text size="sm" fw={change ? 600 : undefined}>{shownValue(f.name, record) || '—'}</Text>
                {change && <Text size="xs" c="dimmed">{`${t.before}: ${change.before || '—'}`}</Text>}
              </Stack>
            </Grid.Col>
          );
        })}
      </Grid>
    </Card>
  );
}
