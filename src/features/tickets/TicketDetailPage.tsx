/** /workorder/show/{id} 工单详情 (§2, §3, §4): the ticket, its screenshots, its state, the result reason once closed, and the service desk's answers (issue 20), followed live. */
import { Anchor, Badge, Breadcrumbs, Center, Divider, Group, Image, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ticketText as t } from '../../../domain/texts/tickets.ts';
import type { Http } from '../../lib/http.ts';
import { liveEvents, touchesTicket } from '../../lib/live-events.ts';
import { notifyError } from '../../lib/notify.ts';
import { createTicketApi, type TicketDetail } from './api.ts';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group gap="md" align="flex-start" wrap="nowrap">
      <Text size="sm" c="dimmed" w={110} style={{ flexShrink: 0 }}>{label}</Text>
      <Text size="sm" component="div" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{children}</Text>
    </Group>
  );
}

export default function TicketDetailPage({ client }: { client?: Http }) {
  const [api] = useState(() => createTicketApi(client));
  const { id } = useParams();
  const [ticket, setTicket] = useState<TicketDetail | null>(null);

  // read again when the service desk answers, takes or closes it (a live event, issue 20): the answer
  // appears without a reload; the latest reading wins
  const [version, setVersion] = useState(0);
  useEffect(() => liveEvents.subscribe((event) => { if (touchesTicket(event, Number(id))) setVersion((v) => v + 1); }), [id]);
  useEffect(() => {
    let live = true;
    api.detail(Number(id)).then((d) => { if (live) setTicket(d); }, notifyError);
    return () => { live = false; };
  }, [api, id, version]);

  return (
    <Stack gap="md">
      <nav aria-label="面包屑">
        <Breadcrumbs>
          <Anchor component={Link} to="/workorder">{t.listTitle}</Anchor>
          <Text>{t.detailTitle}</Text>
        </Breadcrumbs>
      </nav>
      {!ticket ? <Center py="xl"><Loader /></Center> : (
        <Paper withBorder p="lg" maw={860}>
          <Group justify="space-between" mb="md">
            <Title order={4}>{ticket.ticketTitle}</Title>
            <Badge size="lg" variant="light" color={ticket.state === 'pending' ? 'orange' : ticket.state === 'process' ? 'blue' : 'gray'} data-testid="ticket-state">{ticket.stateName}</Badge>
          </Group>
          <Stack gap="sm">
            <Field label={t.ticketNum}>{ticket.ticketNum}</Field>
            <Field label={t.ticketType}>{ticket.ticketTypeName}</Field>
            <Field label={t.promoter}>{ticket.promoter}</Field>
            <Field label={t.createTime}>{ticket.createTime}</Field>
            <Field label={t.telephone}>{ticket.telephone}</Field>
            <Field label={t.ticketContent}>{ticket.ticketContent}</Field>
            <Field label={t.screenshot}>
              {ticket.attachments.length === 0 ? '—' : (
                <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
                  {ticket.attachments.map((a) => (
                    <Anchor key={a.uri} href={a.displayUri} target="_blank" rel="noopener">
                      <Image src={a.displayUri} alt={a.name} h={110} fit="contain" radius="sm" bg="gray.0" />
                      <Text size="xs" ta="center" truncate>{a.name}</Text>
                    </Anchor>
                  ))}
                </SimpleGrid>
              )}
            </Field>
            {ticket.state !== 'pending' && ticket.state !== 'process' && <Field label={t.reason}>{ticket.reason ?? '—'}</Field>}
          </Stack>
          {ticket.replies.length > 0 && (
            <Stack gap="sm" mt="lg" data-testid="ticket-replies">
              <Divider label={t.replies} labelPosition="left" />
              {ticket.replies.map((r) => (
                <Paper key={r.id} withBorder p="sm" radius="sm" bg="blue.0">
                  <Group justify="space-between" mb={4}>
                    <Text size="sm" fw={500}>{t.serviceDesk} · {r.author}</Text>
                    <Text size="xs" c="dimmed">{r.createTime}</Text>
                  </Group>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{r.content}</Text>
                  {r.images.length > 0 && (
                    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" mt="xs">
                      {r.images.map((a) => (
                        <Anchor key={a.uri} href={a.displayUri} target="_blank" rel="noopener">
                          <Image src={a.displayUri} alt={a.name} h={90} fit="contain" radius="sm" bg="gray.0" />
                        </Anchor>
                      ))}
                    </SimpleGrid>
                  )}
                </Paper>
              ))}
            </Stack>
          )}
        </Paper>
      )}
    </Stack>
  );
}
