import { Alert, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/client';
import { recordHref } from '../../../config/screen-types';
import { NameDialog } from '../../../kit/name-dialog';
import { PageHeader } from '../../../kit/page-header';
import { BLOCK_LABELS } from './blocks';
import { createPage, getTemplates, LANDING_ROUTE, type LandingTemplate, PAGES_PATH } from './pages-api';

/** The starter templates (the same in every community): pick one, name the page, edit it. */
export default function LandingTemplatesPage() {
  const templates = useQuery({ queryKey: ['landing-templates'], queryFn: getTemplates, staleTime: 10 * 60_000 });
  const [chosen, setChosen] = useState<LandingTemplate | 'blank' | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const client = useQueryClient();

  async function create() {
    setBusy(true);
    try {
      const body = chosen === 'blank' ? { name, design: { accent: '#1f6feb', blocks: [] } } : { name, templateKey: chosen?.key };
      const page = await createPage(body);
      await client.invalidateQueries({ queryKey: ['resource', PAGES_PATH, 'list'] });
      navigate(recordHref(LANDING_ROUTE)(page.id));
    } catch (err) {
      setError(err instanceof ApiError ? (err.fields?.name ?? err.message) : 'Try again');
    } finally {
      setBusy(false);
    }
  }

  const pick = (t: LandingTemplate | 'blank') => {
    setChosen(t);
    setName(t === 'blank' ? '' : t.name);
    setError(null);
  };

  return (
    <>
      <PageHeader title="Landing page templates" description="Start a landing page from a template, or from a blank page." />
      {templates.isPending && <Loader aria-label="Loading" />}
      {templates.isError && (
        <Alert color="red" role="alert">
          The templates could not be loaded.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {(templates.data ?? []).map((t) => (
          <Card key={t.key} withBorder radius="md" data-testid="landing-template">
            <Stack gap="xs" h="100%" justify="space-between">
              <Stack gap={6}>
                <Text fw={700} component="h2" size="lg" style={{ borderTop: `4px solid ${t.design.accent}`, paddingTop: 8 }}>
                  {t.name}
                </Text>
                <Text size="sm" c="dimmed">
                  {t.description}
                </Text>
                <Group gap={4}>
                  {t.design.blocks.map((b) => (
                    <Badge key={b.id} variant="light" tt="none" size="sm">
                      {BLOCK_LABELS[b.type]}
                    </Badge>
                  ))}
                </Group>
              </Stack>
              <Button onClick={() => pick(t)}>Use {t.name}</Button>
            </Stack>
          </Card>
        ))}
        {templates.data && (
          <Card withBorder radius="md">
            <Stack gap="xs" h="100%" justify="space-between">
              <Stack gap={6}>
                <Text fw={700} component="h2" size="lg">
                  Blank page
                </Text>
                <Text size="sm" c="dimmed">
                  Start with no blocks and add your own.
                </Text>
              </Stack>
              <Button variant="default" onClick={() => pick('blank')}>
                Start blank
              </Button>
            </Stack>
          </Card>
        )}
      </SimpleGrid>
      <NameDialog
        opened={chosen !== null}
        title="Name the landing page"
        label="Page name"
        value={name}
        onChange={setName}
        error={error}
        submitLabel="Create page"
        busy={busy}
        onSubmit={() => void create()}
        onClose={() => setChosen(null)}
      />
    </>
  );
}
