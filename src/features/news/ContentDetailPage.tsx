/**
 * /news/newsDetails/{id} and /notice/noticeDetails/{id} (§2): breadcrumb 首页 / 通知公告 (or 新闻动态)
 * / 详情, the title and time, the HTML content (sanitised: the content is the platform's, but the
 * page never trusts markup it did not write) and the attachments.
 */
import { Anchor, Breadcrumbs, Center, Divider, Image, List, Loader, Paper, Stack, Text, Title, Typography } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { contentText as t, type ContentType } from '../../../domain/texts/content.ts';
import type { Http } from '../../lib/http.ts';
import { notifyError } from '../../lib/notify.ts';
import { createContentApi, type NoticeDetail } from './api.ts';

export function ContentDetailPage({ type, client }: { type: ContentType; client?: Http }) {
  const [api] = useState(() => createContentApi(client));
  const { id } = useParams();
  const [detail, setDetail] = useState<NoticeDetail | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    setDetail(null);
    setFailed(false);
    api.detail(Number(id)).then((d) => { if (live) setDetail(d); }, (error: unknown) => { if (live) setFailed(true); notifyError(error); });
    return () => { live = false; };
  }, [api, id]);

  const html = useMemo(() => (detail ? DOMPurify.sanitize(detail.content) : ''), [detail]);
  const list = type === 'NEWS' ? { path: '/news', title: t.news } : { path: '/notice', title: t.notices };

  return (
    <Stack gap="md">
      <nav aria-label="面包屑">
        <Breadcrumbs>
          <Anchor component={Link} to="/home">{t.home}</Anchor>
          <Anchor component={Link} to={list.path}>{list.title}</Anchor>
          <Text>{t.details}</Text>
        </Breadcrumbs>
      </nav>
      {failed && <Text c="dimmed">{t.notFound}</Text>}
      {!detail && !failed && <Center py="xl"><Loader /></Center>}
      {detail && (
        <Paper withBorder p="xl" radius="md">
          <Title order={3} ta="center">{detail.title}</Title>
          <Text size="sm" c="dimmed" ta="center" mt="xs">{t.publishTime}：{detail.createTime}　{t.updateTime}：{detail.updateTime}</Text>
          <Divider my="md" />
          {detail.coverFile && <Image src={detail.coverFile.attachment.displayUri} alt={detail.title} maw={640} mx="auto" mb="md" radius="sm" />}
          <Typography>
            <div data-testid="content-body" dangerouslySetInnerHTML={{ __html: html }} />
          </Typography>
          {detail.fileVos.length > 0 && (
            <>
              <Divider my="md" label={t.attachments} labelPosition="left" />
              <List size="sm">
                {detail.fileVos.map((f) => (
                  <List.Item key={f.id}><Anchor href={f.attachment.downloadUri} target="_blank" rel="noopener">{f.fileName}</Anchor></List.Item>
                ))}
              </List>
            </>
          )}
        </Paper>
      )}
    </Stack>
  );
}
