/**
 * /operationLog 操作日志 (issue 17 §2): who changed what, when, from where, and how it ended. The
 * main account sees its company's rows, a sub-account its own (the server decides). Opens on the
 * last 7 days; filters by time, account, module, action, outcome and bill number; 导出 to .xlsx.
 */
import { openDownload } from '../../lib/download.ts';
import { Badge, Button, Group, Pagination, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useCallback, useEffect, useState } from 'react';
import { OPERATION_LOG_URI, OPERATION_LOG_WINDOW_DAYS, OPERATION_OUTCOMES } from '../../../domain/operation-log.ts';
import { BILL_PAGE_SIZE, BILL_PAGE_SIZE_OPTIONS, lastDaysWindow, type Term } from '../../../domain/query.ts';
import { operationLogText as t } from '../../../domain/texts/operation-log.ts';
import { PermissionButton } from '../../components/PermissionButton.tsx';
import type { Http } from '../../lib/http.ts';
import { useLatest } from '../../lib/latest.ts';
import { notifyError } from '../../lib/notify.ts';
import { createOperationLogApi, type OperationLogPage as Page } from './api.ts';
import { filterTerms, type OperationLogFilters } from './terms.ts';

const c = t.columns;
const f = t.filters;

function initialFilters(): OperationLogFilters {
  const [start, end] = lastDaysWindow(new Date(), OPERATION_LOG_WINDOW_DAYS);
  return { range: [start.slice(0, 10), end.slice(0, 10)], account: '', module: '', action: '', outcome: '', billNo: '' };
}

export default function OperationLogPage({ client }: { client?: Http }) {
  const [api] = useState(() => createOperationLogApi(client));
  const [filters, setFilters] = useState<OperationLogFilters>(initialFilters);
  const [terms, setTerms] = useState<Term[]>(() => filterTerms(initialFilters()));
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(BILL_PAGE_SIZE);
  const [data, setData] = useState<Page>({ total: 0, datas: [] });
  const set = <K extends keyof OperationLogFilters>(key: K) => (value: OperationLogFilters[K]) => setFilters((s) => ({ ...s, [key]: value }));

  const latest = useLatest();
  const load = useCallback(async () => {
    try {
      const answer = await latest(api.list(page, pageSize, terms));
      if (answer) setData(answer.value);
    } catch (error) {
      notifyError(error);
    }
  }, [latest, api, page, pageSize, terms]);
  useEffect(() => { void load(); }, [load]);

  const search = () => { setPage(0); setTerms(filterTerms(filters)); };
  const reset = () => { const initial = initialFilters(); setFilters(initial); setPage(0); setTerms(filterTerms(initial)); };
  const exportRows = async () => {
    try { await openDownload((await api.export(terms)).downloadUri, client); } catch (error) { notifyError(error); }
  };

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm">
        <DatePickerInput type="range" label={f.window} valueFormat="YYYY-MM-DD" w={240}
          value={filters.range} onChange={(v) => set('range')(v as OperationLogFilters['range'])} />
        <TextInput label={f.account} value={filters.account} onChange={(e) => set('account')(e.currentTarget.value)} w={160} />
        <TextInput label={f.module} value={filters.module} onChange={(e) => set('module')(e.currentTarget.value)} w={140} />
        <TextInput label={f.action} value={filters.action} onChange={(e) => set('action')(e.currentTarget.value)} w={140} />
        <Select label={f.outcome} w={110} value={filters.outcome}
          data={[{ value: '', label: t.outcomeAll }, ...Object.values(OPERATION_OUTCOMES).map((o) => ({ value: o, label: o }))]}
          onChange={(v) => set('outcome')(v ?? '')} />
        <TextInput label={f.billNo} value={filters.billNo} onChange={(e) => set('billNo')(e.currentTarget.value)} w={180} />
        <Button onClick={search}>{t.search}</Button>
        <Button variant="default" onClick={reset}>{t.reset}</Button>
        <PermissionButton code="export" permissionPath={OPERATION_LOG_URI} variant="default" onClick={() => void exportRows()}>{t.export}</PermissionButton>
      </Group>
      <Table striped withTableBorder aria-label={t.title}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{c.createTime}</Table.Th><Table.Th>{c.account}</Table.Th><Table.Th>{c.actorName}</Table.Th><Table.Th>{c.ip}</Table.Th>
            <Table.Th>{c.module}</Table.Th><Table.Th>{c.action}</Table.Th><Table.Th>{c.billNos}</Table.Th><Table.Th>{c.outcome}</Table.Th><Table.Th>{c.message}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.datas.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{r.createTime}</Table.Td>
              <Table.Td>{r.account}</Table.Td>
              <Table.Td>{r.actorName}</Table.Td>
              <Table.Td>{r.ip}</Table.Td>
              <Table.Td>{r.module}</Table.Td>
              <Table.Td>{r.action}</Table.Td>
              <Table.Td>{r.billNos.length > 3 ? `${r.billNos.slice(0, 3).join('、')} 等${r.billNos.length}张` : r.billNos.join('、')}</Table.Td>
              <Table.Td><Badge color={r.outcome === OPERATION_OUTCOMES.ok ? 'green' : 'red'} variant="light">{r.outcome}</Badge></Table.Td>
              <Table.Td>{r.message}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {data.datas.length === 0 && <Text c="dimmed" ta="center">{t.empty}</Text>}
      <Group justify="flex-end">
        <Text size="sm">{t.total(data.total)}</Text>
        <Select w={100} size="xs" aria-label={t.pageSize} data={BILL_PAGE_SIZE_OPTIONS.map(String)} value={String(pageSize)}
          onChange={(v) => { setPage(0); setPageSize(Number(v ?? BILL_PAGE_SIZE)); }} />
        <Pagination total={Math.max(1, Math.ceil(data.total / pageSize))} value={page + 1} onChange={(p) => setPage(p - 1)} />
      </Group>
    </Stack>
  );
}
