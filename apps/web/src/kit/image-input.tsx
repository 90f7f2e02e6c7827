import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { ActionIcon, Button, FileButton, Group, Image, Input, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconGripVertical, IconPhoto, IconUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../api/client';
import { RemoveButton } from './remove-button';
import { type UploadedFile, uploadFile } from './resource-api';
import type { ImageValue } from './schema';

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,image/avif,image/svg+xml';

/** An uploaded file as an image object; the alt text starts from the file name. */
export function imageOfUpload(file: Pick<UploadedFile, 'url' | 'filename'> & { thumbnailUrl?: string | null }): ImageValue {
  const alt = (file.filename ?? '')
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/[-_]+/g, ' ')
    .trim();
  return { url: file.url, alt, ...(file.thumbnailUrl ? { thumbnailUrl: file.thumbnailUrl } : {}) };
}

/** Stores files and answers them as images. */
export type ImageUploader = (files: File[]) => Promise<ImageValue[]>;

/** The kit's uploader: POST /api/v1/media/files, one file after the other. */
const mediaUploader =
  (purpose: string): ImageUploader =>
  async (files) => {
    const images: ImageValue[] = [];
    for (const file of files) images.push(imageOfUpload(await uploadFile(file, purpose)));
    return images;
  };

/** Runs an uploader with busy and error state for an input. */
function useUploader(uploader: ImageUploader) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function upload(files: File[]): Promise<ImageValue[]> {
    if (files.length === 0) return [];
    setBusy(true);
    setError(null);
    try {
      return await uploader(files);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The upload failed');
      return [];
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, upload };
}

interface CommonProps {
  label: string;
  error?: React.ReactNode;
  description?: React.ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Names the upload (the form field, e.g. coverImage). */
  purpose?: string;
  /** Longest alt text the schema allows. */
  maxAltLength?: number;
  /** Where uploads go (default: the media library, POST /api/v1/media/files). */
  uploader?: ImageUploader;
}

/**
 * An image field's uploads (through its uploader, the media library by default) and the props of
 * its wrapper: label, description, required, and the upload's error before the form's.
 */
function useImageField({ label, error, description, required, purpose, uploader }: CommonProps, defaultPurpose: string) {
  const { busy, error: uploadError, upload } = useUploader(uploader ?? mediaUploader(purpose ?? defaultPurpose));
  return { busy, upload, wrapper: { label, error: uploadError ?? error, description, required } };
}

export interface ImageObjectInputProps extends CommonProps {
  value: ImageValue | null;
  onChange: (image: ImageValue | null) => void;
}

/** One image kept as an object: upload, preview, alt text, remove. */
export function ImageObjectInput(props: ImageObjectInputProps) {
  const { label, value, onChange, disabled, maxAltLength = 300 } = props;
  const { busy, upload, wrapper } = useImageField(props, 'image');
  return (
    <Input.Wrapper {...wrapper}>
      <Paper withBorder p="xs" mt={4} data-testid="image-input">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          {value ? (
            <Image
              src={value.thumbnailUrl ?? value.url}
              alt={value.alt || `${label} preview`}
              h={64}
              w={64}
              fit="cover"
              radius="sm"
              bg="var(--mantine-color-gray-light)"
            />
          ) : (
            <Group w={64} h={64} justify="center" c="dimmed">
              <IconPhoto size={28} aria-hidden />
            </Group>
          )}
          <Stack gap={6} style={{ flex: 1 }}>
            {value && (
              <TextInput
                size="xs"
                label="Alt text"
                aria-label={`${label}: alt text`}
                value={value.alt}
                maxLength={maxAltLength}
                disabled={disabled}
                onChange={(e) => onChange({ ...value, alt: e.currentTarget.value })}
              />
            )}
            <Group gap="xs">
              <FileButton
                accept={ACCEPT}
                disabled={disabled}
                onChange={async (file) => {
                  const [image] = await upload(file ? [file] : []);
                  if (image) onChange(value?.alt ? { ...image, alt: value.alt } : image);
                }}
              >
                {(props) => (
                  <Button {...props} size="xs" variant="light" loading={busy} leftSection={<IconUpload size={14} aria-hidden />}>
                    {value ? 'Replace' : 'Upload'} {label.toLowerCase()}
                  </Button>
                )}
              </FileButton>
              {value && !disabled && (
                <Button
                  size="xs"
                  variant="subtle"
                  color="gray"
                  onClick={() => onChange(null)}
                  leftSection={<IconX size={14} aria-hidden />}
                >
                  Remove
                </Button>
              )}
            </Group>
          </Stack>
        </Group>
      </Paper>
    </Input.Wrapper>
  );
}

export interface ImageListInputProps extends CommonProps {
  value: ImageValue[];
  onChange: (images: ImageValue[]) => void;
  max?: number;
}

/**
 * One image of a gallery: a drag handle (pointer or keyboard) and, for those who cannot drag, buttons
 * to move it earlier or later; its picture, alt text and remove.
 */
