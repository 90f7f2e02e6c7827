import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  ColorInput,
  Grid,
  Group,
  Loader,
  Paper,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconChevronUp, IconGripVertical, IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useRouteLoaderData } from 'react-router';
import { ApiError } from '../../../api/client';
import type { Me } from '../../../api/get-me';
import { PageHeader } from '../../../kit/page-header';
import { RemoveButton } from '../../../kit/remove-button';
import { BLOCK_LABELS, BlockFields, blockSummary, cleanBlock, newBlock } from './blocks';
import {
  type Block,
  type BlockType,
  getPage,
  LANDING_ROUTE,
  type LandingPage,
  PAGES_PATH,
  previewHtml,
  publicUrl,
  savePage,
} from './pages-api';
import { StatsPanel } from './stats-panel';

interface Draft {
  name: string;
  slug: string;
  seoTitle: string;
  seoDescription: string;
  accent: string;
  blocks: Block[];
}

const draftOf = (page: LandingPage): Draft => ({
  name: page.name,
  slug: page.slug,
  seoTitle: page.seoTitle ?? '',
  seoDescription: page.seoDescription ?? '',
  accent: page.design.accent ?? '#1f6feb',
  blocks: page.design.blocks,
});

const bodyOf = (d: Draft) => ({
  name: d.name,
  slug: d.slug,
  seoTitle: d.seoTitle || null,
  seoDescription: d.seoDescription || null,
  design: { accent: d.accent, blocks: d.blocks.map(cleanBlock) },
});

