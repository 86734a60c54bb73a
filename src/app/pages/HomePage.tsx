/** /home for now: a welcome with the company name (the full home page is a later issue). */
import { Paper, Text, Title } from '@mantine/core';
import { appTitle, pageText } from '../../../domain/texts/web.ts';
import { useUserInfo } from '../../lib/auth-context.tsx';

export default function HomePage() {
  const userInfo = useUserInfo();
  return (
    <Paper p="xl" withBorder>
      <Title order={3}>{appTitle}</Title>
      <Text mt="sm">{pageText.welcome(userInfo?.companyName ?? '')}</Text>
    </Paper>
  );
}
