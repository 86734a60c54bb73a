// /statistics through the real page and http client (issue 31: an empty table before 查询 read as
// "nothing found").
import { describe, expect, it } from 'vitest';
import { statisticsText as t } from '../../../domain/texts/statistics.ts';
import { createFakeBackend } from '../../testing/fake-server.ts';
import { render, screen, within } from '../../testing/render.tsx';
import StatisticsPage from './StatisticsPage.tsx';

describe('StatisticsPage', () => {
  it('says what to do before the first 查询, and asks nothing of the server yet', async () => {
    const backend = createFakeBackend();
    backend.on('/api/dictionary/item/queryByCode', () => [{ value: '2244', name: '黄埔老港' }]);
    render(<StatisticsPage client={backend.client} />, { route: '/statistics' });
    const table = await screen.findByRole('table', { name: `${t.title} ${t.tabs.ebc}` });
    expect(within(table).getByText(t.beforeQuery)).toBeTruthy();
    expect(backend.callsTo('/api/agent/counts/list')).toHaveLength(0);
  });
});
