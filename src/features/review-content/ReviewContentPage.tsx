/**
 * /review/content 内容发布 (issue 20): tabs 通知公告, 新闻动态 (articles, drafts included, 新增 /
 * 编辑 / 发布 / 下线) and 知识库 (DocumentsTab). The enterprise's home page and its 通知公告,
 * 新闻动态 and 知识库 pages show only what is published here.
 */
import { Anchor, Badge, Button, Group, Image, Pagination, Stack, Table, Tabs, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { reviewContentText as t } from '../../../domain/texts/review-content.ts';
import type { Http } from '../../lib/http.ts';
import { useLatest } from '../../lib/latest.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { createReviewContentApi, type DeskNotice, type Page, type ReviewContentApi } from './api.ts';
import { DocumentsTab } from './DocumentsTab.tsx';
import { NoticeEditor, type EditorTarget } from './NoticeEditor.tsx';

const PAGE_SIZE = 10;

function ArticlesTab({ api, type }: { api: ReviewContentApi; type: 'NEWS' | 'NOTICE' }) {
  const [page, setPage] = useState(0);
  const [data, setData] = useState<Page<DeskNotice>>({ total: 0, datas: [] });
  const [editing, setEditing] = useState<EditorTarget | null>(null);
  const latest = useLatest();

  const load = useCallback(async () => {
    try {
      const answer = await latest(api.notices(type, page, PAGE_SIZE));
      if (answer) setData(answer.value);
    } catch (error) {
      notifyError(error);
    }
  }, [latest, api, type, page]);
  useEffect(() => { void load(); }, [load]);

  const publish = async (n: DeskNotice) => {
    try {
      await api.publishNotice(n.id, !n.published);
      notifySuccess(n.published ? t.unpublishedOk : t.publishedOk);
      await load();
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button onClick={() => setEditing({ type, notice: null })}>{t.add}</Button>
      </Group>
      <Table striped withTableBorder aria-label={type === 'NEWS' ? t.news : t.notices}>
        <Table.Thead>
          <Table.Tr>
            {type === 'NEWS' && <Table.Th w={110}>{t.cover}</Table.Th>}
            <Table.Th>{t.titleLabel}</Table.Th><Table.Th>{t.updateTime}</Table.Th><Table.Th>{t.publishedAt}</Table.Th><Table.Th>{t.state}</Table.Th><Table.Th>{t.operation}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.datas.length === 0 && <Table.Tr><Table.Td colSpan={6}><Text size="sm" c="dimmed" ta="center">{t.empty}</Text></Table.Td></Table.Tr>}
          {data.datas.map((n) => (
            <Table.Tr key={n.id}>
              {type === 'NEWS' && <Table.Td>{n.cover ? <Image src={n.cover.displayUri} alt={n.title} h={48} w={86} fit="cover" radius="xs" /> : '—'}</Table.Td>}
              <Table.Td>{n.title}</Table.Td>
              <Table.Td>{n.updateTime}</Table.Td>
              <Table.Td>{n.published ? n.publishedAt ?? '—' : '—'}</Table.Td>
              <Table.Td><Badge variant="light" color={n.published ? 'green' : 'gray'}>{n.published ? t.published : t.draft}</Badge></Table.Td>
              <Table.Td>
                <Group gap="sm">
                  <Anchor component="button" type="button" size="sm" onClick={() => setEditing({ type, notice: n })} aria-label={`${t.edit} ${n.title}`}>{t.edit}</Anchor>
                  <Anchor component="button" type="button" size="sm" c={n.published ? 'red' : undefined} onClick={() => void publish(n)} aria-label={`${n.published ? t.unpublish : t.publish} ${n.title}`}>
                    {n.published ? t.unpublish : t.publish}
                  </Anchor>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end">
        <Text size="sm">{t.total(data.total)}</Text>
        <Pagination total={Math.max(1, Math.ceil(data.total / PAGE_SIZE))} value={page + 1} onChange={(p) => setPage(p - 1)} />
      </Group>
      {editing && <NoticeEditor api={api} target={editing} onClose={() => setEditing(null)} onSaved={() => { setEditing(null); void load(); }} />}
    </Stack>
  );
}

export default function ReviewContentPage({ client }: { client?: Http }) {
  const [api] = useState(() => createReviewContentApi(client));
  const [tab, setTab] = useState('NOTICE');
  return (
    <Tabs value={tab} onChange={(v) => setTab(v ?? 'NOTICE')} keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="NOTICE">{t.notices}</Tabs.Tab>
        <Tabs.Tab value="NEWS">{t.news}</Tabs.Tab>
        <Tabs.Tab value="KNOWLEDGE">{t.knowledge}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="NOTICE"><ArticlesTab api={api} type="NOTICE" /></Tabs.Panel>
      <Tabs.Panel value="NEWS"><ArticlesTab api={api} type="NEWS" /></Tabs.Panel>
      <Tabs.Panel value="KNOWLEDGE"><DocumentsTab api={api} /></Tabs.Panel>
    </Tabs>
  );
}
