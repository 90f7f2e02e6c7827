import { Box, Button, Group, Image, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';

export interface PushContent {
  title: string;
  body: string;
  iconUrl: string;
  imageUrl: string;
  urlText: string;
  url: string;
}

/** How the notification looks on a phone (Android's shade) or a desktop browser, merge tags as written. */
export function PushPreview({ content }: { content: PushContent }) {
  const [device, setDevice] = useState('phone');
  const phone = device === 'phone';
  const host = (() => {
    try {
      return content.url ? new URL(content.url).host : 'your-site';
    } catch {
      return 'your-site';
    }
  })();
  return (
    <Stack gap="xs" data-testid="push-preview">
      <SegmentedControl
        size="xs"
        value={device}
        onChange={setDevice}
        data={[
          { value: 'phone', label: 'Phone' },
          { value: 'desktop', label: 'Desktop' },
        ]}
        aria-label="Preview device"
      />
      <Box
        p={phone ? 'sm' : 'md'}
        style={{ borderRadius: phone ? 28 : 8, background: 'var(--mantine-color-gray-light)', width: phone ? 300 : 380 }}
      >
        <Paper withBorder radius="md" p="sm" shadow="xs">
          <Group gap="xs" wrap="nowrap" align="start">
            {content.iconUrl ? (
              <Image src={content.iconUrl} alt="" w={36} h={36} radius="sm" fallbackSrc="data:image/gif;base64,R0lGODlhAQABAAAAACw=" />
            ) : (
              <Box w={36} h={36} style={{ borderRadius: 6, background: 'var(--mantine-color-blue-light)' }} aria-hidden />
            )}
            <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
              <Text size="xs" c="dimmed">
                Chrome · {host} · now
              </Text>
              <Text size="sm" fw={600} lineClamp={phone ? 1 : 2}>
                {content.title || 'Title'}
              </Text>
              <Text size="sm" lineClamp={phone ? 2 : 4}>
                {content.body || 'The message'}
              </Text>
            </Stack>
          </Group>
          {content.imageUrl && <Image src={content.imageUrl} alt="" mt="xs" radius="sm" h={phone ? 120 : 160} fit="cover" />}
          {content.urlText && (
            <Group mt="xs">
              <Button size="compact-xs" variant="subtle" tabIndex={-1} aria-hidden>
                {content.urlText}
              </Button>
            </Group>
          )}
        </Paper>
      </Box>
    </Stack>
  );
}
