/**
 * The home page's weather (issue 18 §5): the company city's weather when the server has it; when it
 * has none, or the call fails, the block shows the date part alone — no empty frame, no error toast.
 */
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { homeText } from '../../../domain/texts/home.ts';
import { createHttp } from '../../lib/http.ts';
import { render, screen, waitFor } from '../../testing/render.tsx';
import HomePage from './HomePage.tsx';

const WEATHER = '/api/enterprise/home/weather';
const REFUSED = '服务器内部错误';

/** The home page over a server whose weather answer is `weather` (a refusal's message as a string); every list is empty. */
function mount(weather: unknown) {
  const asked: string[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    asked.push(url);
    const answer = url === WEATHER ? weather : url.endsWith('findUserFunctions') ? [] : { total: 0, datas: [] };
    const body = answer === REFUSED ? { code: -1, message: REFUSED, data: null } : { code: 0, message: '', data: answer };
    return { data: body, status: 200, statusText: 'OK', headers: {}, config };
  };
  render(<HomePage client={createHttp({ auth: { getToken: () => 't', refresh: async () => 't', unauthorized: () => {} }, adapter })} />);
  return asked;
}

describe('the home page weather', { timeout: 30_000 }, () => {
  it('shows the city, the weather and the temperature beside the date', async () => {
    mount({ city: '宁波', text: '多云', temperature: '18' });
    expect((await screen.findByTestId('weather')).textContent).toBe(homeText.weather('宁波', '多云', '18'));
    expect(screen.getByTestId('today')).toBeTruthy();
  });

  for (const [name, answer] of [['no weather (null)', null], ['a refused call', REFUSED]] as const) {
    it(`shows the date alone after ${name}, quietly`, async () => {
      const asked = mount(answer);
      await waitFor(() => expect(asked.filter((u) => u === WEATHER)).toHaveLength(1));
      await new Promise((r) => setTimeout(r, 50));
      expect(screen.queryByTestId('weather')).toBeNull();
      expect(screen.getByTestId('today')).toBeTruthy();
      expect(screen.getByTestId('lunar-today')).toBeTruthy();
      expect(screen.queryByText(REFUSED)).toBeNull();
    });
  }
});

describe('the home page clock', { timeout: 30_000 }, () => {
  it('greets, dates and marks the calendar in China time whatever the browser’s zone', async () => {
    // 16:30 UTC on 6 December is 00:30 on 7 December in China: a UTC browser read 下午好 and the 6th
    const clock = new Date('2026-12-06T16:30:00Z');
    const real = Date;
    class ChinaMidnight extends real {
      constructor(...args: unknown[]) { if (args.length === 0) super(clock.getTime()); else super(...(args as [string])); }
      static override now() { return clock.getTime(); }
    }
    globalThis.Date = ChinaMidnight as DateConstructor;
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York'; // a browser abroad (Node reads TZ afresh)
    try {
      mount(null);
      expect((await screen.findByTestId('greeting')).textContent).toMatch(/^凌晨好/);
      expect(screen.getByTestId('today').textContent).toBe(homeText.dateTitle(2026, 12, 7));
      expect(screen.getByText(homeText.weekdays[1])).toBeTruthy();
      expect(screen.getByRole('grid').querySelector('[aria-current="date"]')!.getAttribute('data-date')).toBe('2026-12-07');
    } finally {
      globalThis.Date = real;
      if (zone === undefined) delete process.env.TZ; else process.env.TZ = zone;
    }
  });
});
