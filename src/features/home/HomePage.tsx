/**
 * /home (§2 Home, §9): the greeting with the company name, today's date, lunar date and weekday,
 * and the weather of the company's city when the server has it (WEATHER_URL);
 * the month calendar; the news carousel (first 3) and list (4–8); the notice scroller and list (5);
 * the document list (5); the user's common functions (修改密码 opens the change-password dialog,
 * the others open their page). Links to /news, /notice, /archive and /commonFun.
 */
import { Anchor, Card, Grid, Group, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { waitFor } from 'xstate';
import { CHANGE_PASSWORD_FUNCTION } from '../../../domain/content/functions.ts';
import { chinaClock } from '../../../domain/query.ts';
import { homeText as t } from '../../../domain/texts/home.ts';
import { layoutText } from '../../../domain/texts/web.ts';
import { ModuleIcon } from '../../components/ModuleIcon.tsx';
import { useAuthActor, useUserInfo } from '../../lib/auth-context.tsx';
import type { Http } from '../../lib/http.ts';
import { liveEvents, touchesNotices } from '../../lib/live-events.ts';
import { notifyError, notifyWarning } from '../../lib/notify.ts';
import { createHomeApi, type HomeDocument, type HomeFunction, type HomeNotice, type HomeWeather } from './api.ts';
import { Calendar, type Today } from './Calendar.tsx';
import { lunarDate } from './lunar.ts';
import { NewsCarousel } from './NewsCarousel.tsx';
import { NoticeTicker } from './NoticeTicker.tsx';

const newsPath = (n: HomeNotice) => (n.type === 'NEWS' ? `/news/newsDetails/${n.id}` : `/notice/noticeDetails/${n.id}`);

function Section({ title, more, children }: { title: string; more?: { to: string; label: string }; children: React.ReactNode }) {
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Title order={5}>{title}</Title>
        {more && <Anchor component={Link} to={more.to} size="sm">{more.label}</Anchor>}
      </Group>
      {children}
    </Card>
  );
}

function TitleList({ items }: { items: { key: string | number; title: string; time: string; onOpen: () => void }[] }) {
  if (items.length === 0) return <Text size="sm" c="dimmed">{t.empty}</Text>;
  return (
    <Stack gap={6} role="list">
      {items.map((i) => (
        <Group key={i.key} justify="space-between" wrap="nowrap" gap="sm" role="listitem">
          <Anchor component="button" type="button" size="sm" c="dark" ta="left" lineClamp={1} onClick={i.onOpen}>{i.title}</Anchor>
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>{i.time.slice(0, 10)}</Text>
        </Group>
      ))}
    </Stack>
  );
}

