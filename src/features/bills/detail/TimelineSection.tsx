/**
 * 回执记录 of a stored bill, for every bill type alike: what was sent (the outbox's messages, with
 * their status, attempts and failure), what the exchange answered (传输回执, DxpRep) and what
 * customs answered (each receipt's status, text and explanation; a status customs documents for no
 * edition marked 未识别状态 with its raw code), oldest first, as a timeline; 查看报文 on each shows its XML, 状态图 the lifecycle
 * diagram with the bill's state highlighted. Read again whenever the page's copy of the bill is
 * (revision: loaded, 刷新, after a save or declaration). A failure stays in the section: the bill
 * itself is still shown, and a toast would repeat on every refresh.
 */
import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { DXP_REP } from '../../../../domain/customs/dxp-codes.ts';
import { receiptText } from '../../../../domain/texts/receipts.ts';
import { timelineText } from '../../../../domain/texts/timeline.ts';
import type { Http } from '../../../lib/http.ts';
import { errorMessage } from '../../../lib/notify.ts';
import { ReceiptExplanationNote } from '../list/components/ReceiptExplanation.tsx';
import { LifecycleDiagram, type RenderDiagram } from './LifecycleDiagram.tsx';
import { RawXmlModal, type RawTarget } from './RawXmlModal.tsx';
import { diagramState, fetchTimeline, isFailure, type Timeline as BillTimeline, type TimelineEvent } from './timeline-api.ts';

export interface TimelineSectionProps {
  billId: string;
  /** the page's copy of the bill was replaced: read the timeline again */
  revision: number;
  /** the page's state code, until the timeline brings the server's */
  state: string;
  client: Http;
  /** draws the diagram (tests pass their own; the page uses the lazy Mermaid renderer) */
  renderDiagram?: RenderDiagram;
}

/** 发送报文 …, 海关回执 …; the exchange's own answer (DxpRep) as 传输回执. */
const titleOf = (e: TimelineEvent): string =>
  e.kind === 'message' ? timelineText.sentMessage(e.messageTypeName)
    : e.messageType === DXP_REP ? receiptText.transferLabel : timelineText.receipt(e.messageTypeName);

function EventBody({ event, onRaw }: { event: TimelineEvent; onRaw: () => void }) {
  const failed = isFailure(event);
  const statusName = event.kind === 'message' ? event.statusName : event.returnStatusName;
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap">
        <Text size="xs" c="dimmed">{event.time}</Text>
        <Badge size="sm" variant="light" color={failed ? 'red' : event.kind === 'message' ? 'blue' : 'teal'}>{statusName}</Badge>
        {event.kind === 'receipt' && event.unrecognised && (
          <Badge size="sm" variant="outline" color="orange">{receiptText.unrecognisedStatus} {event.returnStatus}</Badge>
        )}
        {event.kind === 'receipt' && event.held && <Badge size="sm" variant="outline" color="gray">{event.held}</Badge>}
        <Button size="compact-xs" variant="subtle" onClick={onRaw} aria-label={timelineText.viewRawOf(`${titleOf(event)} ${event.time}`)}>
          {timelineText.viewRaw}
        </Button>
      </Group>
      {event.kind === 'message' ? (
        <>
          <Text size="xs" c="dimmed">
            {timelineText.attempts(event.attempts)}
            {event.sentAt ? `　${timelineText.sentAt(event.sentAt)}` : ''}
          </Text>
          {event.lastError && <Text size="xs" c="red.8">{timelineText.lastError}：{event.lastError}</Text>}
        </>
      ) : (
        <>
          {event.returnInfo && <Text size="sm" style={{ wordBreak: 'break-all' }}>{event.returnInfo}</Text>}
          <ReceiptExplanationNote explain={event.explain} />
        </>
      )}
    </Stack>
  );
}

export function TimelineSection({ billId, revision, state, client, renderDiagram }: TimelineSectionProps) {
  const [timeline, setTimeline] = useState<BillTimeline | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [raw, setRaw] = useState<RawTarget | null>(null);
  const [diagramOpen, setDiagramOpen] = useState(false);

  useEffect(() => {
    const abort = new AbortController();
    fetchTimeline(client, billId, abort.signal).then(
      (answer) => {
        setTimeline(answer);
        setError(null);
      },
      (e: unknown) => {
        if (!abort.signal.aborted) setError(errorMessage(e) ?? timelineText.loadFailed);
      },
    );
    return () => abort.abort();
  }, [client, billId, revision]);

  const events = timeline?.events ?? [];
  const current = timeline?.state || state;
  return (
    <Paper withBorder p="md" component="section" aria-label={timelineText.section}>
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <Title order={5}>{timelineText.section}</Title>
          {timeline?.stateName && <Badge variant="outline">{timeline.stateName}</Badge>}
        </Group>
        <Button size="xs" variant="default" onClick={() => setDiagramOpen(true)}>{timelineText.diagram}</Button>
      </Group>
      {error !== null && <Alert color="red" title={timelineText.loadFailed} mb="sm">{error}</Alert>}
      {timeline === null && error === null ? (
        <Center p="md"><Loader size="sm" aria-label={timelineText.loading} /></Center>
      ) : events.length === 0 ? (
        error === null && <Text size="sm" c="dimmed">{timelineText.empty}</Text>
      ) : (
        <Timeline active={events.length - 1} bulletSize={14} lineWidth={2}>
          {events.map((e) => (
            <Timeline.Item key={`${e.kind}/${e.id}`} title={titleOf(e)} color={isFailure(e) ? 'red' : undefined}>
              <EventBody event={e} onRaw={() => setRaw({ kind: e.kind, id: e.id, title: `${titleOf(e)} ${e.time}` })} />
            </Timeline.Item>
          ))}
        </Timeline>
      )}
      <RawXmlModal target={raw} client={client} onClose={() => setRaw(null)} />
      <LifecycleDiagram opened={diagramOpen} state={diagramState(current, events)} stateName={timeline?.stateName}
        onClose={() => setDiagramOpen(false)} {...(renderDiagram ? { render: renderDiagram } : {})} />
    </Paper>
  );
}
