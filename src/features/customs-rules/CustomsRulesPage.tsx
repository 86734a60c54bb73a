/**
 * /customs-rules 海关规则: customs' rule table (domain/customs/rules) as a declarant reads it — each
 * rule's code, what customs demands and why in words, the messages (and bills) it applies to, the
 * fields it reads and the customs publications it comes from (the 202205 message specification,
 * 海关总署公告 …). A refusal names the rule's code (…（海关规则R101）); ?code=R101 opens the page
 * on that rule. The same rows the console checks before sending and the embedded customs judges by.
 */
import { Badge, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { billDefinitions } from '../../../domain/bills/index.ts';
import { customsRules } from '../../../domain/customs/rules/table.ts';
import type { CustomsRule, RuleBasis } from '../../../domain/customs/rules/types.ts';
import { customsRuleText } from '../../../domain/texts/customs-rules.ts';

const t = customsRuleText.page;

/** 'CEB311 进口订单': the message type and the console's bills that send it. */
function messageLabel(type: string): string {
  const bills = billDefinitions.filter((d) => d.message?.type === type && !d.issuedBy).map((d) => d.label);
  return bills.length > 0 ? `${type} ${[...new Set(bills)].join('、')}` : type;
}

/** '海关总署公告2018年第194号（…）：申报前传输…' */
const basisText = (b: RuleBasis): string => `${customsRuleText.publications[b.publication]}${b.part ? t.where(b.part) : ''}`;

/** 'currency 币制': the element and its label; '*' is every field of the message. */
const fieldText = (f: string): string => (f === '*' ? t.allFields : customsRuleText.labels[f] ? `${f} ${customsRuleText.labels[f]}` : f);

function matches(rule: CustomsRule, query: string): boolean {
  if (!query) return true;
  const q = query.toLowerCase();
  return [rule.code, rule.title, rule.explanation, ...rule.basis.map(basisText), ...rule.fields.map(fieldText), ...rule.messages.map(messageLabel)]
    .some((s) => s.toLowerCase().includes(q));
}

export default function CustomsRulesPage() {
  const [params] = useSearchParams();
  const [query, setQuery] = useState(params.get('code') ?? '');
  const shown = useMemo(() => customsRules.filter((r) => matches(r, query.trim())), [query]);

  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <Title order={4}>{t.title}</Title>
        <Text size="sm" c="dimmed">{t.intro}</Text>
        <TextInput aria-label={t.search} placeholder={t.search} value={query} onChange={(e) => setQuery(e.currentTarget.value)} maw={420} />
        <Table striped withTableBorder verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={90}>{t.columns.code}</Table.Th>
              <Table.Th>{t.columns.title}</Table.Th>
              <Table.Th>{t.columns.messages}</Table.Th>
              <Table.Th>{t.columns.fields}</Table.Th>
              <Table.Th>{t.columns.source}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((rule) => (
              <Table.Tr key={rule.code} data-rule={rule.code}>
                <Table.Td><Badge variant="light" radius="sm">{rule.code}</Badge></Table.Td>
                <Table.Td>
                  <Text size="sm">{rule.title}</Text>
                  <Text size="xs" data-part="explanation">{rule.explanation}</Text>
                  {rule.check.kind === 'documents' && <Text size="xs" c="dimmed">{t.byDocuments}</Text>}
                </Table.Td>
                <Table.Td><Text size="xs">{rule.messages.map(messageLabel).join('；')}</Text></Table.Td>
                <Table.Td><Group gap={4}>{rule.fields.map((f) => <Badge key={f} size="xs" variant="outline" tt="none">{fieldText(f)}</Badge>)}</Group></Table.Td>
                <Table.Td>
                  <Stack gap={2} data-part="basis">
                    {rule.basis.map((b) => <Text key={basisText(b)} size="xs" c="dimmed">{basisText(b)}</Text>)}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {shown.length === 0 && <Text size="sm" c="dimmed">{t.empty}</Text>}
      </Stack>
    </Paper>
  );
}
