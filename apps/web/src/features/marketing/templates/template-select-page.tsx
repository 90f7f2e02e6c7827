import { Alert, Anchor, Badge, Button, Card, Group, Loader, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client';
import { PageHeader } from '../../../kit/page-header';
import { EmailPreview } from './email-preview';
import { blockName, editorPath, type StarterLayout, useLayouts } from './templates-api';

/** Choose a starter layout: each card shows its blocks, a preview in your business's values, and opens the editor on it. */
export default function TemplateSelectPage() {
  const layouts = useLayouts();
  const [previewing, setPreviewing] = useState<StarterLayout | null>(null);
  return (
    <>
      <PageHeader
        title="Choose a layout"
        description={
          <>
            Start a new email from one of four layouts, or{' '}
            <Anchor component={Link} to="/admin-panel/pick-template" size="sm" underline="always">
              from one of your templates
            </Anchor>
            .
          </>
        }
      />
      {layouts.isPending && <Loader aria-label="Loading the layouts" />}
      {layouts.isError && (
        <Alert color="red" variant="light" role="alert">
          {layouts.error instanceof ApiError ? layouts.error.message : 'The layouts could not be loaded.'}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {layouts.data?.map((layout, i) => (
          <Card key={layout.key} withBorder padding="md" component="article" aria-label={layout.name}>
            <Stack gap="xs" h="100%">
              <Group justify="space-between">
                <Title order={2} size="h4">
                  {layout.name}
                </Title>
                <Badge variant="light">Layout {i + 1}</Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {layout.description}
              </Text>
              <Text size="xs">{layout.design.blocks.map(blockName).join(' · ')}</Text>
              <Group mt="auto" gap="xs">
                <Button component={Link} to={editorPath(layout.key)} aria-label={`Use this layout: ${layout.name}`}>
                  Use this layout
                </Button>
                <Button variant="subtle" onClick={() => setPreviewing(layout)} aria-label={`Preview ${layout.name}`}>
                  Preview
                </Button>
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Modal
        opened={Boolean(previewing)}
        onClose={() => setPreviewing(null)}
        title={previewing?.name}
        size="auto"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {previewing && <EmailPreview email={previewing.preview} />}
      </Modal>
    </>
  );
}
