/**
 * 首页 / the menu chain / 详情 or 添加 (bills §2): the chain is the stored module whose uri is the
 * bill's list page and its parents (出口业务 / 出口订单).
 */
import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { billText } from '../../../../domain/texts/bills.ts';
import type { MenuModule } from '../../../../machines/auth.ts';
import { useModules } from '../../../lib/auth-context.tsx';
import { normalizePath } from '../../../lib/permissions.ts';

/** The module with exactly this uri, then its parents up to a root (a cycle stops the walk). */
export function moduleChain(modules: readonly MenuModule[], uri: string): MenuModule[] {
  const byId = new Map(modules.map((m) => [String(m.id), m]));
  const chain: MenuModule[] = [];
  let current = modules.find((m) => m.uri && normalizePath(m.uri) === normalizePath(uri));
  while (current && !chain.includes(current)) {
    chain.unshift(current);
    current = byId.get(String(current.parentId));
  }
  return chain;
}

export function DetailBreadcrumb({ listPath, fallback, adding }: { listPath: string; fallback: string; adding: boolean }) {
  const modules = useModules();
  const chain = moduleChain(modules, listPath);
  const items = chain.length > 0 ? chain : [{ id: listPath, uri: listPath, name: fallback }];
  return (
    <Breadcrumbs>
      <Anchor component={Link} to="/home" size="sm">{billText.home}</Anchor>
      {items.map((m) => (m.uri
        ? <Anchor key={String(m.id)} component={Link} to={m.uri} size="sm">{m.name}</Anchor>
        : <Text key={String(m.id)} size="sm">{m.name}</Text>))}
      <Text size="sm">{adding ? billText.add : billText.detail}</Text>
    </Breadcrumbs>
  );
}
