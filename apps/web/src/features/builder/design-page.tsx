import { Alert, Badge, Box, Button, FileButton, Group, Paper, SegmentedControl, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type MouseEvent, useEffect, useState } from 'react';
import { ApiError, request } from '../../api/client';
import { subscribeLive } from '../../lib/live';
import { decodeToken, getToken } from '../../lib/session';
import { useCurrentProject } from './api';
import { ProjectPicker } from './project-picker';

interface Note {
  id: string;
  platform: 'web' | 'mobile';
  x: number;
  y: number;
  visible: boolean;
  comments: { id: string; text: string; byName: string | null; at: string }[];
}
interface Design {
  id: string;
  name: string;
  page: string | null;
  uxNotes: Note[];
  uxWebStatus: string;
  uxMobileStatus: string;
  webUiuxDesign: string | null;
  mobileUiuxDesign: string | null;
  figma: string | null;
}

interface StoryApproval {
  id: string;
  title: string;
  designs: number;
  approvedDesigns: number;
}

const community = () => decodeToken(getToken() ?? '')?.cn ?? '';

function fail(err: unknown, title: string) {
  notifications.show({ color: 'red', title, message: err instanceof ApiError ? err.message : 'Try again' });
}

/** A design image with its notes pinned at x,y (fractions of the image): click to pin, a pin to open its thread. */
function Canvas({ design, platform, onChange }: { design: Design; platform: 'web' | 'mobile'; onChange: () => void }) {
  const [draft, setDraft] = useState<{ x: number; y: number } | null>(null);
  const [text, setText] = useState('');
  const fileId = platform === 'web' ? design.webUiuxDesign : design.mobileUiuxDesign;
  const notes = design.uxNotes.filter((n) => n.platform === platform);
  const open = notes.find((n) => n.visible) ?? null;
  if (!fileId) return <Alert>No {platform} design uploaded yet.</Alert>;
  function pin(e: MouseEvent<HTMLDivElement>) {
    const box = e.currentTarget.getBoundingClientRect();
    setDraft({ x: (e.clientX - box.left) / box.width, y: (e.clientY - box.top) / box.height });
  }
  async function send(kind: 'notes' | 'comments', at: { x: number; y: number }) {
    try {
      await request('POST', `/api/v1/builder/designs/${design.id}/${kind}`, { body: { platform, ...at, text } });
      setText('');
      setDraft(null);
      onChange();
    } catch (err) {
      fail(err, 'Not saved');
    }
  }
  async function show(noteId: string) {
    await request('POST', `/api/v1/builder/designs/${design.id}/show-note`, { body: { noteId } });
    onChange();
  }
  return (
    <Group align="flex-start" wrap="nowrap">
      <Box pos="relative" maw={800} style={{ cursor: 'crosshair' }} onClick={pin} data-testid="design-canvas">
        <img
          src={`/public/${community()}/files/${fileId}`}
          alt={`${design.name}, ${platform} design`}
          style={{ width: '100%', display: 'block' }}
        />
        {notes.map((n, i) => (
          <Button
            key={n.id}
            size="compact-xs"
            radius="xl"
            color={n.visible ? 'pink' : 'gray'}
            pos="absolute"
            style={{ left: `${n.x * 100}%`, top: `${n.y * 100}%`, transform: 'translate(-50%, -50%)' }}
            onClick={(e) => {
              e.stopPropagation();
              void show(n.id);
            }}
            aria-label={`Note ${i + 1}`}
          >
            {i + 1}
          </Button>
        ))}
      </Box>
      <Stack w={320}>
        {draft ? (
          <Paper withBorder p="sm">
            <Text size="sm" fw={500}>
              New note
            </Text>
            <Textarea label="Note" value={text} onChange={(e) => setText(e.currentTarget.value)} autosize minRows={2} />
            <Button mt="xs" onClick={() => send('notes', draft)} disabled={!text.trim()}>
              Pin note
            </Button>
          </Paper>
        ) : open ? (
          <Paper withBorder p="sm">
            <Text size="sm" fw={500}>
              Note {notes.indexOf(open) + 1}
            </Text>
            {open.comments.map((c) => (
              <Text key={c.id} size="sm" mt={4}>
                <b>{c.byName ?? 'Someone'}:</b> {c.text}
              </Text>
            ))}
            <Textarea label="Reply" value={text} onChange={(e) => setText(e.currentTarget.value)} autosize minRows={2} mt="xs" />
            <Button mt="xs" onClick={() => send('comments', { x: open.x, y: open.y })} disabled={!text.trim()}>
              Reply
            </Button>
          </Paper>
        ) : (
          <Text c="dimmed" size="sm">
            Click the design to pin a note.
          </Text>
        )}
      </Stack>
    </Group>
  );
}