function GalleryTile({
  id,
  image,
  index,
  count,
  gallery,
  maxAltLength,
  onAlt,
  onMove,
  onRemove,
  disabled,
}: {
  id: string;
  image: ImageValue;
  index: number;
  count: number;
  /** The field's label, naming the controls when a form has several galleries. */
  gallery: string;
  maxAltLength: number;
  onAlt: (alt: string) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  disabled?: boolean;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  const style: React.CSSProperties = {
    transform: transform ? `translate3d(${Math.round(transform.x)}px, ${Math.round(transform.y)}px, 0)` : undefined,
    transition,
    zIndex: isDragging ? 2 : undefined,
    opacity: isDragging ? 0.85 : 1,
  };
  const which = `${gallery.toLowerCase()} image ${index + 1}`;
  return (
    <Paper ref={setNodeRef} style={style} withBorder p={6} radius="md" data-testid="image-list-item">
      <Stack gap={6}>
        <Group justify="space-between" gap={4} wrap="nowrap">
          <Group gap={2} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Drag ${which} to reorder`}
              style={{ cursor: disabled ? 'default' : 'grab', touchAction: 'none' }}
              {...attributes}
              {...listeners}
            >
              <IconGripVertical size={16} aria-hidden />
            </ActionIcon>
            <Text size="xs" c="dimmed">
              {index === 0 ? 'Main image' : `#${index + 1}`}
            </Text>
          </Group>
          {!disabled && (
            <Group gap={2} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Move ${which} earlier`}
                disabled={index === 0}
                onClick={() => onMove(index - 1)}
              >
                <IconArrowLeft size={16} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Move ${which} later`}
                disabled={index === count - 1}
                onClick={() => onMove(index + 1)}
              >
                <IconArrowRight size={16} aria-hidden />
              </ActionIcon>
              <RemoveButton label={`Remove ${which}`} onClick={onRemove} />
            </Group>
          )}
        </Group>
        <Image
          src={image.thumbnailUrl ?? image.url}
          alt={image.alt || `${gallery} image ${index + 1}`}
          h={110}
          fit="cover"
          radius="sm"
          bg="var(--mantine-color-gray-light)"
        />
        <TextInput
          size="xs"
          aria-label={`${gallery} image ${index + 1}: alt text`}
          placeholder="Alt text"
          value={image.alt}
          maxLength={maxAltLength}
          disabled={disabled}
          onChange={(e) => onAlt(e.currentTarget.value)}
        />
      </Stack>
    </Paper>
  );
}

/** Stable ids for a list whose URLs may repeat: the URL and its occurrence. */
function tileIds(images: ImageValue[]): string[] {
  const seen = new Map<string, number>();
  return images.map((img) => {
    const n = (seen.get(img.url) ?? 0) + 1;
    seen.set(img.url, n);
    return `${img.url}#${n}`;
  });
}

/** A gallery of image objects: add several, drag (or use the keyboard) to reorder, edit alt texts, remove. */
export function ImageListInput(props: ImageListInputProps) {
  const { label, value, onChange, disabled, maxAltLength = 300, max = 100 } = props;
  const { busy, upload, wrapper } = useImageField(props, 'images');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = tileIds(value);
  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onChange(arrayMove(value, from, to));
  }
  return (
    <Input.Wrapper {...wrapper} description={wrapper.description ?? 'Drag to reorder; the first image is the main one.'}>
      <Paper withBorder p="xs" mt={4} data-testid="image-list-input">
        <Stack gap="xs">
          {value.length > 0 ? (
            <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
              <SortableContext items={ids} strategy={rectSortingStrategy}>
                <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="xs">
                  {value.map((image, i) => (
                    <GalleryTile
                      key={ids[i]}
                      id={ids[i]}
                      image={image}
                      index={i}
                      count={value.length}
                      gallery={label}
                      maxAltLength={maxAltLength}
                      disabled={disabled}
                      onAlt={(alt) => onChange(value.map((img, j) => (j === i ? { ...img, alt } : img)))}
                      onMove={(to) => onChange(arrayMove(value, i, to))}
                      onRemove={() => onChange(value.filter((_, j) => j !== i))}
                    />
                  ))}
                </SimpleGrid>
              </SortableContext>
            </DndContext>
          ) : (
            <Text size="sm" c="dimmed">
              No images yet.
            </Text>
          )}
          {!disabled && (
            <Group>
              <FileButton
                multiple
                accept={ACCEPT}
                onChange={async (files) => {
                  const added = await upload(files.slice(0, Math.max(0, max - value.length)));
                  if (added.length) onChange([...value, ...added]);
                }}
              >
                {(props) => (
                  <Button
                    {...props}
                    size="xs"
                    variant="light"
                    loading={busy}
                    disabled={value.length >= max}
                    leftSection={<IconUpload size={14} aria-hidden />}
                    aria-label={`Add images to ${label.toLowerCase()}`}
                  >
                    Add images
                  </Button>
                )}
              </FileButton>
              <Text size="xs" c="dimmed">
                {value.length} {value.length === 1 ? 'image' : 'images'}
              </Text>
            </Group>
          )}
        </Stack>
      </Paper>
    </Input.Wrapper>
  );
}
