import { Anchor, Button, FileButton, Group, Image, Input, Paper, Text } from '@mantine/core';
import { IconFile, IconUpload, IconX } from '@tabler/icons-react';
import { ApiError } from '../api/client';
import { isPrivateFileUrl, openPrivateFile } from './resource-api';
import { useFileUpload } from './use-file-upload';

export interface UploadInputProps {
  label: string;
  value: string;
  onChange: (url: string) => void;
  kind: 'image' | 'file';
  error?: React.ReactNode;
  description?: React.ReactNode;
  required?: boolean;
  /** Names the upload (e.g. logo, favicon). */
  purpose?: string;
  /** Uploads privately (no public URL); the file opens with the session. */
  isPrivate?: boolean;
}

/** Uploads through POST /api/v1/media/files and keeps the file's URL; images show a preview. */
export function UploadInput({ label, value, onChange, kind, error, description, required, purpose, isPrivate }: UploadInputProps) {
  const {
    busy,
    error: uploadError,
    setError: setUploadError,
    choose,
  } = useFileUpload(onChange, { purpose, visibility: isPrivate ? 'private' : 'public' });
  return (
    <Input.Wrapper label={label} error={uploadError ?? error} description={description} required={required}>
      <Paper withBorder p="xs" mt={4}>
        <Group gap="sm" wrap="nowrap">
          {value ? (
            kind === 'image' ? (
              <Image src={value} alt={`${label} preview`} h={56} w={56} fit="contain" radius="sm" bg="var(--mantine-color-gray-light)" />
            ) : (
              <IconFile size={32} aria-hidden />
            )
          ) : (
            <Text size="sm" c="dimmed" w={56} ta="center">
              None
            </Text>
          )}
          <Group gap="xs" style={{ flex: 1 }} justify="flex-end">
            {value && kind === 'file' && isPrivateFileUrl(value) && (
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() =>
                  openPrivateFile(value).catch((err) =>
                    setUploadError(err instanceof ApiError ? err.message : 'The file could not be opened'),
                  )
                }
              >
                Open {label.toLowerCase()}
              </Anchor>
            )}
            {value && kind === 'file' && !isPrivateFileUrl(value) && (
              <Anchor href={value} target="_blank" rel="noreferrer" size="sm" truncate maw={160}>
                {value.split('/').pop()}
              </Anchor>
            )}
            <FileButton
              onChange={choose}
              accept={kind === 'image' ? 'image/png,image/jpeg,image/gif,image/webp,image/avif,image/x-icon' : undefined}
            >
              {(props) => (
                <Button {...props} size="xs" variant="light" loading={busy} leftSection={<IconUpload size={14} aria-hidden />}>
                  {value ? 'Replace' : 'Upload'} {label.toLowerCase()}
                </Button>
              )}
            </FileButton>
            {value && (
              <Button size="xs" variant="subtle" color="gray" onClick={() => onChange('')} leftSection={<IconX size={14} aria-hidden />}>
                Remove
              </Button>
            )}
          </Group>
        </Group>
      </Paper>
    </Input.Wrapper>
  );
}
