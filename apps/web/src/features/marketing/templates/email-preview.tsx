import { Box, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { RenderedEmail } from './templates-api';

/** An email's HTML in a frame that runs nothing and reaches nothing of the console (sandbox without permissions). */
function Frame({ html, width, title }: { html: string; width: number | string; title: string }) {
  return (
    <Box style={{ width, maxWidth: '100%' }}>
      <iframe
        title={title}
        sandbox=""
        srcDoc={html}
        style={{ width: '100%', height: 640, border: '1px solid var(--mantine-color-default-border)', borderRadius: 8, background: '#fff' }}
      />
    </Box>
  );
}

/** The rendered email as a reader sees it: subject line, preheader, on a desktop and on a phone, and its plain text. */
export function EmailPreview({ email }: { email: Pick<RenderedEmail, 'subject' | 'preheader' | 'html' | 'text'> }) {
  return (
    <Stack gap="md">
      <Paper withBorder p="sm">
        <Text size="sm" fw={700} data-testid="preview-subject">
          {email.subject}
        </Text>
        <Text size="sm" c="dimmed">
          {email.preheader}
        </Text>
      </Paper>
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Stack gap={4} style={{ flex: '1 1 640px', maxWidth: 680 }}>
          <Title order={3} size="h5">
            Desktop
          </Title>
          <Frame html={email.html} width="100%" title="Desktop preview" />
        </Stack>
        <Stack gap={4}>
          <Title order={3} size="h5">
            Mobile
          </Title>
          <Frame html={email.html} width={375} title="Mobile preview" />
        </Stack>
      </Group>
      <Stack gap={4}>
        <Title order={3} size="h5">
          Plain text
        </Title>
        <Code block style={{ whiteSpace: 'pre-wrap' }}>
          {email.text}
        </Code>
      </Stack>
    </Stack>
  );
}
