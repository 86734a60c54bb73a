/**
 * /news and /notice (§2 News and notices): cards with cover, title, time and a three-line preview,
 * ten a page with the pager. A card opens /news/newsDetails/{id} or /notice/noticeDetails/{id}.
 * A notice the platform publishes appears without a reload (the live stream's 'notice').
 */
import { Card, Center, Image, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { contentText as t, type ContentType } from '../../../domain/texts/content.ts';
import { ModuleIcon } from '../../components/ModuleIcon.tsx';
import type { Http } from '../../lib/http.ts';
import { liveEvents, touchesNotices } from '../../lib/live-events.ts';
import { notifyError } from '../../lib/notify.ts';
import { createContentApi, type NoticePage } from './api.ts';
import { Pager } from './Pager.tsx';

export const PAGE_SIZE = 10;
export const detailPath = (type: ContentType, id: number) => (type === 'NEWS' ? `/news/newsDetails/${id}` : `/notice/noticeDetails/${id}`);

export function ContentListPage({ type, client }: { type: ContentType; client?: Http }) {
  const [api] = useState(() => createContentApi(client));
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<NoticePage | null>(null);
  // the platform published or withdrew an item: the page open reads again, where it is (issue 31)
  const [published, setPublished] = useState(0);
  useEffect(() => liveEvents.subscribe((event) => { if (touchesNotices(event)) setPublished((n) => n + 1); }), []);

  useEffect(() => {
    let live = true;
    api.page(type, page - 1, PAGE_SIZE).then((d) => { if (live) setData(d); }, notifyError);
    return () => { live = false; };
  }, [api, type, page, published]);

  if (!data) return <Center py="xl"><Loader /></Center>;
  return (
    <Stack gap="md">
      <Title order={4}>{type === 'NEWS' ? t.newsTitle : t.noticeTitle}</Title>
      {data.datas.length === 0 && <Text c="dimmed">{t.empty}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" role="list">
        {data.datas.map((item) => (
          <Card key={item.id} withBorder padding="md" radius="md" role="listitem" component="a" href={detailPath(type, item.id)}
            onClick={(e) => { e.preventDefault(); navigate(detailPath(type, item.id)); }} style={{ cursor: 'pointer' }}>
            <Card.Section>
              {item.coverFile
                ? <Image src={item.coverFile.attachment.displayUri} alt={item.title} h={160} fit="cover" />
                : <Center h={80} bg="blue.0" c="blue.7"><ModuleIcon name="notice" size={36} /></Center>}
            </Card.Section>
            <Text fw={600} mt="sm" lineClamp={2}>{item.title}</Text>
            <Text size="xs" c="dimmed" mt={4}>{item.updateTime}</Text>
            <Text size="sm" c="dimmed" mt="xs" lineClamp={3}>{item.summary}</Text>
          </Card>
        ))}
      </SimpleGrid>
      <Pager total={data.total} pageSize={PAGE_SIZE} page={page} onChange={setPage} />
    </Stack>
  );
}