/** The project's stories split by this platform's approval: approved when each of its designs is. */
function StoryApprovals({ projectId, platform }: { projectId: string; platform: 'web' | 'mobile' }) {
  const stories = useQuery({
    // Under the designs' key: whatever reloads the designs (a change here or live) reloads this too.
    queryKey: ['builder', 'designs', projectId, 'story-approvals', platform],
    queryFn: () =>
      request<{ data: { approved: StoryApproval[]; unapproved: StoryApproval[] } }>(
        'GET',
        `/api/v1/builder/projects/${projectId}/story-approvals`,
        { query: { platform } },
      ).then((r) => r.data),
  });
  if (!stories.data) return null;
  const name = platform === 'web' ? 'web' : 'mobile';
  const list = (title: string, items: StoryApproval[]) => (
    <Paper withBorder p="sm" w={320} component="section" aria-label={title}>
      <Text size="sm" fw={500}>
        {title}
      </Text>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          None
        </Text>
      ) : (
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          {items.map((s) => (
            <li key={s.id}>
              <Text size="sm">
                {s.title}{' '}
                <Text span c="dimmed" size="xs">
                  ({s.approvedDesigns} of {s.designs} designs)
                </Text>
              </Text>
            </li>
          ))}
        </ul>
      )}
    </Paper>
  );
  return (
    <Group align="flex-start">
      {list(`Stories approved for ${name}`, stories.data.approved)}
      {list(`Stories not yet approved for ${name}`, stories.data.unapproved)}
    </Group>
  );
}

/** Design review: the project's designs, web and mobile images with pinned notes, approval per platform. */
export default function DesignPage() {
  const { id: projectId } = useCurrentProject();
  const client = useQueryClient();
  const [designId, setDesignId] = useState<string | null>(null);
  const [platform, setPlatform] = useState<'web' | 'mobile'>('web');
  const designs = useQuery({
    queryKey: ['builder', 'designs', projectId],
    enabled: Boolean(projectId),
    queryFn: () =>
      request<{ data: Design[] }>('GET', '/api/v1/builder/designs', { query: { projectId: projectId ?? undefined, limit: 100 } }).then(
        (r) => r.data,
      ),
  });
  const design = designs.data?.find((d) => d.id === designId) ?? designs.data?.[0] ?? null;
  const refresh = () => client.invalidateQueries({ queryKey: ['builder', 'designs', projectId] });
  // A note, comment, upload or approval by someone else (the designer, the client) shows at once.
  useEffect(
    () =>
      subscribeLive((event) => {
        if (event === null || event.event === 'builder.design.changed')
          void client.invalidateQueries({ queryKey: ['builder', 'designs', projectId] });
      }),
    [client, projectId],
  );
  async function upload(file: File | null) {
    if (!file || !design) return;
    const form = new FormData();
    form.append('platform', platform);
    form.append('file', file);
    try {
      await request('POST', `/api/v1/builder/designs/${design.id}/image`, { body: form });
      await refresh();
    } catch (err) {
      fail(err, 'Not uploaded');
    }
  }
  async function approve(status: string) {
    if (!design) return;
    try {
      await request('POST', `/api/v1/builder/designs/${design.id}/approval`, { body: { platform, status } });
      await refresh();
    } catch (err) {
      fail(err, 'Not changed');
    }
  }
  const status = design ? (platform === 'web' ? design.uxWebStatus : design.uxMobileStatus) : '';
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Design review</Title>
        <ProjectPicker />
      </Group>
      {!designs.data?.length ? (
        <Alert>No designs in this project yet: add one under Designs.</Alert>
      ) : (
        <>
          <Group align="flex-end">
            <Select
              label="Design"
              w={280}
              data={designs.data.map((d) => ({ value: d.id, label: d.name }))}
              value={design?.id ?? null}
              onChange={setDesignId}
              allowDeselect={false}
            />
            <SegmentedControl
              value={platform}
              onChange={(v) => setPlatform(v as 'web' | 'mobile')}
              data={[
                { value: 'web', label: 'Web' },
                { value: 'mobile', label: 'Mobile' },
              ]}
            />
            <Badge variant="light" tt="none" color={status === 'Approved' ? 'green' : 'gray'} size="lg">
              {platform === 'web' ? 'Web' : 'Mobile'}: {status}
            </Badge>
            <FileButton onChange={upload} accept="image/png,image/jpeg,image/webp">
              {(props) => (
                <Button variant="default" {...props}>
                  Upload {platform} design
                </Button>
              )}
            </FileButton>
            <Button color="green" onClick={() => approve('Approved')}>
              Approve {platform}
            </Button>
            <Button variant="default" onClick={() => approve('Changes requested')}>
              Request changes
            </Button>
            {design?.figma ? (
              <Button component="a" href={design.figma} target="_blank" rel="noreferrer" variant="subtle">
                Open in Figma
              </Button>
            ) : null}
          </Group>
          {design ? <Canvas design={design} platform={platform} onChange={refresh} /> : null}
          {projectId ? <StoryApprovals projectId={projectId} platform={platform} /> : null}
        </>
      )}
    </Stack>
  );
}
