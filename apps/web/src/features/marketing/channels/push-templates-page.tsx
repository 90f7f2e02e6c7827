import { Box, Button, Group, Paper, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import type { ListView } from '../../../kit/list-view';
import { createRecord, type Row, updateRecord } from '../../../kit/resource-api';
import { ResourceScreen } from '../../../kit/resource-screen';
import { type PushContent, PushPreview } from './push-preview';

const RESOURCE = 'marketing/push-templates';
const EMPTY: PushContent & { name: string } = { name: '', title: '', body: '', iconUrl: '', imageUrl: '', urlText: '', url: '' };

const FIELDS = Object.keys(EMPTY) as (keyof typeof EMPTY)[];

/** The editor's values of a saved template: each field as text ('' for none). */
function fromRow(row: Row): PushContent & { name: string } {
  const values = { ...EMPTY };
  for (const key of FIELDS) values[key] = String(row[key] ?? '');
  return values;
}

/** A push template's fields beside its device preview; creates a template, or saves `record`. */
function PushEditor({ record, onSaved }: { record?: Row; onSaved?: () => void }) {
  const client = useQueryClient();
  const [values, setValues] = useState(record ? fromRow(record) : EMPTY);
  const save = useMutation({
    mutationFn: () => {
      const body = Object.fromEntries(
        Object.entries(values).map(([k, v]) => [k, v.trim() === '' && k !== 'name' && k !== 'title' && k !== 'body' ? null : v]),
      );
      return record ? updateRecord(RESOURCE, record.id, body) : createRecord(RESOURCE, body);
    },
    onSuccess: () => {
      notifications.show({ color: 'teal', message: record ? 'Push template saved' : `Push template “${values.name}” created` });
      client.invalidateQueries({ queryKey: ['resource', RESOURCE] });
      if (!record) setValues(EMPTY);
      onSaved?.();
    },
  });
  const fields = save.error instanceof ApiError ? save.error.fields : undefined;
  const problem = save.error instanceof ApiError && !fields ? save.error.message : undefined;
  const input = (
    key: keyof typeof EMPTY,
    label: string,
    extra: { placeholder?: string; required?: boolean; description?: string } = {},
  ) => (
    <TextInput
      label={label}
      value={values[key]}
      onChange={(e) => setValues({ ...values, [key]: e.currentTarget.value })}
      error={fields?.[key]}
      {...extra}
    />
  );
  return (
    <Group align="start" gap="lg" wrap="wrap">
      <Box style={{ flex: '1 1 320px', minWidth: 0 }}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate();
          }}
        >
          <Stack gap="sm">
            {input('name', 'Template name', { required: true })}
            {input('title', 'Title', { required: true, description: 'Up to 65 characters; merge tags like {{ first_name }}' })}
            <Textarea
              label="Message"
              required
              autosize
              minRows={3}
              value={values.body}
              onChange={(e) => setValues({ ...values, body: e.currentTarget.value })}
              error={fields?.body ?? problem}
            />
            {input('iconUrl', 'Icon address', { placeholder: 'https://…/icon-192.png' })}
            {input('imageUrl', 'Image address', { placeholder: 'https://…/banner.jpg' })}
            {input('urlText', 'Button text', { placeholder: 'Shop now' })}
            {input('url', 'Link', { placeholder: 'https://…' })}
            <Button type="submit" loading={save.isPending} w="fit-content">
              {record ? 'Save template' : 'Create template'}
            </Button>
          </Stack>
        </form>
      </Box>
      <PushPreview content={values} />
    </Group>
  );
}

/** A saved template opens in the same editor as the one above the list. */
const view: ListView = { record: ({ row }) => <PushEditor key={row.id} record={row} /> };

/** Push notification templates: compose with a live device preview; the list below opens each in the same editor. */
export default function PushTemplatesPage() {
  return (
    <ResourceScreen
      resource={RESOURCE}
      title="Push notification templates"
      description="Title, message, icon, image and a link with its button, previewed on a phone and a desktop browser."
      view={view}
    >
      <Paper withBorder p="md" mb="md">
        <PushEditor />
      </Paper>
    </ResourceScreen>
  );
}
