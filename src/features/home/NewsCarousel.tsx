/** The first three news as a carousel (§2 Home): cover and title, one at a time, every 5 s (paused under the pointer), with dots. */
import { Box, Group, Image, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useState } from 'react';
import { homeText as t } from '../../../domain/texts/home.ts';
import type { HomeNotice } from './api.ts';

export const CAROUSEL_MS = 5000;

export function NewsCarousel({ items, onOpen }: { items: HomeNotice[]; onOpen: (item: HomeNotice) => void }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused || items.length < 2) return undefined;
    const timer = setInterval(() => setIndex((i) => (i + 1) % items.length), CAROUSEL_MS);
    return () => clearInterval(timer);
  }, [paused, items.length]);
  const current = items[Math.min(index, items.length - 1)];
  if (!current) return null;
  return (
    <Box pos="relative" onMouseEnter={() => setPaused(true)} onMouseLeave={() => setPaused(false)} aria-roledescription="carousel" aria-label={t.news}>
      <UnstyledButton onClick={() => onOpen(current)} w="100%" display="block" pos="relative" aria-label={current.title}>
        <Image src={current.coverFile?.attachment.displayUri} alt={current.title} h={220} fit="cover" radius="sm" fallbackSrc="data:image/gif;base64,R0lGODlhAQABAAAAACw=" />
        <Box pos="absolute" left={0} right={0} bottom={0} px="sm" py={6} bg="rgba(0,0,0,0.55)" style={{ borderBottomLeftRadius: 4, borderBottomRightRadius: 4 }}>
          <Text c="white" size="sm" fw={600} lineClamp={1} data-testid="carousel-title">{current.title}</Text>
        </Box>
      </UnstyledButton>
      <Group gap={6} pos="absolute" top={8} right={10}>
        {items.map((item, i) => (
          <UnstyledButton key={item.id} aria-label={t.slide(i + 1)} aria-current={i === index} onClick={() => setIndex(i)}
            w={10} h={10} style={{ borderRadius: 5, background: i === index ? 'white' : 'rgba(255,255,255,0.5)' }} />
        ))}
      </Group>
    </Box>
  );
}
