/**
 * 税费预估 under an import inventory's body (definition.detailSections): the tax customs will levy,
 * shown before it is declared — duty 0 %, VAT and consumption tax at 70 % of the statutory amount —
 * from the same pure estimate the embedded customs simulator issues its tax bills with
 * (domain/bills/import-tax.ts), and a warning when the goods pass the 5,000 CNY limit.
 */
import { Alert, Paper, Table, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { estimateImportTax, SINGLE_LIMIT_CNY } from '../../../../domain/bills/import-tax.ts';
import { declareCheckText as t } from '../../../../domain/texts/declare-checks.ts';
import type { DetailSectionProps } from './detail-overrides.ts';

const columns = ['gnum', 'gname', 'gcode', 'taxPrice', 'vatRate', 'exciseRate', 'customsTax', 'valueAddedTax', 'consumptionTax', 'total'] as const;

export function TaxEstimateSection({ head, lines }: DetailSectionProps) {
  const estimate = useMemo(() => estimateImportTax(head, lines), [head, lines]);
  return (
    <Paper withBorder p="md" component="section" aria-label={t.taxTitle}>
      <Title order={5} mb="xs">{t.taxTitle}</Title>
      <Text size="xs" c="dimmed" mb="sm">{t.taxNote}</Text>
      {estimate.overLimit && <Alert color="red" mb="sm">{t.taxOverLimit(estimate.goodsValue, SINGLE_LIMIT_CNY)}</Alert>}
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed">{t.taxNoLines}</Text>
      ) : (
        <>
          <Table withTableBorder striped aria-label={t.taxTitle}>
            <Table.Thead>
              <Table.Tr>{columns.map((c) => <Table.Th key={c}>{t.taxColumns[c]}</Table.Th>)}</Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {estimate.lines.map((l, i) => (
                <Table.Tr key={`${l.gnum}-${i}`}>{columns.map((c) => <Table.Td key={c}>{String(l[c === 'total' ? 'total' : c])}</Table.Td>)}</Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="sm" fw={500} mt="sm" role="status">{t.taxTotal(estimate.total)}</Text>
        </>
      )}
    </Paper>
  );
}
