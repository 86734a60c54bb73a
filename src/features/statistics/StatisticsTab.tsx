/**
 * One tab of /statistics: the filters (both dates, business mode, port), 查询 and 导出, and the
 * table with the total row last; order count, goods value and gross weight sort (the server sorts,
 * the total row stays last). Before the first 查询 the table says what to do. The tab keeps its filters and results while another tab is shown.
 */
import { openDownload } from '../../lib/download.ts';
import { Group, Select, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useEffect, useState } from 'react';
import { chinaTodayText } from '../../../domain/query.ts';
import { businessModes, filterProblem, statisticsTerms, type StatisticsRow, type StatisticsTab as Tab } from '../../../domain/statistics/query.ts';
import { statisticsText as t } from '../../../domain/texts/statistics.ts';
import { PermissionButton } from '../../components/PermissionButton.tsx';
import { getDictionary, type DictionaryItem } from '../../lib/dictionaries.ts';
import type { Http } from '../../lib/http.ts';
import { notifyError, notifyWarning } from '../../lib/notify.ts';
import type { StatisticsApi, StatisticsSort } from './api.ts';

const PAGE = '/statistics';
/** China's today: the statistics count bills by their China-time dates */
const today = () => chinaTodayText(new Date());
const monthStart = () => `${today().slice(0, 8)}01`;
const number = (v: number, digits: number) => v.toLocaleString('zh-CN', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export function StatisticsTab({ tab, api, client }: { tab: Tab; api: StatisticsApi; client?: Http }) {
  const [startDate, setStartDate] = useState<string | null>(monthStart);
  const [endDate, setEndDate] = useState<string | null>(today);
  const [businessMode, setBusinessMode] = useState<string | null>(tab === 'zone' ? 'I,1210' : 'E,ALL');
  const [port, setPort] = useState<string | null>(null);
  const [ports, setPorts] = useState<DictionaryItem[]>([]);
  const [rows, setRows] = useState<StatisticsRow[]>([]);
  const [sort, setSort] = useState<StatisticsSort | null>(null);
  const [busy, setBusy] = useState(false);
  const [queried, setQueried] = useState(false);
  useEffect(() => { getDictionary('declare_port', client).then(setPorts, notifyError); }, [client]);

  const filter = () => ({ startDate: startDate ?? '', endDate: endDate ?? '', businessMode: businessMode ?? '', customsCode: port });
  const checked = () => {
    const problem = filterProblem(filter());
    if (problem) { notifyWarning(problem); return null; }
    return statisticsTerms(tab, filter());
  };
  const query = async (nextSort: StatisticsSort | null = sort) => {
    const terms = checked();
    if (!terms) return;
    setBusy(true);
    try { setRows((await api.list(terms, nextSort ? [nextSort] : [])).datas); setQueried(true); } catch (error) { notifyError(error); } finally { setBusy(false); }
  };
  const exportRows = async () => {
    const terms = checked();
    if (!terms) return;
    try { await openDownload((await api.exportAgent(terms)).downloadUri, client); } catch { notifyError(t.exportFailed); }
  };
  const sortBy = (name: StatisticsSort['name']) => {
    const next: StatisticsSort = { name, order: sort?.name === name && sort.order === 'desc' ? 'asc' : 'desc' };
    setSort(next);
    if (rows.length) void query(next);
  };
  const c = t.columns;
  const sortable = (name: StatisticsSort['name'], label: string) => (
    <Table.Th><UnstyledButton fw={700} fz="sm" onClick={() => sortBy(name)}>{label}{sort?.name === name ? (sort.order === 'desc' ? ' ↓' : ' ↑') : ' ↕'}</UnstyledButton></Table.Th>
  );
  return (
    <Stack gap="md" pt="md">
      <Group align="flex-end" gap="sm">
        <DateInput label={t.startDate} required valueFormat="YYYY-MM-DD" value={startDate} onChange={setStartDate} w={150} clearable />
        <DateInput label={t.endDate} required valueFormat="YYYY-MM-DD" value={endDate} onChange={setEndDate} w={150} clearable />
        <Select label={t.businessMode} required data={businessModes.map((m) => ({ value: m.value, label: m.label }))} value={businessMode} onChange={setBusinessMode} w={260} />
        <Select label={t.port} searchable clearable data={ports.map((p) => ({ value: p.value, label: `${p.value} ${p.name}` }))} value={port} onChange={setPort} w={220} limit={50} />
        <PermissionButton code="query" permissionPath={PAGE} loading={busy} onClick={() => void query()}>{t.query}</PermissionButton>
        <PermissionButton code="export" permissionPath={PAGE} variant="default" onClick={() => void exportRows()}>{t.export}</PermissionButton>
      </Group>
      <Table striped withTableBorder aria-label={`${t.title} ${t.tabs[tab]}`}>
        <Table.Thead>
          <Table.Tr>
            {[c.iedate, c.customsCodeName, c.customsCode, c.agentName, c.agentCode, c.tradeModeName].map((h) => <Table.Th key={h}>{h}</Table.Th>)}
            {sortable('total', c.total)}{sortable('goodsValue', c.goodsValue)}{sortable('grossWeight', c.grossWeight)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && (
            <Table.Tr><Table.Td colSpan={9} ta="center" c="dimmed">{queried ? t.noRows : t.beforeQuery}</Table.Td></Table.Tr>
          )}
          {rows.map((r, i) => (
            <Table.Tr key={i} fw={r.isTotal ? 700 : undefined}>
              <Table.Td>{r.iedate}</Table.Td><Table.Td>{r.customsCodeName}</Table.Td><Table.Td>{r.customsCode}</Table.Td><Table.Td>{r.agentName}</Table.Td>
              <Table.Td>{r.agentCode}</Table.Td><Table.Td>{r.tradeModeName}</Table.Td><Table.Td ta="right">{r.total}</Table.Td>
              <Table.Td ta="right">{number(r.goodsValue, 2)}</Table.Td><Table.Td ta="right">{number(r.grossWeight, 3)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
