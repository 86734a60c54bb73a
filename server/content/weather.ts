/**
 * The home page's weather (accounts-and-enterprise.md §2 Home), fetched by the server from the
 * provider WEATHER_URL names, for the city of the caller's filed company. The template's {city}
 * becomes the city's name (宁波市; a municipality's own name, 北京市), {cityCode} its 6-digit division
 * code (330200), both URL-encoded. The provider answers JSON {text, temperature} (docs/decisions/weather-server-side-one-simple-format.md
 * says how to adapt another). Answers are kept 30 minutes per city; a failure (no provider, no city,
 * timeout, bad answer) is quiet — null, and the page shows the date alone — and is kept 5 minutes so
 * a provider that is down is not asked on every page view.
 */
export interface Weather { city: string; text: string; temperature: string }
export interface City { name: string; code: string }

export const WEATHER_TTL_MS = 30 * 60_000;
export const WEATHER_FAILURE_TTL_MS = 5 * 60_000;
const TIMEOUT_MS = 3_000;

/** The provider's answer, or null when it is not {text, temperature} (temperature a number or a string). */
export function readWeather(city: string, body: unknown): Weather | null {
  if (typeof body !== 'object' || body === null) return null;
  const { text, temperature } = body as Record<string, unknown>;
  if (typeof text !== 'string' || text.trim() === '' || text.length > 40) return null;
  const degrees = typeof temperature === 'number' && Number.isFinite(temperature) ? String(temperature)
    : typeof temperature === 'string' && /^-?\d{1,2}(\.\d)?$/.test(temperature.trim()) ? temperature.trim() : null;
  return degrees === null ? null : { city, text: text.trim(), temperature: degrees };
}

export function weatherUrl(template: string, city: City): string {
  return template.replaceAll('{city}', encodeURIComponent(city.name)).replaceAll('{cityCode}', encodeURIComponent(city.code));
}

export function createWeatherSource(template: string | undefined, options: { fetch?: typeof fetch; now?: () => number } = {}) {
  const get = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { until: number; value: Promise<Weather | null> }>();

  async function ask(city: City): Promise<Weather | null> {
    try {
      const res = await get(weatherUrl(template!, city), { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json' } });
      if (!res.ok) return null;
      return readWeather(city.name, await res.json());
    } catch {
      return null;
    }
  }

  return {
    /** today's weather of the city, from the cache while it is fresh; null when there is none */
    async forCity(city: City | null): Promise<Weather | null> {
      if (!template || !city) return null;
      const kept = cache.get(city.code);
      if (kept && kept.until > now()) return kept.value;
      // one request per city at a time: callers during the request share it
      const value = ask(city);
      cache.set(city.code, { until: now() + WEATHER_TTL_MS, value });
      const answer = await value;
      if (answer === null) cache.set(city.code, { until: now() + WEATHER_FAILURE_TTL_MS, value });
      return answer;
    },
  };
}
export type WeatherSource = ReturnType<typeof createWeatherSource>;

const FILLERS = new Set(['市辖区', '县', '省直辖县级行政区划', '自治区直辖县级行政区划']);

/** The city of a filing's 行政区划: its city level, or the province for a municipality (北京市 → 市辖区). */
export function cityOf(profile: Record<string, unknown> | null | undefined, byCode: ReadonlyMap<string, { name: string; parent: string | null }>): City | null {
  const code = typeof profile?.cityCode === 'string' ? profile.cityCode : '';
  const city = byCode.get(code);
  if (!city) return null;
  if (!FILLERS.has(city.name)) return { name: city.name, code };
  const province = city.parent ? byCode.get(city.parent) : undefined;
  return province ? { name: province.name, code: city.parent! } : null;
}
