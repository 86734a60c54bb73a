import { Center, Title } from '@mantine/core';
import { pageText } from '../../../domain/texts/web.ts';

export default function NotFoundPage() {
  return (
    <Center mih={300}>
      <Title order={1} c="dimmed">
        {pageText.notFound}
      </Title>
    </Center>
  );
}
