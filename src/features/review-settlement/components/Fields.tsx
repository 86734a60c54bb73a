/** A record's fields as label and value, two columns (the detail drawers' heads). */
import { SimpleGrid, Text } from '@mantine/core';

export function Fields({ items }: { items: [string, string | number | null | undefined][] }) {
  return (
    <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
      {items.map(([label, value]) => (
        <Text key={label} size="sm"><Text span c="dimmed" size="sm">{label}：</Text>{value ?? ''}</Text>
      ))}
    </SimpleGrid>
  );
}
