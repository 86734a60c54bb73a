import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { eventsText } from '../../../domain/texts/events.ts';
import { createLiveStatus } from '../../lib/live-events.ts';
import { LiveIndicator } from './LiveIndicator.tsx';

describe('LiveIndicator', () => {
  it('shows nothing while live, a badge while interrupted, and goes when the stream is back', () => {
    const status = createLiveStatus('live');
    render(<MantineProvider><LiveIndicator status={status} /></MantineProvider>);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => status.set('interrupted'));
    expect(screen.getByRole('status').textContent).toBe(eventsText.interrupted);
    act(() => status.set('live'));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