function SortableBlock({
  block,
  index,
  count,
  open,
  toggle,
  onChange,
  onMove,
  onRemove,
  error,
}: {
  block: Block;
  index: number;
  count: number;
  open: boolean;
  toggle: () => void;
  onChange: (patch: Record<string, unknown>) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  error?: string;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: block.id });
  const style: React.CSSProperties = {
    transform: transform ? `translate3d(0, ${Math.round(transform.y)}px, 0)` : undefined,
    transition,
    zIndex: isDragging ? 2 : undefined,
    position: 'relative',
  };
  const label = BLOCK_LABELS[block.type];
  return (
    <Paper ref={setNodeRef} style={style} withBorder p="sm" radius="md" data-testid="landing-block">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Drag ${label} block to reorder`}
            style={{ cursor: 'grab', touchAction: 'none' }}
            {...attributes}
            {...listeners}
          >
            <IconGripVertical size={16} aria-hidden />
          </ActionIcon>
          <Badge variant="light" tt="none">
            {label}
          </Badge>
          <Text size="sm" c="dimmed" truncate>
            {blockSummary(block)}
          </Text>
        </Group>
        <Group gap={2} wrap="nowrap">
          <ActionIcon variant="subtle" aria-label={`Move ${label} block up`} disabled={index === 0} onClick={() => onMove(index - 1)}>
            <IconChevronUp size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label={`Move ${label} block down`}
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
          >
            <IconChevronDown size={16} aria-hidden />
          </ActionIcon>
          <Button size="compact-xs" variant="subtle" onClick={toggle} aria-expanded={open}>
            {open ? 'Close' : 'Edit'}
          </Button>
          <RemoveButton label={`Remove ${label} block`} onClick={onRemove} />
        </Group>
      </Group>
      {error && (
        <Text c="red" size="sm" mt={4} role="alert">
          {error}
        </Text>
      )}
      {open && (
        <Stack mt="sm">
          <BlockFields block={block} onChange={onChange} />
        </Stack>
      )}
    </Paper>
  );
}

/** The page's errors by block index, from the server's `design.blocks.<i>.<field>` fields. */
function blockErrors(fields: Record<string, string> | undefined): Record<number, string> {
  const out: Record<number, string> = {};
  for (const [key, message] of Object.entries(fields ?? {})) {
    const m = /^design\.blocks\.(\d+)(?:\.(.+))?$/.exec(key);
    if (m) out[Number(m[1])] = `${m[2] ? `${m[2]}: ` : ''}${message}`;
  }
  return out;
}

function Preview({ draft }: { draft: Draft }) {
  const [html, setHtml] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    previewHtml(bodyOf(draft)).then(
      (h) => {
        if (!live) return;
        setHtml(h);
        setError(null);
      },
      (err) => {
        if (live) setError(err instanceof ApiError ? err.message : 'The preview could not be made');
      },
    );
    return () => {
      live = false;
    };
  }, [draft]);
  if (error) return <Alert color="red">{error}</Alert>;
  if (!html) return <Loader aria-label="Loading the preview" />;
  return (
    <iframe
      title="Preview of the landing page"
      srcDoc={html}
      sandbox=""
      style={{ width: '100%', height: 640, border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
    />
  );
}

/** The editor of one landing page: details, blocks (palette, drag to reorder), preview, publishing, traffic. */
export function LandingEditor({ id }: { id: string }) {
  const me = useRouteLoaderData('session') as Me | undefined;
  const client = useQueryClient();
  const page = useQuery({ queryKey: ['resource', PAGES_PATH, 'record', id], queryFn: () => getPage(id) });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [tab, setTab] = useState<string | null>('blocks');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  useEffect(() => {
    if (page.data && !draft) setDraft(draftOf(page.data));
  }, [page.data, draft]);

  if (page.isError)
    return (
      <Alert color="red" role="alert" title="Not found">
        {page.error instanceof ApiError ? page.error.message : 'This landing page could not be loaded.'}
      </Alert>
    );
  if (!page.data || !draft) return <Loader aria-label="Loading" />;
  const saved = page.data;
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const setBlocks = (blocks: Block[]) => set({ blocks });
  /** A text setting of the page as its input takes it: value, change (through `normalise`, e.g. lower case) and the server's error. */
  const setting = (key: 'name' | 'slug' | 'seoTitle' | 'seoDescription', normalise = (text: string) => text) => ({
    value: draft[key],
    error: fields[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set({ [key]: normalise(e.currentTarget.value) }),
  });
  const errors = blockErrors(fields);

  async function save(extra: Record<string, unknown> = {}, done = 'Landing page saved') {
    setBusy(String(extra.status ?? 'save'));
    try {
      const next = await savePage(id, { ...bodyOf(draft!), ...extra });
      client.setQueryData(['resource', PAGES_PATH, 'record', id], next);
      await client.invalidateQueries({ queryKey: ['resource', PAGES_PATH, 'list'] });
      setDraft(draftOf(next));
      setFields({});
      notifications.show({ color: 'teal', message: done });
    } catch (err) {
      setFields(err instanceof ApiError ? (err.fields ?? {}) : {});
      notifications.show({ color: 'red', title: 'Not saved', message: err instanceof ApiError ? err.message : 'Try again' });
    } finally {
      setBusy(null);
    }
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const ids = draft!.blocks.map((b) => b.id);
    setBlocks(arrayMove(draft!.blocks, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  }
  function add(type: BlockType) {
    const block = newBlock(type, draft!.blocks);
    setBlocks([...draft!.blocks, block]);
    setOpen(block.id);
  }
  const url = me ? publicUrl(me.community.name, saved.slug) : null;
  const published = saved.status === 'published';

  return (
    <>
      <PageHeader
        title={saved.name}
        description={
          <Group gap="xs" component="span">
            <Badge color={published ? 'green' : 'gray'} variant="light" data-testid="page-status">
              {published ? 'Published' : 'Draft'}
            </Badge>
            {published && url && (
              <Anchor href={url} target="_blank" rel="noopener" size="sm">
                {url}
              </Anchor>
            )}
          </Group>
        }
        actions={
          <>
            <Button component={Link} to={LANDING_ROUTE} variant="default">
              All pages
            </Button>
            <Button variant="light" loading={busy === 'save'} onClick={() => save()}>
              Save
            </Button>
            {published ? (
              <Button
                color="gray"
                loading={busy === 'draft'}
                onClick={() => save({ status: 'draft' }, 'Unpublished: the page is a draft again')}
              >
                Unpublish
              </Button>
            ) : (
              <Button color="green" loading={busy === 'published'} onClick={() => save({ status: 'published' }, 'Published')}>
                Publish
              </Button>
            )}
          </>
        }
      />
      {fields.design && (
        <Alert color="red" mb="md" role="alert">
          {fields.design}
        </Alert>
      )}
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="blocks">Blocks</Tabs.Tab>
          <Tabs.Tab value="settings">Address and SEO</Tabs.Tab>
          <Tabs.Tab value="preview">Preview</Tabs.Tab>
          <Tabs.Tab value="traffic">Traffic</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="blocks">
          <Grid>
            <Grid.Col span={{ base: 12, md: 9 }}>
              <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
                <SortableContext items={draft.blocks.map((b) => b.id)} strategy={verticalListSortingStrategy}>
                  <Stack gap="xs">
                    {draft.blocks.length === 0 && <Text c="dimmed">No blocks yet: add one from the palette.</Text>}
                    {draft.blocks.map((block, i) => (
                      <SortableBlock
                        key={block.id}
                        block={block}
                        index={i}
                        count={draft.blocks.length}
                        open={open === block.id}
                        error={errors[i]}
                        toggle={() => setOpen(open === block.id ? null : block.id)}
                        onChange={(patch) => setBlocks(draft.blocks.map((b, j) => (j === i ? { ...b, ...patch } : b)))}
                        onMove={(to) => setBlocks(arrayMove(draft.blocks, i, to))}
                        onRemove={() => setBlocks(draft.blocks.filter((_, j) => j !== i))}
                      />
                    ))}
                  </Stack>
                </SortableContext>
              </DndContext>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 3 }}>
              <Paper withBorder p="sm" radius="md">
                <Text fw={600} mb="xs">
                  Add a block
                </Text>
                <Stack gap={6}>
                  {(Object.keys(BLOCK_LABELS) as BlockType[]).map((type) => (
                    <Button
                      key={type}
                      variant="default"
                      size="xs"
                      leftSection={<IconPlus size={14} aria-hidden />}
                      onClick={() => add(type)}
                      justify="flex-start"
                    >
                      {BLOCK_LABELS[type]}
                    </Button>
                  ))}
                </Stack>
              </Paper>
            </Grid.Col>
          </Grid>
        </Tabs.Panel>
        <Tabs.Panel value="settings">
          <Stack maw={640}>
            <TextInput label="Name" required {...setting('name')} />
            <TextInput
              label="Address (slug)"
              description={me ? `/public/${me.community.name}/p/${draft.slug || '…'}` : undefined}
              {...setting('slug', (text) => text.toLowerCase())}
            />
            <ColorInput label="Accent colour" value={draft.accent} onChange={(accent) => set({ accent })} format="hex" />
            <TextInput
              label="SEO title"
              description="Shown in search results and browser tabs (at most 70 characters)"
              maxLength={70}
              {...setting('seoTitle')}
            />
            <Textarea label="SEO description" description="At most 160 characters" maxLength={160} {...setting('seoDescription')} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="preview">
          <Preview draft={draft} />
        </Tabs.Panel>
        <Tabs.Panel value="traffic">
          <StatsPanel
            id={id}
            blockLabels={Object.fromEntries(draft.blocks.map((b) => [b.id, `${BLOCK_LABELS[b.type]} · ${blockSummary(b)}`]))}
          />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
