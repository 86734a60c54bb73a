/**
 * /review/filing 备案审核 (issue 20): 待审核 — the filings waiting, the longest waiting first, with
 * what each changed since its last approved version — and 审核记录, every decision taken. A row
 * opens the filing (/review/filing/detail/:id), where it is approved or sent back.
 */
import { Anchor, Badge, Button, Group, Pagination, Select, Stack, Table, Tabs, Text, TextInput } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { APPROVE_STATE } from '../../../domain/enterprise/approval.ts';
import { reviewFilingText as t } from '../../../domain/texts/review-filing.ts';
import type { Http } from '../../lib/http.ts';
import { useLatest } from '../../lib/latest.ts';
import { liveEvents, touchesQueue } from '../../lib/live-events.ts';
import { notifyError } from '../../lib/notify.ts';
import { createReviewFilingApi, type DecisionRow, type Paged, type QueueRow, type ReviewFilingApi } from './api.ts';

const PAGE_SIZES = ['20', '50', '100'];
export const detailPath = (id: number) => `/review/filing/detail/${id}`;

function usePaged<T>(load: (pageIndex: number, pageSize: number, name: string) => Promise<Paged<T>>) {
  const latest = useLatest();
  const [name, setName] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [data, setData] = useState<Paged<T>>({ total: 0, datas: [] });
  const refetch = useCallback(async () => {
    try {
      const answer = await latest(load(page, pageSize, query));
      if (answer) setData(answer.value);
    } catch (error) {
      notifyError(error);
    }
  }, [latest, load, page, pageSize, query]);
  useEffect(() => { void refetch(); }, [refetch]);
  // a company filed, another operator decided (the operators' live queue, issue 20)
  useEffect(() => liveEvents.subscribe((event) => { if (touchesQueue(event, 'filing')) void refetch(); }), [refetch]);
  const search = () => { setPage(0); setQuery(name.trim()); };
  const reset = () => { setName(''); setPage(0); setQuery(''); };
  const filters = (
    <Group align="flex-end" gap="sm">
      <TextInput label={t.companyName} value={name} onChange={(e) => setName(e.currentTarget.value)} w={240}
        onKeyDown={(e) => { if (e.key === 'Enter') search(); }} />
      <Button onClick={search}>{t.search}</Button>
      <Button variant="default" onClick={reset}>{t.reset}</Button>
    </Group>
  );
  const pager = (
    <Group justify="flex-end">
      <Text size="sm">{t.total(data.total)}</Text>
      <Select w={90} size="xs" aria-label={t.pageSize} data={PAGE_SIZES} value={String(pageSize)} onChange={(v) => { setPage(0); setPageSize(Number(v ?? 20)); }} />
      <Pagination total={Math.max(1, Math.ceil(data.total / pageSize))} value={page + 1} onChange={(p) => setPage(p - 1)} />
    </Group>
  );
  return { data, filters, pager };
}

function ChangesCell({ row }: { row: QueueRow }) {
  if (row.base === 'first') return <Text size="sm" c="dimmed">{t.firstFiling}</Text>;
  if (row.base === 'lost') return <Text size="sm" c="dimmed">{t.previousLost}</Text>;
  if (!row.changes || row.changes.length === 0) return <Text size="sm" c="dimmed">{t.noChanges}</Text>;
  return (
    <Group gap={4}>
      <Badge color="yellow" variant="filled">{t.changedCount(row.changes.length)}</Badge>
      {row.changes.map((c) => <Badge key={c} color="yellow" variant="light">{c}</Badge>)}
    </Group>
  );
}

function Queue({ api }: { api: ReviewFilingApi }) {
  const load = useCallback((i: number, s: number, name: string) => api.queue(i, s, name), [api]);
  const { data, filters, pager } = usePaged(load);
  return (
    <Stack gap="md">
      {filters}
      <Table striped withTableBorder aria-label={t.queueTab}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.applyTime}</Table.Th><Table.Th>{t.companyName}</Table.Th><Table.Th>{t.customsRegistCode}</Table.Th>
            <Table.Th>{t.filingType}</Table.Th><Table.Th>{t.companyTypes}</Table.Th><Table.Th>{t.changes}</Table.Th><Table.Th>{t.operation}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.datas.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{r.applyTime}</Table.Td>
              <Table.Td>{r.companyName}</Table.Td>
              <Table.Td>{r.companyCode ?? r.customsRegistCode}</Table.Td>
              <Table.Td><Badge variant="light" color={r.filingType === 'first' ? 'blue' : 'grape'}>{r.filingTypeName}</Badge></Table.Td>
              <Table.Td>{r.companyTypes.join('、')}</Table.Td>
              <Table.Td><ChangesCell row={r} /></Table.Td>
              <Table.Td><Anchor component={Link} to={detailPath(r.id)} size="sm">{t.review}</Anchor></Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {data.datas.length === 0 && <Text c="dimmed" ta="center">{t.empty}</Text>}
      {pager}
    </Stack>
  );
}

function History({ api }: { api: ReviewFilingApi }) {
  const load = useCallback((pageIndex: number, pageSize: number, name: string) => api.history({ pageIndex, pageSize, ...(name ? { companyName: name } : {}) }), [api]);
  const { data, filters, pager } = usePaged<DecisionRow>(load);
  return (
    <Stack gap="md">
      {filters}
      <Table striped withTableBorder aria-label={t.historyTab}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.operationTime}</Table.Th><Table.Th>{t.companyName}</Table.Th><Table.Th>{t.decision}</Table.Th>
            <Table.Th>{t.opinion}</Table.Th><Table.Th>{t.reviewer}</Table.Th><Table.Th>{t.operation}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.datas.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{r.operationTime}</Table.Td>
              <Table.Td>{r.companyName}</Table.Td>
              <Table.Td><Badge variant="light" color={r.state === APPROVE_STATE.approved ? 'green' : 'red'}>{r.stateName}</Badge></Table.Td>
              <Table.Td>{r.opinion}</Table.Td>
              <Table.Td>{r.userName}</Table.Td>
              <Table.Td><Anchor component={Link} to={detailPath(r.companyId)} size="sm">{t.view}</Anchor></Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {data.datas.length === 0 && <Text c="dimmed" ta="center">{t.emptyHistory}</Text>}
      {pager}
    </Stack>
  );
}

export default function ReviewFilingPage({ client }: { client?: Http }) {
  const [api] = useState(() => createReviewFilingApi(client));
  return (
    <Tabs defaultValue="queue" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="queue">{t.queueTab}</Tabs.Tab>
        <Tabs.Tab value="history">{t.historyTab}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="queue"><Queue api={api} /></Tabs.Panel>
      <Tabs.Panel value="history"><History api={api} /></Tabs.Panel>
    </Tabs>
  );
}
