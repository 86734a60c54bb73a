import { describe, expect, it, vi } from 'vitest';
import { cityOf, createWeatherSource, readWeather, WEATHER_FAILURE_TTL_MS, WEATHER_TTL_MS } from './weather.ts';

const ningbo = { name: '宁波市', code: '330200' };
const ok = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

describe('weather', () => {
  it('reads {text, temperature} and nothing else', () => {
    expect(readWeather('宁波市', { text: '晴', temperature: -3.5 })).toEqual({ city: '宁波市', text: '晴', temperature: '-3.5' });
    expect(readWeather('宁波市', { text: '晴', temperature: '21' })).toEqual({ city: '宁波市', text: '晴', temperature: '21' });
    expect(readWeather('宁波市', { text: '', temperature: 1 })).toBeNull();
    expect(readWeather('宁波市', { text: '晴', temperature: 'hot' })).toBeNull();
    expect(readWeather('宁波市', [1])).toBeNull();
  });

  it('keeps an answer 30 minutes and a failure 5 minutes', async () => {
    let now = 0;
    const fetch = vi.fn(async () => ok({ text: '晴', temperature: 20 }));
    const source = createWeatherSource('http://w/{city}', { fetch: fetch as typeof globalThis.fetch, now: () => now });
    await source.forCity(ningbo);
    now = WEATHER_TTL_MS - 1;
    await source.forCity(ningbo);
    expect(fetch).toHaveBeenCalledTimes(1);
    now = WEATHER_TTL_MS + 1;
    fetch.mockImplementationOnce(async () => new Response('x', { status: 502 }));
    expect(await source.forCity(ningbo)).toBeNull();
    now += WEATHER_FAILURE_TTL_MS - 1;
    expect(await source.forCity(ningbo)).toBeNull();
    now += 2;
    expect(await source.forCity(ningbo)).toMatchObject({ text: '晴' });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('takes the city of the filing, the province of a municipality', () => {
    const byCode = new Map([
      ['330000', { name: '浙江省', parent: null }], ['330200', { name: '宁波市', parent: '330000' }],
      ['110000', { name: '北京市', parent: null }], ['110100', { name: '市辖区', parent: '110000' }],
    ]);
    expect(cityOf({ cityCode: '330200' }, byCode)).toEqual(ningbo);
    expect(cityOf({ cityCode: '110100' }, byCode)).toEqual({ name: '北京市', code: '110000' });
    expect(cityOf({}, byCode)).toBeNull();
  });
});
