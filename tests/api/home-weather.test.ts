/**
 * The home page's weather (accounts §2 Home) on a real server: fetched by the server from the
 * WEATHER_URL provider (a local fake here) for the city of the caller's filing, kept 30 minutes,
 * and quiet on every failure (null: the page then shows the date alone).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, demo, login, type TestApp } from '../helpers/test-app.ts';

type Answer = (req: IncomingMessage, res: ServerResponse) => void;
let answer: Answer = (_req, res) => res.end();
const asked: string[] = [];
let provider: Server;
let base = '';
beforeAll(async () => {
  provider = createServer((req, res) => { asked.push(req.url ?? ''); answer(req, res); });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));

const json = (body: unknown, status = 200): Answer => (_req, res) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify(body)); };

async function appWith(env: Record<string, string>) {
  const app = await createTestApp({ env });
  const { token } = await login(app.app, demo.admin.username, demo.admin.password);
  return { app, weather: async () => (await call(app.app, '/api/enterprise/home/weather', {}, token)).body };
}

describe('home weather', () => {
  let t: { app: TestApp; weather: () => Promise<{ code: number; data: unknown }> };
  beforeAll(async () => { t = await appWith({ WEATHER_URL: `${base}/now?city={city}&code={cityCode}` }); });
  afterAll(() => t?.app.close());

  it('asks the provider for the filed company\'s city and answers {city, text, temperature}', async () => {
    answer = json({ text: '多云', temperature: 18 });
    asked.length = 0;
    expect(await t.weather()).toMatchObject({ code: 0, data: { city: '宁波市', text: '多云', temperature: '18' } });
    expect(asked).toEqual([`/now?city=${encodeURIComponent('宁波市')}&code=330200`]);
  });

  it('keeps the answer (a second look within 30 minutes asks nobody)', async () => {
    answer = json({ text: '暴雨', temperature: 10 });
    asked.length = 0;
    expect((await t.weather()).data).toMatchObject({ text: '多云', temperature: '18' });
    expect(asked).toEqual([]);
  });
});

describe('home weather failing quietly', () => {
  const cases: [string, Answer][] = [
    ['a server error', json({ message: 'down' }, 500)],
    ['an answer of another shape', json({ weather: { desc: '晴' } })],
    ['a body that is not JSON', (_req, res) => { res.writeHead(200, { 'content-type': 'text/plain' }); res.end('晴 18'); }],
    ['a connection closed without an answer', (req) => req.socket.destroy()],
  ];
  for (const [name, failing] of cases) {
    it(`answers null for ${name}`, async () => {
      const t = await appWith({ WEATHER_URL: `${base}/fail?city={city}` });
      try {
        answer = failing;
        expect(await t.weather()).toMatchObject({ code: 0, data: null });
      } finally {
        await t.app.close();
      }
    });
  }

  it('answers null without WEATHER_URL, asking nobody', async () => {
    const t = await appWith({});
    try {
      asked.length = 0;
      expect(await t.weather()).toMatchObject({ code: 0, data: null });
      expect(asked).toEqual([]);
    } finally {
      await t.app.close();
    }
  });
});
