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
