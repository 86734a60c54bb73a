/**
 * What a select over a code table offers for a typed text, best first: the option whose name or
 * code is exactly the text, then codes starting with it, then names starting with it, then the
 * rest containing it (code or name, case ignored). Within a rank the table's order holds. Typing
 * 中国 offers 142 中国 before 110 中国香港; typing 142 offers 142 first whatever its name.
 */
export interface RankedOption {
  value: string;
  label: string;
}

/** The option's name: its label without the leading code (`142 人民币` → 人民币). */
export function optionName(option: RankedOption): string {
  const prefix = `${option.value} `;
  return option.label.startsWith(prefix) ? option.label.slice(prefix.length) : option.label;
}

function rankOf(option: RankedOption, query: string): number {
  const code = option.value.toLowerCase();
  const name = optionName(option).toLowerCase();
  if (name === query || code === query || option.label.toLowerCase() === query) return 0;
  if (code.startsWith(query)) return 1;
  if (name.startsWith(query)) return 2;
  if (option.label.toLowerCase().includes(query)) return 3;
  return -1;
}

/** The options matching `search` (all of them when it is blank), best first. */
export function rankOptions<T extends RankedOption>(options: readonly T[], search: string): T[] {
  const query = search.trim().toLowerCase();
  if (query === '') return [...options];
  const ranked: { option: T; rank: number; at: number }[] = [];
  options.forEach((option, at) => {
    const rank = rankOf(option, query);
    if (rank >= 0) ranked.push({ option, rank, at });
  });
  return ranked.sort((a, b) => a.rank - b.rank || a.at - b.at).map((r) => r.option);
}
