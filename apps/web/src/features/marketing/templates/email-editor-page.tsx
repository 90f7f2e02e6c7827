import { Alert, Anchor, Button, Group, Loader, Modal, Paper, Stack, Tabs, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconEye, IconSend } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { PageHeader } from '../../../kit/page-header';
import { createRecord, type Row, updateRecord, useRecord } from '../../../kit/resource-api';
import { BlockList } from './block-list';
import { EmailPreview } from './email-preview';
import {
  EMAIL_TEMPLATES,
  type EmailDesign,
  type EmailDraft,
  previewEmail,
  type StarterLayout,
  sendTestEmail,
  useLayouts,
  useVariableOptions,
} from './templates-api';
import { TextWithVariables } from './variable-menu';

interface Draft extends EmailDraft {
  name: string;
  layout: StarterLayout['key'] | null;
}

const fromRecord = (row: Row): Draft => ({
  name: String(row.name),
  subject: String(row.subject),
  preheader: String(row.preheader ?? ''),
  layout: (row.layout as Draft['layout']) ?? null,
  design: row.design as EmailDesign,
});

const fromLayout = (layout: StarterLayout): Draft => ({
  name: layout.name,
  subject: layout.subject,
  preheader: layout.preheader,
  layout: layout.key,
  design: structuredClone(layout.design),
});

/** A refusal's fields, or the message under `_` when it names none. */
const problemsOf = (err: unknown): Record<string, string> =>
  err instanceof ApiError ? (err.fields ?? { _: err.message }) : { _: 'The server could not be reached. Try again.' };

/**
 * The email editor (templatelayout-1 … -4): a new email on that starter layout, an existing template
 * (?record=<id>) or a copy of one (?copy=<id>). Blocks are edited in order; the preview renders the unsaved
 * design on the server with sample values; a test goes to any address; a save renders and stores it.
 */
