import { Button, Card, Group, SimpleGrid, Stack, Stepper, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, request } from '../../api/client';

interface Suite {
  id: string;
  name: string;
  description: string | null;
  pages: { name: string }[];
  stories: unknown[];
}

/** The new-project wizard: pick a business suite (its pages, roles and stories come along), then name the project. */
export default function ProjectRegisterPage() {
  const [step, setStep] = useState(0);
  const [suiteId, setSuiteId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const client = useQueryClient();
  const suites = useQuery({
    queryKey: ['builder', 'suites'],
    queryFn: () => request<{ data: Suite[] }>('GET', '/api/v1/builder/suites', { query: { limit: 100 } }).then((r) => r.data),
  });
  async function create() {
    setBusy(true);
    try {
      const made = await request<{ data: { id: string } }>('POST', '/api/v1/builder/projects', {
        body: { name, description: description || undefined, suiteId: suiteId ?? undefined, dueDate: dueDate || undefined },
      });
      await client.invalidateQueries({ queryKey: ['builder'] });
      navigate(`/admin-panel/builder?project=${made.data.id}`);
    } catch (err) {
      notifications.show({ color: 'red', title: 'Not created', message: err instanceof ApiError ? err.message : 'Try again' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Stack>
      <Title order={1}>New project</Title>
      <Stepper active={step} onStepClick={setStep}>
        <Stepper.Step label="Business suite" description="What is being built">
          <SimpleGrid cols={{ base: 1, md: 3 }} mt="md">
            {(suites.data ?? []).map((s) => (
              <Card
                key={s.id}
                withBorder
                component="button"
                type="button"
                onClick={() => setSuiteId(s.id)}
                style={{ textAlign: 'left', outline: suiteId === s.id ? '2px solid var(--mantine-primary-color-filled)' : undefined }}
                aria-pressed={suiteId === s.id}
              >
                <Text fw={600}>{s.name}</Text>
                <Text size="sm" c="dimmed">
                  {s.description}
                </Text>
                <Text size="xs" mt="xs">
                  {s.pages.length} pages · {s.stories.length} user stories
                </Text>
              </Card>
            ))}
          </SimpleGrid>
          <Group mt="md">
            <Button onClick={() => setStep(1)}>{suiteId ? 'Next' : 'Start without a suite'}</Button>
          </Group>
        </Stepper.Step>
        <Stepper.Step label="Project" description="Name and dates">
          <Stack mt="md" maw={520}>
            <TextInput label="Project name" required value={name} onChange={(e) => setName(e.currentTarget.value)} />
            <Textarea label="Description" value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
            <TextInput label="Due date" type="date" value={dueDate} onChange={(e) => setDueDate(e.currentTarget.value)} />
            <Group>
              <Button variant="default" onClick={() => setStep(0)}>
                Back
              </Button>
              <Button onClick={create} loading={busy} disabled={!name.trim()}>
                Create project
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
      </Stepper>
    </Stack>
  );
}
