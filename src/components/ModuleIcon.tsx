/**
 * Menu icons keyed by module.icon (the keys of domain/modules.ts). No icon package is installed;
 * these are small 24×24 stroke drawings. Unknown keys get a neutral square.
 */
import type { ModuleIcon as IconKey } from '../../domain/modules.ts';

const paths: Record<IconKey, string> = {
  home: 'M3 11l9-8 9 8M5 10v10h5v-6h4v6h5V10',
  export: 'M12 15V3M7 8l5-5 5 5M4 14v6h16v-6',
  import: 'M12 3v12M7 10l5 5 5-5M4 14v6h16v-6',
  bill: 'M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6',
  order: 'M6 3h12v18H6zM9 7h6M9 11h6M9 15h4',
  waybill: 'M2 6h12v10H2zM14 10h4l4 4v2h-8M6 19a2 2 0 100-4 2 2 0 000 4zM18 19a2 2 0 100-4 2 2 0 000 4z',
  receipt: 'M3 6h18v12H3zM3 10h18M7 15h3',
  inventory: 'M3 7l9-4 9 4-9 4-9-4zM3 7v10l9 4 9-4V7M12 11v10',
  declare: 'M5 3h10l4 4v14H5zM15 3v4h4M8 13l3 3 5-6',
  summary: 'M4 4h16M4 9h16M4 14h10M4 19h6',
  tax: 'M5 19L19 5M7 9a2 2 0 100-4 2 2 0 000 4zM17 19a2 2 0 100-4 2 2 0 000 4z',
  sign: 'M4 20h16M6 16l10-10 3 3-10 10H6z',
  archive: 'M3 4h18v4H3zM5 8v12h14V8M10 12h4',
  settlement: 'M12 3v18M17 7H9.5a3 3 0 000 6h5a3 3 0 010 6H6',
  verify: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM8.5 12l2.5 2.5 4.5-5',
  auth: 'M7 11V7a5 5 0 0110 0v4M5 11h14v10H5zM12 15v2',
  reward: 'M12 15a6 6 0 100-12 6 6 0 000 12zM8.5 14L7 22l5-3 5 3-1.5-8',
  enterprise: 'M4 21V5l8-3 8 3v16M9 21v-5h6v5M8 8h2M14 8h2M8 12h2M14 12h2',
  account: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21a8 8 0 0116 0',
  ticket: 'M4 4h16v12H8l-4 4zM8 8h8M8 12h5',
  feedback: 'M4 5h16v11H9l-5 4zM9 10h.01M12 10h.01M15 10h.01',
  notice: 'M4 10v4h3l6 5V5L7 10zM17 9a4 4 0 010 6',
  news: 'M4 5h13v14H6a2 2 0 01-2-2zM17 8h3v9a2 2 0 01-2 2M7 9h7M7 13h7',
  statistics: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  settings: 'M12 15a3 3 0 100-6 3 3 0 000 6zM4 12h2M18 12h2M12 4v2M12 18v2M6.3 6.3l1.4 1.4M16.3 16.3l1.4 1.4M6.3 17.7l1.4-1.4M16.3 7.7l1.4-1.4',
  function: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  upgrade: 'M12 20V6M6 12l6-6 6 6M5 3h14',
  review: 'M9 3h6v3H9zM6 5H4v16h16V5h-2M8 13l3 3 5-6',
};
const fallback = 'M5 5h14v14H5z';

function pathOf(name: string | null | undefined): string | undefined {
  return name && Object.hasOwn(paths, name) ? paths[name as IconKey] : undefined;
}

export function ModuleIcon({ name, size = 18 }: { name?: string | null; size?: number }) {
  const d = pathOf(name);
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      data-icon={d ? name : 'default'}
    >
      <path d={d ?? fallback} />
    </svg>
  );
}
