/**
 * /rewardApplication/apply/detail?id= (accounts §2, §3): a verified application read-only — basic
 * info, bound companies as tags, the bill-number table (10 a page), the verification date and
 * submit time, the verification rows in the apply type's columns (table height 500) and 导出.
 * An application not verified yet shows the Notice alert instead (machines/reward.ts).
 */
import { Alert, Badge, Button, Card, Group, Pagination, ScrollArea, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ResultColumn } from '../../../domain/rewards/apply-types.ts';
import { REWARD_DETAIL_PAGE_SIZE, REWARD_DETAIL_PAGE_SIZE_OPTIONS } from '../../../domain/rewards/paging.ts';
import { rewardText as t } from '../../../domain/texts/rewards.ts';
import { rewardActions } from '../../../machines/workflow-actions.ts';
import { gateOpen } from '../../../machines/workflow-page.ts';
import { PermissionButton } from '../../components/PermissionButton.tsx';
import type { Http } from '../../lib/http.ts';
import { notifyError } from '../../lib/notify.ts';
import { createRewardApi, openDownload, type Page, type SubsidyBill, type SubsidyDetail } from './api.ts';
import { BillTable } from './BillTable.tsx';

const PAGE = '/rewardApplication/apply/detail';
/** the reward machine's checkable state, as the list's 查看 asks it */
const checkable = (detail: SubsidyDetail) => gateOpen(rewardActions.open.gate, detail);

/** §9: 10 a page, with the choices 10, 20, 50, 100. */
function PageSize({ value, onChange }: { value: number; onChange: (n: number) => void }) {
  return <Select w={90} size="xs" aria-label={t.pageSize} data={REWARD_DETAIL_PAGE_SIZE_OPTIONS.map(String)} value={String(value)} onChange={(v) => onChange(Number(v ?? REWARD_DETAIL_PAGE_SIZE))} />;
}

export default function RewardDetailPage({ client }: { client?: Http }) {
  const [api] = useState(() => createRewardApi(client));
  const navigate = useNavigate();
  const id = Number(new URLSearchParams(useLocation().search).get('id'));
  const [detail, setDetail] = useState<SubsidyDetail | null>(null);
  const [bills, setBills] = useState<Page<SubsidyBill>>({ total: 0, datas: [] });
  const [billPage, setBillPage] = useState(0);
  const [billSize, setBillSize] = useState(REWARD_DETAIL_PAGE_SIZE);
  const [results, setResults] = useState<Page<Record<string, unknown>> & { columns: ResultColumn[] }>({ total: 0, datas: [], columns: [] });
  const [resultPage, setResultPage] = useState(0);
  const [resultSize, setResultSize] = useState(REWARD_DETAIL_PAGE_SIZE);

  useEffect(() => { api.detail(id).then(setDetail, notifyError); }, [api, id]);
  useEffect(() => { api.bills('subsidy_id', id, billPage, billSize).then(setBills, notifyError); }, [api, id, billPage, billSize]);
  const loadResults = useCallback(async () => {
    if (!detail || !checkable(detail)) return;
    try { setResults(await api.results(detail.applyType, id, resultPage, resultSize)); } catch { notifyError(t.resultFailed); }
  }, [api, detail, id, resultPage, resultSize]);
  useEffect(() => { void loadResults(); }, [loadResults]);

  const exportResults = async () => {
    try { await openDownload((await api.exportResults(detail!.applyType, id)).downloadUri, client); } catch { notifyError(t.exportFailed); }
  };
  const field = (label: string, value: unknown) => (
    <div><Text size="xs" c="dimmed">{label}</Text><Text size="sm">{value === null || value === undefined || value === '' ? '—' : String(value)}</Text></div>
  );
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text fw={600}>{t.detailTitle}</Text>
        <Group gap="xs">
          {detail && checkable(detail) && <PermissionButton code="export" permissionPath={PAGE} onClick={() => void exportResults()}>{t.export}</PermissionButton>}
          <Button variant="default" onClick={() => navigate('/rewardApplication')}>{t.back}</Button>
        </Group>
      </Group>
      {detail && !checkable(detail) && <Alert title={t.noticeTitle}>{t.noticeMessage}</Alert>}
      <Card withBorder>
        <Text fw={600} mb="sm">{t.basicInfo}</Text>
        <SimpleGrid cols={{ base: 2, md: 3 }}>
          {field(t.applyType, detail?.applyTypeName)}
          {field(t.companyType, detail?.companyTypeName)}
          {field(t.ckTime, detail?.ckTime)}
          {field(t.note, detail?.note)}
          {field(t.verifyDate, detail?.auditTime)}
          {field(t.submitTime, detail?.applyTime)}
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt="sm">{t.recCompanies}</Text>
        <Group gap={6} mt={4}>{detail?.recCompanyList.map((c) => <Badge key={c.recCompanyCode} variant="light">{c.recCompanyName}</Badge>)}</Group>
      </Card>
      <Card withBorder>
        <Text fw={600} mb="sm">{t.billCard}</Text>
        <BillTable bills={bills} />
        <Group justify="flex-end" mt="sm">
          <Text size="sm">{t.total(bills.total)}</Text>
          <PageSize value={billSize} onChange={(n) => { setBillPage(0); setBillSize(n); }} />
          <Pagination size="sm" total={Math.max(1, Math.ceil(bills.total / billSize))} value={billPage + 1} onChange={(p) => setBillPage(p - 1)} />
        </Group>
      </Card>
      {detail && checkable(detail) && (
        <Card withBorder>
          <Text fw={600} mb="sm">{t.results}</Text>
          <ScrollArea h={500}>
            <Table striped withTableBorder stickyHeader aria-label={t.results}>
              <Table.Thead><Table.Tr>{results.columns.map((c) => <Table.Th key={c.field}>{c.label}</Table.Th>)}</Table.Tr></Table.Thead>
              <Table.Tbody>
                {results.datas.map((row, i) => (
                  <Table.Tr key={i}>{results.columns.map((c) => <Table.Td key={c.field} ta={c.kind === 'number' ? 'right' : undefined}>{row[c.field] === null ? '' : String(row[c.field] ?? '')}</Table.Td>)}</Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          <Group justify="flex-end" mt="sm">
            <Text size="sm">{t.total(results.total)}</Text>
            <PageSize value={resultSize} onChange={(n) => { setResultPage(0); setResultSize(n); }} />
            <Pagination size="sm" total={Math.max(1, Math.ceil(results.total / resultSize))} value={resultPage + 1} onChange={(p) => setResultPage(p - 1)} />
          </Group>
        </Card>
      )}
    </Stack>
  );
}