export default function HomePage({ client, onChangePassword }: { client?: Http; onChangePassword?: () => void }) {
  const [api] = useState(() => createHomeApi(client));
  const navigate = useNavigate();
  const userInfo = useUserInfo();
  const auth = useAuthActor();
  // China time whatever the browser's zone (README: every screen shows customs' clock)
  const [now] = useState(() => chinaClock(new Date()));
  const today: Today = { year: now.year, month: now.month, day: now.day };
  const [news, setNews] = useState<HomeNotice[]>([]);
  const [notices, setNotices] = useState<HomeNotice[]>([]);
  const [documents, setDocuments] = useState<HomeDocument[]>([]);
  const [functions, setFunctions] = useState<HomeFunction[]>([]);
  const [weather, setWeather] = useState<HomeWeather | null>(null);

  // bumped when the platform publishes (or withdraws) news or a notice: both boxes read again (issue 31)
  const [published, setPublished] = useState(0);
  useEffect(() => liveEvents.subscribe((event) => { if (touchesNotices(event)) setPublished((n) => n + 1); }), []);
  useEffect(() => {
    let live = true;
    const take = <T,>(p: Promise<T>, set: (v: T) => void) => p.then((v) => { if (live) set(v); }, notifyError);
    void take(api.news(), (p) => setNews(p.datas));
    void take(api.notices(), (p) => setNotices(p.datas));
    return () => { live = false; };
  }, [api, published]);

  useEffect(() => {
    let live = true;
    const take = <T,>(p: Promise<T>, set: (v: T) => void) => p.then((v) => { if (live) set(v); }, notifyError);
    void take(api.documents(), (p) => setDocuments(p.datas));
    void take(api.functions(), setFunctions);
    // the weather fails quietly: without it the block shows the date alone
    api.weather().then((w) => { if (live) setWeather(w); }, () => {});
    return () => { live = false; };
  }, [api]);

  const openFunction = (f: HomeFunction) => {
    if (f.id === CHANGE_PASSWORD_FUNCTION.id) { onChangePassword?.(); return; }
    // §2: bill pages need a filed enterprise; a filing approved since the login is asked for first
    if (f.uri.includes('bill') && !userInfo?.companyCode) {
      auth.send({ type: 'session.refresh' });
      void waitFor(auth, (s) => !s.hasTag('refreshing')).then((s) => {
        if (s.hasTag('signedIn') && s.context.userInfo?.companyCode) navigate(f.uri);
        else notifyWarning(layoutText.noCompany);
      });
      return;
    }
    navigate(f.uri);
  };
  const download = async (d: HomeDocument) => {
    try {
      const { downloadUri } = await api.download(d.filePath);
      window.open(downloadUri, '_blank', 'noopener');
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Stack gap="md">
          <Card withBorder padding="lg" radius="md" bg="blue.0" aria-label={t.welcome} component="section">
            <Title order={3} data-testid="greeting">{t.greeting(now.hour)}，{userInfo?.username ?? ''}</Title>
            <Text mt={4} fw={500}>{t.welcome}{userInfo?.companyName ? ` · ${userInfo.companyName}` : ''}</Text>
            <Group mt="sm" gap="lg">
              <Text size="sm" data-testid="today">{t.dateTitle(today.year, today.month, today.day)}</Text>
              <Text size="sm">{t.weekdays[now.weekday]}</Text>
              <Text size="sm" data-testid="lunar-today">{lunarDate(today.year, today.month, today.day)}</Text>
              {weather && <Text size="sm" data-testid="weather">{t.weather(weather.city, weather.text, weather.temperature)}</Text>}
            </Group>
          </Card>
          <Section title={t.functions} more={{ to: '/commonFun', label: t.customise }}>
            {functions.length === 0 ? <Text size="sm" c="dimmed">{t.empty}</Text> : (
              <SimpleGrid cols={{ base: 3, sm: 4, md: 6 }} spacing="sm">
                {functions.map((f) => (
                  <UnstyledButton key={f.id} onClick={() => openFunction(f)} aria-label={f.name} p="xs" style={{ borderRadius: 8, textAlign: 'center' }}>
                    <Stack gap={4} align="center">
                      <ModuleIcon name={f.icon} size={26} />
                      <Text size="xs" lineClamp={1}>{f.name}</Text>
                      {f.type !== 'common' && <Text size="10px" c="dimmed">{f.type === 'import' ? '进口' : '出口'}</Text>}
                    </Stack>
                  </UnstyledButton>
                ))}
              </SimpleGrid>
            )}
          </Section>
          <Section title={t.news} more={{ to: '/news', label: t.more }}>
            <Grid gap="md">
              <Grid.Col span={{ base: 12, md: 7 }}>
                <NewsCarousel items={news.slice(0, 3)} onOpen={(n) => navigate(newsPath(n))} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 5 }}>
                <TitleList items={news.slice(3, 8).map((n) => ({ key: n.id, title: n.title, time: n.updateTime, onOpen: () => navigate(newsPath(n)) }))} />
              </Grid.Col>
            </Grid>
          </Section>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Stack gap="md">
          <Card withBorder padding="md" radius="md" component="section" aria-label="日历">
            <Calendar today={today} />
          </Card>
          <Section title={t.notices} more={{ to: '/notice', label: t.more }}>
            {notices.length > 0 && (
              <NoticeTicker titles={notices.map((n) => n.title)} />
            )}
            <TitleList items={notices.map((n) => ({ key: n.id, title: n.title, time: n.updateTime, onOpen: () => navigate(newsPath(n)) }))} />
          </Section>
          <Section title={t.documents} more={{ to: '/archive', label: t.more }}>
            <TitleList items={documents.map((d) => ({ key: d.id, title: d.fileName, time: d.createTime, onOpen: () => void download(d) }))} />
          </Section>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
