import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';

/** The frame of the public pages: the product mark, a heading and a card. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: React.ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Atrium`;
  }, [title]);
  return (
    <Center component="main" mih="100vh" p="md" bg="var(--mantine-color-gray-light)">
      <Stack w="100%" maw={420} gap="lg">
        <Group gap="xs" justify="center">
          <Box component="img" src="/favicon.svg" alt="" w={36} h={36} />
          <Text fw={700} fz="xl">
            Atrium
          </Text>
        </Group>
        <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
          <Stack gap="md">
            <div>
              <Title order={1} size="h2">
                {title}
              </Title>
              {subtitle && (
                <Text c="dimmed" size="sm" mt={4}>
                  {subtitle}
                </Text>
              )}
            </div>
            {children}
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
}
