/**
 * The home page's weather (issue 18 §5): the company city's weather when the server has it; when it
 * has none, or the call fails, the block shows the date part alone — no empty frame, no error toast.
 */
import { describe, expect, it } from 'vitest';
import { homeText } from '../../../domain/texts/home.ts';
import { createFakeBackend, Refusal } from '../bills/list/testing/fake-backend.ts';
import { render, screen, waitFor } from '../../testing/render.tsx';
import HomePage from './HomePage.tsx';

const WEATHER = '/api/enterprise/home/weather';

function mount(weather: () => unknown) {
  const backend = createFakeBackend();
  const empty = () => ({ total: 0, datas: [] });
  backend.on('/api/enterprise/notice/queryPageList', empty).on('/api/enterprise/Knowledge_file/list', empty)
    .on('/api/enterprise/user/function/findUserFunctions', () => []).on(WEATHER, weather);
  render(<HomePage client={backend.client} />);
  return backend;
}

describe('the home page weather', { timeout: 30_000 }, () => {
  it('shows the city, the weather and the temperature beside the date', async () => {
    mount(() => ({ city: '宁波', text: '多云', temperature: '18' }));
    expect((await screen.findByTestId('weather')).textContent).toBe(homeText.weather('宁波', '多云', '18'));
    expect(screen.getByTestId('today')).toBeTruthy();
  });

  for (const [name, answer] of [['no weather (null)', () => null], ['a refused call', () => new Refusal('服务器内部错误')]] as const) {
    it(`shows the date alone after ${name}, quietly`, async () => {
      const backend = mount(answer);
      await waitFor(() => expect(backend.callsTo(WEATHER)).toHaveLength(1));
      await new Promise((r) => setTimeout(r, 50));
      expect(screen.queryByTestId('weather')).toBeNull();
      expect(screen.getByTestId('today')).toBeTruthy();
      expect(screen.getByTestId('lunar-today')).toBeTruthy();
      expect(screen.queryByText('服务器内部错误')).toBeNull();
    });
  }
});
