/** The one placeholder for every page a later issue builds. */
import { Center, Stack, Text, Title } from '@mantine/core';
import { useLocation } from 'react-router-dom';
import { pageText } from '../../../domain/texts/web.ts';

export default function ComingSoonPage() {
  const { pathname } = useLocation();
  return (
    <Center mih={300}>
      <Stack align="center" gap={4}>
        <Title order={3}>{pageText.comingSoon}</Title>
        <Text size="sm" c="dimmed">
          {pathname}
        </Text>
      </Stack>
    </Center>
  );
}
