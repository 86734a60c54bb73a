/**
 * /statistics (accounts §2): three tabs — by e-commerce company, by platform, by in-zone company
 * code — each with its own filters and results, kept while another tab is shown (the tabs stay
 * mounted; the page itself stays cached: paths with "statistics" do, §2 Layout).
 */
import { Tabs } from '@mantine/core';
import { useState } from 'react';
import { statisticsTabs } from '../../../domain/statistics/query.ts';
import { statisticsText as t } from '../../../domain/texts/statistics.ts';
import type { Http } from '../../lib/http.ts';
import { createStatisticsApi } from './api.ts';
import { StatisticsTab } from './StatisticsTab.tsx';

export default function StatisticsPage({ client }: { client?: Http }) {
  const [api] = useState(() => createStatisticsApi(client));
  return (
    <Tabs defaultValue="ebc" keepMounted>
      <Tabs.List>{statisticsTabs.map((tab) => <Tabs.Tab key={tab} value={tab}>{t.tabs[tab]}</Tabs.Tab>)}</Tabs.List>
      {statisticsTabs.map((tab) => <Tabs.Panel key={tab} value={tab}><StatisticsTab tab={tab} api={api} client={client} /></Tabs.Panel>)}
    </Tabs>
  );
}
