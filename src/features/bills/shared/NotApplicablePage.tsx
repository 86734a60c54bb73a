/** A bill type opened under the mode that does not have it (bills §2): say so, rather than a 404. */
import { Center, Title } from '@mantine/core';
import { billText } from '../../../../domain/texts/bills.ts';
import type { BillMode } from '../../../../domain/bills/types.ts';

export function NotApplicablePage({ mode }: { mode: BillMode }) {
  return (
    <Center mih={300}>
      <Title order={3} c="dimmed">{billText.notApplicable(mode)}</Title>
    </Center>
  );
}
