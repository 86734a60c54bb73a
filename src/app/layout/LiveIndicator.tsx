/**
 * The header's quiet sign that live updates are interrupted (issue 16): nothing while the stream is
 * live or connecting, a small badge while it is down (the pages refetch once it is back).
 */
import { Badge } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { eventsText } from '../../../domain/texts/events.ts';
import { liveStatus } from '../../lib/live-events.ts';

export function LiveIndicator({ status = liveStatus }: { status?: typeof liveStatus }) {
  const current = useSyncExternalStore(status.subscribe, status.get);
  if (current !== 'interrupted') return null;
  return <Badge color="orange" variant="light" size="sm" role="status">{eventsText.interrupted}</Badge>;
}
