/**
 * One ticket as the service desk works it (issue 20): the company and the question with its
 * screenshots, the conversation so far, and 受理 / 回复 (text and up to five JPG/PNG pictures, the
 * enterprise form's rule) / 关闭工单 (with the result the enterprise reads) as the ticket's state allows.
 */
import { Anchor, Badge, Button, CloseButton, Divider, FileButton, Group, Image, Modal, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { screenshotProblem, TICKET_IMAGES_MAX } from '../../../domain/content/tickets.ts';
import { reviewTicketText as t } from '../../../domain/texts/review-ticket.ts';
import { ticketText } from '../../../domain/texts/tickets.ts';
import { notifyError, notifySuccess, notifyWarning } from '../../lib/notify.ts';
import type { DeskImage, DeskTicket, ReviewTicketApi, UploadedImage } from './api.ts';

const stateColor: Record<string, string> = { pending: 'orange', process: 'blue' };

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group gap="md" align="flex-start" wrap="nowrap">
      <Text size="sm" c="dimmed" w={96} style={{ flexShrink: 0 }}>{label}</Text>
      <Text size="sm" component="div" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{children}</Text>
    </Group>
  );
}

function Pictures({ images }: { images: DeskImage[] }) {
  return (
    <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs" mt="xs">
      {images.map((a) => (
        <Anchor key={a.uri} href={a.displayUri} target="_blank" rel="noopener">
          <Image src={a.displayUri} alt={a.name} h={80} fit="contain" radius="sm" bg="gray.0" />
        </Anchor>
      ))}
    </SimpleGrid>
  );
}

export function TicketPanel({ api, ticket, onChanged }: { api: ReviewTicketApi; ticket: DeskTicket; onChanged: () => Promise<void> }) {
  const [content, setContent] = useState('');
  const [images, setImages] = useState<UploadedImage[]>([]);
  const [busy, setBusy] = useState(false);
  const [closing, setClosing] = useState(false);
  const [reason, setReason] = useState('');
  const can = (a: DeskTicket['actions'][number]) => ticket.actions.includes(a);

  // `done` runs as soon as the server has taken the action, before the ticket and the list reload:
  // a sent answer leaves the form at once, so it never shows twice (in the conversation and the box).
  const run = async (work: () => Promise<unknown>, message: string, done: () => void = () => {}) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      notifyError(error);
      setBusy(false);
      return;
    }
    done();
    notifySuccess(message);
    try {
      await onChanged();
    } finally {
      setBusy(false);
    }
  };
  const addImages = async (files: File[]) => {
    for (const file of files) {
      const problem = screenshotProblem(file.name, file.size);
      if (problem) { notifyWarning(problem); continue; }
      if (images.length >= TICKET_IMAGES_MAX) { notifyWarning(ticketText.tooManyImages); break; }
      try {
        const uploaded = await api.uploadImage(file);
        setImages((list) => (list.length >= TICKET_IMAGES_MAX ? list : [...list, uploaded]));
      } catch (error) {
        notifyError(error);
      }
    }
  };
  const reply = async () => {
    if (!content.trim()) { notifyWarning(t.replyRequired); return; }
    await run(() => api.reply(ticket.id, content, images.map((i) => i.token)), t.replied, () => { setContent(''); setImages([]); });
  };
  const close = async () => {
    if (!reason.trim()) { notifyWarning(ticketText.reasonRequired); return; }
    await run(() => api.close(ticket.id, reason), t.closed, () => { setClosing(false); setReason(''); });
  };

  return (
    <Stack gap="md" data-testid="desk-ticket">
      <Group justify="space-between">
        <Title order={4}>{ticket.ticketTitle}</Title>
        <Badge size="lg" variant="light" color={stateColor[ticket.state] ?? 'gray'} data-testid="desk-ticket-state">{ticket.stateName}</Badge>
      </Group>
      <Stack gap={6}>
        <Line label={t.company}>{ticket.companyName}{ticket.companyCode ? `（${ticket.companyCode}）` : ''}</Line>
        <Line label={ticketText.ticketNum}>{ticket.ticketNum}</Line>
        <Line label={ticketText.ticketType}>{ticket.ticketTypeName}</Line>
        <Line label={ticketText.promoter}>{ticket.promoter}</Line>
        <Line label={ticketText.telephone}>{ticket.telephone}</Line>
        <Line label={ticketText.createTime}>{ticket.createTime}</Line>
        {ticket.reason !== null && <Line label={ticketText.reason}>{ticket.reason}</Line>}
      </Stack>
      <Divider label={t.conversation} labelPosition="left" />
      <Paper withBorder p="sm" radius="sm">
        <Group justify="space-between" mb={4}><Text size="sm" fw={500}>{t.question} · {ticket.promoter}</Text><Text size="xs" c="dimmed">{ticket.createTime}</Text></Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{ticket.ticketContent}</Text>
        {ticket.attachments.length > 0 && <Pictures images={ticket.attachments} />}
      </Paper>
      {ticket.replies.map((r) => (
        <Paper key={r.id} withBorder p="sm" radius="sm" bg="blue.0" ml="xl">
          <Group justify="space-between" mb={4}><Text size="sm" fw={500}>{t.desk} · {r.author}</Text><Text size="xs" c="dimmed">{r.createTime}</Text></Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{r.content}</Text>
          {r.images.length > 0 && <Pictures images={r.images} />}
        </Paper>
      ))}
      {can('reply') && (
        <Stack gap="xs">
          <Textarea aria-label={t.reply} placeholder={t.replyPlaceholder} rows={4} value={content} onChange={(e) => setContent(e.currentTarget.value)} />
          {images.length > 0 && (
            <Group gap="xs">
              {images.map((i) => (
                <Paper key={i.token} withBorder p={2} pos="relative">
                  <Image src={i.displayUri} alt={i.fileName} h={60} w={60} fit="cover" />
                  <CloseButton size="xs" pos="absolute" top={0} right={0} aria-label={`${ticketText.delete} ${i.fileName}`} onClick={() => setImages((list) => list.filter((x) => x.token !== i.token))} />
                </Paper>
              ))}
            </Group>
          )}
          <Text size="xs" c="dimmed">{ticketText.uploadHint}</Text>
        </Stack>
      )}
      <Group justify="flex-end" gap="xs">
        {can('reply') && (
          <FileButton multiple accept="image/png,image/jpeg" onChange={(files) => void addImages(files)}>
            {(props) => <Button {...props} variant="default" disabled={busy || images.length >= TICKET_IMAGES_MAX}>{t.addImages}</Button>}
          </FileButton>
        )}
        {can('process') && <Button variant="light" loading={busy} onClick={() => void run(() => api.process(ticket.id), t.processed)}>{t.process}</Button>}
        {can('reply') && <Button loading={busy} onClick={() => void reply()}>{t.reply}</Button>}
        {can('close') && <Button color="red" variant="light" disabled={busy} onClick={() => setClosing(true)}>{t.close}</Button>}
      </Group>
      <Modal opened={closing} onClose={() => setClosing(false)} title={t.close} centered>
        <Textarea label={t.closeReason} placeholder={t.closePlaceholder} rows={3} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setClosing(false)}>{t.cancel}</Button>
          <Button color="red" loading={busy} onClick={() => void close()}>{t.confirm}</Button>
        </Group>
      </Modal>
    </Stack>
  );
}