export default function EmailEditorPage() {
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const id = params.get('record');
  const from = params.get('copy');
  const layoutKey = `layout-${/templatelayout-([1-4])/.exec(pathname)?.[1] ?? '1'}` as StarterLayout['key'];
  const layouts = useLayouts();
  const existing = useRecord(EMAIL_TEMPLATES, id ?? from);
  const variables = useVariableOptions();
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [tab, setTab] = useState<string | null>('design');
  const [testOpen, setTestOpen] = useState(false);
  const [testTo, setTestTo] = useState('');

  // What the editor starts from: the template, a copy of it, or the layout of this route.
  const source = id ?? from ?? layoutKey;
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  useEffect(() => {
    if (loadedFor === source) return;
    if (id || from) {
      if (!existing.data) return;
      const loaded = fromRecord(existing.data);
      setDraft(from ? { ...loaded, name: `Copy of ${loaded.name}` } : loaded);
    } else {
      const layout = layouts.data?.find((l) => l.key === layoutKey);
      if (!layout) return;
      setDraft(fromLayout(layout));
    }
    setErrors({});
    setLoadedFor(source);
  }, [source, loadedFor, id, from, existing.data, layouts.data, layoutKey]);

  const preview = useMutation({ mutationFn: previewEmail, onError: (err) => setErrors(problemsOf(err)) });
  const save = useMutation({
    mutationFn: (d: Draft) => (id ? updateRecord(EMAIL_TEMPLATES, id, { ...d }) : createRecord(EMAIL_TEMPLATES, { ...d })),
    onSuccess: (row) => {
      setErrors({});
      client.invalidateQueries({ queryKey: ['resource', EMAIL_TEMPLATES] });
      notifications.show({ color: 'teal', message: `Saved “${String(row.name)}”` });
      if (!id) {
        setLoadedFor(row.id);
        setParams({ record: row.id });
      }
    },
    onError: (err) => {
      setErrors(problemsOf(err));
      notifications.show({ color: 'red', title: 'Not saved', message: err instanceof ApiError ? err.message : 'Try again' });
    },
  });
  const test = useMutation({
    mutationFn: ({ d, to }: { d: EmailDraft; to: string }) => sendTestEmail(d, to),
    onSuccess: (sent) => {
      setTestOpen(false);
      notifications.show({ color: 'teal', message: `Test sent to ${sent.to}` });
    },
    onError: (err) => setErrors(problemsOf(err)),
  });

  const back = (
    <Anchor component={Link} to="/admin-panel/templates" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden /> Back to email templates
      </Group>
    </Anchor>
  );
  if (layouts.isError || existing.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title="Not available">
        {(existing.error ?? layouts.error) instanceof ApiError
          ? (existing.error ?? layouts.error)?.message
          : 'The email could not be loaded.'}
      </Alert>
    );
  }
  if (!draft || loadedFor !== source) return <Loader aria-label="Loading the email" />;

  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const content: EmailDraft = { subject: draft.subject, preheader: draft.preheader, design: draft.design };
  const layoutName = layouts.data?.find((l) => l.key === draft.layout)?.name;
  const logoUrl = variables.data?.find((v) => v.name === 'business_logo_url')?.example ?? '';
  const showPreview = () => {
    setTab('preview');
    preview.mutate(content);
  };

  return (
    <Stack gap="md">
      <PageHeader
        title={id ? draft.name : `New email${layoutName ? `: ${layoutName}` : ''}`}
        description={back}
        actions={
          <>
            <Button variant="default" leftSection={<IconEye size={16} aria-hidden />} onClick={showPreview}>
              Preview
            </Button>
            <Button variant="default" leftSection={<IconSend size={16} aria-hidden />} onClick={() => setTestOpen(true)}>
              Send a test
            </Button>
            <Button onClick={() => save.mutate(draft)} loading={save.isPending}>
              Save template
            </Button>
          </>
        }
      />
      {errors._ && (
        <Alert color="red" variant="light" role="alert">
          {errors._}
        </Alert>
      )}
      <Paper withBorder p="md">
        <Stack gap="sm">
          <TextInput
            label="Template name"
            required
            value={draft.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            error={errors.name}
          />
          <TextWithVariables
            label="Subject"
            required
            value={draft.subject}
            onChange={(subject) => set({ subject })}
            error={errors.subject}
          />
          <TextWithVariables
            label="Preheader"
            description="The line inbox previews show after the subject"
            value={draft.preheader}
            onChange={(preheader) => set({ preheader })}
            error={errors.preheader}
          />
        </Stack>
      </Paper>
      <Tabs value={tab} onChange={(value) => (value === 'preview' ? showPreview() : setTab(value))} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="design">Design</Tabs.Tab>
          <Tabs.Tab value="preview">Preview</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="design" pt="md">
          <BlockList
            blocks={draft.design.blocks}
            onChange={(blocks) => set({ design: { ...draft.design, blocks } })}
            errors={errors}
            logoUrl={/^(https?:\/\/|\/public\/)/.test(logoUrl) ? logoUrl : ''}
          />
        </Tabs.Panel>
        <Tabs.Panel value="preview" pt="md">
          {preview.isPending && <Loader aria-label="Rendering the preview" />}
          {preview.isError && (
            <Alert color="red" variant="light" role="alert" title="The email cannot be rendered yet">
              {preview.error instanceof ApiError
                ? Object.values(preview.error.fields ?? { _: preview.error.message }).join(' · ')
                : 'Try again'}
            </Alert>
          )}
          {preview.data && !preview.isPending && <EmailPreview email={preview.data} />}
        </Tabs.Panel>
      </Tabs>
      <Modal opened={testOpen} onClose={() => setTestOpen(false)} title="Send a test" closeButtonProps={{ 'aria-label': 'Close' }}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            test.mutate({ d: content, to: testTo });
          }}
        >
          <Stack gap="sm">
            <TextInput
              label="Send to"
              type="email"
              required
              description="The email as it is now, marked [Test]; with that contact’s values when the address is a contact"
              value={testTo}
              onChange={(e) => setTestTo(e.currentTarget.value)}
              error={test.isError ? (errors.to ?? Object.values(errors)[0]) : undefined}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button type="submit" loading={test.isPending}>
                Send test
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
