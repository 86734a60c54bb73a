/**
 * The side menu from the stored modules. A jump to a bill page is refused with 请先进行企业备案！
 * while the user's enterprise has no companyCode — after asking the server once (session.refresh):
 * a filing approved since the login brings the code into the session, and the jump goes ahead.
 */
import { NavLink, ScrollArea } from '@mantine/core';
import { useMemo, type MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { waitFor } from 'xstate';
import { layoutText } from '../../../domain/texts/web.ts';
import { ModuleIcon } from '../../components/ModuleIcon.tsx';
import { useAuthActor, useModules, useUserInfo } from '../../lib/auth-context.tsx';
import { notifyWarning } from '../../lib/notify.ts';
import { normalizePath } from '../../lib/permissions.ts';
import { buildMenu, needsCompany, type MenuNode } from './menu.ts';

function containsPath(node: MenuNode, path: string): boolean {
  return (node.module.uri !== '' && normalizePath(node.module.uri) === path) || node.children.some((c) => containsPath(c, path));
}

export function SideMenu() {
  const modules = useModules();
  const userInfo = useUserInfo();
  const { pathname } = useLocation();
  const tree = useMemo(() => buildMenu(modules), [modules]);
  const auth = useAuthActor();
  const navigate = useNavigate();

  const guard = (uri: string) => (event: MouseEvent) => {
    if (needsCompany(uri) && !userInfo?.companyCode) {
      event.preventDefault();
      auth.send({ type: 'session.refresh' });
      void waitFor(auth, (s) => !s.hasTag('refreshing')).then((s) => {
        if (s.hasTag('signedIn') && s.context.userInfo?.companyCode) navigate(uri);
        else notifyWarning(layoutText.noCompany);
      });
    }
  };

  const render = (node: MenuNode, depth: number) => {
    const { module, children } = node;
    const key = String(module.id);
    const icon = depth === 0 ? <ModuleIcon name={module.icon} /> : undefined;
    if (children.length > 0) {
      return (
        <NavLink
          key={key}
          component="button"
          type="button"
          label={module.name}
          leftSection={icon}
          defaultOpened={containsPath(node, pathname)}
          childrenOffset={16}
        >
          {children.map((child) => render(child, depth + 1))}
        </NavLink>
      );
    }
    return (
      <NavLink
        key={key}
        component={Link}
        to={module.uri}
        label={module.name}
        leftSection={icon}
        active={normalizePath(module.uri) === pathname}
        onClick={guard(module.uri)}
      />
    );
  };

  return (
    <ScrollArea h="100%" type="scroll" component="nav" aria-label={layoutText.menu}>
      {tree.map((node) => render(node, 0))}
    </ScrollArea>
  );
}
