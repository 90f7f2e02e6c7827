import { Anchor, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../api/client';
import { useResourceMeta } from '../api/get-resources-meta';
import { isPrivateFileUrl, openPrivateFile, type Row, useRecord } from './resource-api';
import { displayText, type FieldDef, toImage } from './schema';

const LONG_KINDS = new Set(['textarea', 'richtext', 'json']);

/** The title of a related record (never its id); a record the caller may not read says so. */
function RelationTitle({ resource, id }: { resource: string; id: string }) {
  const { meta } = useResourceMeta(resource);
  const record = useRecord(resource, meta ? id : null);
  if (!meta)
    return (
      <Text span c="dimmed">
        Not visible to you
      </Text>
    );
  if (record.isError)
    return (
      <Text span c="dimmed">
        No longer exists
      </Text>
    );
  return <Text span>{record.data ? String(record.data[meta.ui.title] ?? meta.label.singular) : '…'}</Text>;
}

function FileValue({ field, url }: { field: FieldDef; url: string }) {
  const [error, setError] = useState<string | null>(null);
  if (!isPrivateFileUrl(url))
    return (
      <Anchor href={url} target="_blank" rel="noreferrer" style={{ wordBreak: 'break-all' }}>
        {url.split('/').pop()}
      </Anchor>
    );
  return (
    <>
      <Anchor
        component="button"
        type="button"
        onClick={() =>
          openPrivateFile(url).catch((err) => setError(err instanceof ApiError ? err.message : 'The file could not be opened'))
        }
      >
        Open {field.label.toLowerCase()}
      </Anchor>
      {error && (
        <Text span c="red" size="sm" role="alert" display="block">
          {error}
        </Text>
      )}
    </>
  );
}

/** One field's value as people read it: labels for enums, titles for relations, links for files. */
export function ReadOnlyValue({ field, value }: { field: FieldDef; value: unknown }) {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) {
    return (
      <Text span c="dimmed">
        —
      </Text>
    );
  }
  if (field.kind === 'relation' && field.ref) return <RelationTitle resource={field.ref} id={String(value)} />;
  if (field.kind === 'relations' && field.ref && Array.isArray(value)) {
    return (
      <>
        {value.map((id, i) => (
          <span key={String(id)}>
            {i > 0 && ', '}
            <RelationTitle resource={field.ref!} id={String(id)} />
          </span>
        ))}
      </>
    );
  }
  if (field.kind === 'image') {
    const image = toImage(value);
    return image ? <Image src={image.url} alt={image.alt || field.label} h={80} w="auto" fit="contain" radius="sm" /> : null;
  }
  if (field.kind === 'file' && typeof value === 'string') return <FileValue field={field} url={value} />;
  if (field.kind === 'email' && typeof value === 'string') return <Anchor href={`mailto:${value}`}>{value}</Anchor>;
  if (field.kind === 'url' && typeof value === 'string' && /^https?:\/\//.test(value)) {
    return (
      <Anchor href={value} target="_blank" rel="noreferrer" style={{ wordBreak: 'break-all' }}>
        {value}
      </Anchor>
    );
  }
  return (
    <Text style={{ whiteSpace: LONG_KINDS.has(field.kind) ? 'pre-wrap' : undefined, wordBreak: 'break-word' }}>
      {displayText(field, value)}
    </Text>
  );
}

/** A field's name and its value, as a term and its description. */
function Entry({ field, record }: { field: FieldDef; record: Row }) {
  return (
    <div data-field={field.key}>
      <Text component="dt" size="xs" c="dimmed" fw={600}>
        {field.label}
      </Text>
      <Text component="dd" m={0} size="sm">
        <ReadOnlyValue field={field} value={record[field.key]} />
      </Text>
    </div>
  );
}

/**
 * Fields a record keeps as it was created (what a visitor sent), shown as text, not inputs: the
 * resource declares which fields a change may set (`ui.editable`), the server refuses the others.
 */
export function ReadOnlyFields({ fields, record, title }: { fields: FieldDef[]; record: Row; title: string }) {
  const short = fields.filter((f) => !LONG_KINDS.has(f.kind));
  const long = fields.filter((f) => LONG_KINDS.has(f.kind));
  return (
    <Paper withBorder p="sm" radius="md" data-testid="read-only-fields" component="section" aria-label={title}>
      <Title order={3} size="sm" mb="xs">
        {title}
      </Title>
      <SimpleGrid component="dl" m={0} cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="xs">
        {short.map((f) => (
          <Entry key={f.key} field={f} record={record} />
        ))}
      </SimpleGrid>
      {long.length > 0 && (
        <Stack component="dl" m={0} mt="sm" gap="sm">
          {long.map((f) => (
            <Entry key={f.key} field={f} record={record} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
