/**
 * /archive (bills §2, §5, §7): the knowledge files newest first, tabs by document type with their
 * counts (e 出口说明, i 进口说明, other 其他), a search by file name, 下载 per row and 批量下载 of
 * the chosen rows (请选择下载文件 without one); buttons by the page's codes (download, batchDownload).
 */
import { Anchor, Button, Checkbox, Group, Pagination, Stack, Table, Tabs, Text, TextInput } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { archiveText as t } from '../../../domain/texts/archive.ts';
import { billText } from '../../../domain/texts/bills.ts';
import type { Term } from '../../../domain/query.ts';
import { PermissionButton } from '../../components/PermissionButton.tsx';
import type { Http } from '../../lib/http.ts';
import { useLatest } from '../../lib/latest.ts';
import { notifyError, notifyWarning } from '../../lib/notify.ts';
import { useButtonCodes } from '../../lib/permissions.ts';
import { createArchiveApi, type KnowledgeRow, type TypeCount } from './api.ts';

const PAGE_SIZE = 10;
const PATH = '/archive';
const ALL = 'all';

export default function ArchivePage({ client, open = (uri: string) => { window.open(uri, '_blank'); } }: { client?: Http; open?: (uri: string) => void }) {
  const [api] = useState(() => createArchiveApi(client));
  const codes = useButtonCodes(PATH);
  const [type, setType] = useState<string>(ALL);
  const [name, setName] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [data, setData] = useState<{ total: number; datas: KnowledgeRow[] }>({ total: 0, datas: [] });
  const [counts, setCounts] = useState<TypeCount[]>([]);
  const [selected, setSelected] = useState<number[]>([]);
  const [failed, setFailed] = useState(false);

  const latest = useLatest();
  const load = useCallback(async () => {
    const named: Term[] = search ? [{ column: 'file_name', termType: 'like', value: search }] : [];
    const terms: Term[] = type === ALL ? named : [...named, { column: 'type', termType: 'eq', value: type }];
    try {
      const answer = await latest(Promise.all([api.list(page, PAGE_SIZE, terms), api.counts(named)]));
      if (!answer) return;
      const [list, typeCounts] = answer.value;
      setData(list);
      setCounts(typeCounts);
      setSelected([]);
      setFailed(false);
    } catch (error) {
      setFailed(true);
      notifyError(error);
    }
  }, [latest, api, type, search, page]);
  useEffect(() => { void load(); }, [load]);

  const download = async (row: KnowledgeRow) => {
    try {
      open((await api.download(row.filePath)).downloadUri);
    } catch (error) {
      notifyError(error);
    }
  };
  const batchDownload = async () => {
    if (selected.length === 0) {
      notifyWarning(billText.selectDownload);
      return;
    }
    try {
      open((await api.batchDownload(selected)).downloadUri);
    } catch (error) {
      notifyError(error);
    }
  };
  const all = counts.reduce((n, c) => n + c.count, 0);
  const pageIds = data.datas.map((r) => r.id);

  return (
    <Stack gap="md" component="section" aria-label={t.title}>
      <Group justify="space-between">
        <Tabs value={type} onChange={(v) => { setType(v ?? ALL); setPage(0); }}>
          <Tabs.List>
            <Tabs.Tab value={ALL}>{t.all}（{all}）</Tabs.Tab>
            {counts.map((c) => <Tabs.Tab key={c.state} value={c.state}>{c.stateName}（{c.count}）</Tabs.Tab>)}
          </Tabs.List>
        </Tabs>
        <PermissionButton code="batchDownload" permissionPath={PATH} onClick={batchDownload}>{t.batchDownload}</PermissionButton>
      </Group>
      <Group gap="xs" component="form" onSubmit={(e) => { e.preventDefault(); setSearch(name.trim()); setPage(0); }}>
        <TextInput aria-label={t.fileName} placeholder={t.fileName} value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <Button type="submit">{t.search}</Button>
        <Button variant="default" onClick={() => { setName(''); setSearch(''); setPage(0); }}>{t.reset}</Button>
      </Group>
      <Table striped withTableBorder aria-label={t.title}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox aria-label={t.selectAll} disabled={pageIds.length === 0} checked={pageIds.length > 0 && pageIds.every((id) => selected.includes(id))}
                onChange={(e) => setSelected(e.currentTarget.checked ? pageIds : [])} />
            </Table.Th>
            <Table.Th>{t.fileName}</Table.Th><Table.Th>{t.type}</Table.Th><Table.Th>{t.createTime}</Table.Th><Table.Th>{t.action}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.datas.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>
                <Checkbox aria-label={t.selectRow(r.fileName)} checked={selected.includes(r.id)}
                  onChange={(e) => setSelected((s) => (e.currentTarget.checked ? [...s, r.id] : s.filter((id) => id !== r.id)))} />
              </Table.Td>
              <Table.Td>{r.fileName}</Table.Td>
              <Table.Td>{r.typeName}</Table.Td>
              <Table.Td>{r.createTime}</Table.Td>
              <Table.Td>
                {codes.has('download') && (
                  <Anchor component="button" type="button" size="sm" aria-label={`${t.download} ${r.fileName}`} onClick={() => void download(r)}>{t.download}</Anchor>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
          {data.datas.length === 0 && (
            <Table.Tr><Table.Td colSpan={5}><Text c="dimmed" ta="center" size="sm">{failed ? t.loadFailed : t.empty}</Text></Table.Td></Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end">
        <Text size="sm">{t.total(data.total)}</Text>
        <Pagination total={Math.max(1, Math.ceil(data.total / PAGE_SIZE))} value={page + 1} onChange={(p) => setPage(p - 1)} />
      </Group>
    </Stack>
  );
}
