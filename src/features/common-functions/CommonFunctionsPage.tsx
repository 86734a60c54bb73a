/**
 * /commonFun (§2 Common functions, §6): breadcrumb 首页 / 自定义常用功能; the functions the user may
 * pin, grouped by type (common, billExport, import), in the order they were ticked; 保存 → 保存成功!.
 */
import { Anchor, Breadcrumbs, Button, Card, Checkbox, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { FUNCTION_TYPES, MAX_USER_FUNCTIONS, type FunctionType } from '../../../domain/content/functions.ts';
import { functionsText as t } from '../../../domain/texts/settings.ts';
import { usePermission } from '../../lib/permissions.ts';
import { http, type Http } from '../../lib/http.ts';
import { notifyError, notifySuccess, notifyWarning } from '../../lib/notify.ts';

interface Fn { id: number; type: FunctionType; name: string; uri: string; icon: string; checked: boolean }

export default function CommonFunctionsPage({ client = http }: { client?: Http }) {
  const canSave = usePermission('save', '/commonFun');
  const [all, setAll] = useState<Fn[]>([]);
  const [chosen, setChosen] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    Promise.all([
      client.post<Fn[]>('/api/enterprise/user/function/findAll', {}),
      client.post<{ id: number }[]>('/api/enterprise/user/function/findUserFunctions', {}),
    ]).then(([functions, mine]) => {
      if (!live) return;
      setAll(functions);
      setChosen(mine.map((f) => f.id));
    }, notifyError);
    return () => { live = false; };
  }, [client]);

  const toggle = (id: number, on: boolean) => {
    if (on && chosen.length >= MAX_USER_FUNCTIONS) { notifyWarning(t.tooMany); return; }
    setChosen((c) => (on ? [...c, id] : c.filter((x) => x !== id)));
  };
  const save = async () => {
    setBusy(true);
    try {
      const payload = chosen.flatMap((id) => {
        const f = all.find((x) => x.id === id);
        return f ? [{ type: f.type, moduleId: f.id }] : [];
      });
      await client.post('/api/enterprise/user/function/saveFunctions', payload);
      notifySuccess(t.saved);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <nav aria-label="面包屑">
        <Breadcrumbs>
          <Anchor component={Link} to="/home">{t.home}</Anchor>
          <Text>{t.title}</Text>
        </Breadcrumbs>
      </nav>
      {FUNCTION_TYPES.map((type) => {
        const group = all.filter((f) => f.type === type);
        if (group.length === 0) return null;
        return (
          <Card key={type} withBorder padding="md" component="section" aria-label={t.types[type]}>
            <Title order={5} mb="sm">{t.types[type]}</Title>
            <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="xs">
              {group.map((f) => (
                <Checkbox key={f.id} label={f.name} checked={chosen.includes(f.id)} onChange={(e) => toggle(f.id, e.currentTarget.checked)} />
              ))}
            </SimpleGrid>
          </Card>
        );
      })}
      <Group>
        <Text size="sm" c="dimmed">{t.chosen(chosen.length)}</Text>
        {canSave && <Button onClick={() => void save()} loading={busy}>{t.save}</Button>}
      </Group>
    </Stack>
  );
}
