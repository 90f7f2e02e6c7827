import { Badge, Group, Image, Paper, Stack, Tabs, Text, Title, Typography } from '@mantine/core';
import { IconEye, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { SiteRecordEditor, type SiteRecordEditorProps } from './page-view';
import { parseImage } from './site-api';

type Values = Record<string, unknown>;

/** How the post will read on the website (the server sanitises the HTML again when it is saved). */
export function BlogPreview({ values }: { values: Values }) {
  const cover = parseImage(values.coverImage);
  const tags = Array.isArray(values.tags) ? (values.tags as string[]) : [];
  const body = typeof values.body === 'string' ? values.body : '';
  return (
    <Paper withBorder p="lg" radius="md" data-testid="blog-preview">
      <Stack gap="sm" maw={760} mx="auto">
        {cover && <Image src={cover.url} alt={cover.alt} radius="md" mah={320} fit="cover" />}
        <Title order={2}>{String(values.title || 'Untitled post')}</Title>
        <Group gap="xs">
          {values.authorName ? (
            <Text size="sm" c="dimmed">
              By {String(values.authorName)}
            </Text>
          ) : null}
          {values.status ? (
            <Badge variant="light" tt="none">
              {String(values.status)}
            </Badge>
          ) : null}
          {tags.map((t) => (
            <Badge key={t} variant="outline" tt="none">
              {t}
            </Badge>
          ))}
        </Group>
        {values.excerpt ? (
          <Text fw={500} size="lg">
            {String(values.excerpt)}
          </Text>
        ) : null}
        <Typography>
          {/* Tiptap's HTML: only the elements of its schema; no scripts or handlers. */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: editor output, sanitised again by the server */}
          <div dangerouslySetInnerHTML={{ __html: body || '<p><em>Nothing written yet.</em></p>' }} />
        </Typography>
      </Stack>
    </Paper>
  );
}

/** The blog editor: rich text body, cover image, category, tags and SEO; a preview of the post. */
function BlogEditor(props: SiteRecordEditorProps) {
  const [values, setValues] = useState<Values | null>(null);
  const [tab, setTab] = useState<string | null>('write');
  return (
    // The form stays mounted (hidden) while the preview shows: "activity" mode would tear the editor down.
    <Tabs value={tab} onChange={setTab} keepMounted keepMountedMode="display-none">
      <Tabs.List mb="md">
        <Tabs.Tab value="write" leftSection={<IconPencil size={14} aria-hidden />}>
          Write
        </Tabs.Tab>
        <Tabs.Tab value="preview" leftSection={<IconEye size={14} aria-hidden />}>
          Preview
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="write">
        <Paper withBorder p="md" radius="md">
          <SiteRecordEditor {...props} stay onValuesChange={setValues} />
        </Paper>
      </Tabs.Panel>
      <Tabs.Panel value="preview">{tab === 'preview' && <BlogPreview values={values ?? props.row ?? {}} />}</Tabs.Panel>
    </Tabs>
  );
}

export default BlogEditor;
