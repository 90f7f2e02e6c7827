import { Group, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';

/** A screen's heading (h1), description and actions; also the document title. */
export function PageHeader({ title, description, actions }: { title: string; description?: React.ReactNode; actions?: React.ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Atrium`;
  }, [title]);
  return (
    <Group justify="space-between" align="flex-end" mb="md" gap="sm">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {description && (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        )}
      </Stack>
      {actions && <Group gap="xs">{actions}</Group>}
    </Group>
  );
}
