import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { ActionIcon, Button, FileButton, Group, Image, Input, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconGripVertical, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import type { WidgetProps } from '../../kit/field-input';
import { ImageObjectInput, type ImageUploader } from '../../kit/image-input';
import { formValueOf, imageOf, parseImage, parseImages, type SiteImage, uploadSiteFiles } from './site-api';

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,image/avif,image/svg+xml';

function useUpload() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function upload(files: File[]): Promise<SiteImage[]> {
    if (files.length === 0) return [];
    setBusy(true);
    setError(null);
    try {
      return (await uploadSiteFiles(files)).map(imageOf);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The upload failed');
      return [];
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, upload };
}

/** Site uploads: stored with a thumbnail made by the server (POST /api/v1/site/uploads). */
const uploadSiteImages: ImageUploader = async (files) => (await uploadSiteFiles(files)).map(imageOf);

export interface ImageInputProps {
  label: string;
  value: SiteImage | null;
  onChange: (image: SiteImage | null) => void;
  error?: React.ReactNode;
  description?: React.ReactNode;
  required?: boolean;
  disabled?: boolean;
}

/** One image: the kit's image input, uploading through the site (so the image gets a thumbnail). */
export function ImageInput(props: ImageInputProps) {
  return <ImageObjectInput {...props} uploader={uploadSiteImages} />;
}

function SortableImage({
  id,
  image,
  index,
  onAlt,
  onRemove,
  disabled,
}: {
  id: string;
  image: SiteImage;
  index: number;
  onAlt: (alt: string) => void;
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
  return (
    <Paper ref={setNodeRef} style={style} withBorder p={6} radius="md" data-testid="gallery-image">
      <Stack gap={6}>
        <Group justify="space-between" gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Drag image ${index + 1} to reorder`}
            style={{ cursor: disabled ? 'default' : 'grab', touchAction: 'none' }}
            {...attributes}
            {...listeners}
          >
            <IconGripVertical size={16} aria-hidden />
          </ActionIcon>
          <Text size="xs" c="dimmed">
            {index === 0 ? 'Main image' : `#${index + 1}`}
          </Text>
          {!disabled && (
            <ActionIcon variant="subtle" color="red" aria-label={`Remove image ${index + 1}`} onClick={onRemove}>
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          )}
        </Group>
        <Image
          src={image.thumbnailUrl ?? image.url}
          alt={image.alt || `Image ${index + 1}`}
          h={110}
          fit="cover"
          radius="sm"
          bg="var(--mantine-color-gray-light)"
        />
        <TextInput
          size="xs"
          aria-label={`Alt text of image ${index + 1}`}
          placeholder="Alt text"
          value={image.alt}
          maxLength={300}
          disabled={disabled}
          onChange={(e) => onAlt(e.currentTarget.value)}
        />
      </Stack>
    </Paper>
  );
}

export interface GalleryInputProps {
  label: string;
  value: SiteImage[];
  onChange: (images: SiteImage[]) => void;
  error?: React.ReactNode;
  description?: React.ReactNode;
  disabled?: boolean;
  max?: number;
}

/** A gallery: upload several images, drag (or use the keyboard) to reorder, edit alt text, remove. */
export function GalleryInput({ label, value, onChange, error, description, disabled, max = 100 }: GalleryInputProps) {
  const { busy, error: uploadError, upload } = useUpload();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // Stable ids while the list is the same; a URL may repeat, so count occurrences.
  const seen = new Map<string, number>();
  const ids = value.map((img) => {
    const n = (seen.get(img.url) ?? 0) + 1;
    seen.set(img.url, n);
    return `${img.url}#${n}`;
  });
  function onDragEnd(event: DragEndEvent) {
    const { active, over } = event;
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onChange(arrayMove(value, from, to));
  }
  return (
    <Input.Wrapper label={label} error={uploadError ?? error} description={description ?? 'Drag to reorder; the first is the main image.'}>
      <Paper withBorder p="xs" mt={4}>
        <Stack gap="xs">
          {value.length > 0 ? (
            <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
              <SortableContext items={ids} strategy={rectSortingStrategy}>
                <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="xs">
                  {value.map((image, i) => (
                    <SortableImage
                      key={ids[i]}
                      id={ids[i]}
                      image={image}
                      index={i}
                      disabled={disabled}
                      onAlt={(alt) => onChange(value.map((img, j) => (j === i ? { ...img, alt } : img)))}
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

/** Form widgets (kit/resource-form) for image fields of the site resources. */
export function ImageWidget({ field, input, mode, disabled }: WidgetProps) {
  return (
    <ImageInput
      label={field.label}
      description={field.help}
      required={field.required && mode === 'create'}
      error={input.error}
      disabled={disabled}
      value={parseImage(input.value)}
      onChange={(image) => input.onChange(formValueOf(field.kind, image))}
    />
  );
}

export function GalleryWidget({ field, input, disabled }: WidgetProps) {
  return (
    <GalleryInput
      label={field.label}
      description={field.help}
      error={input.error}
      disabled={disabled}
      max={field.schema.maxItems}
      value={parseImages(input.value)}
      onChange={(images) => input.onChange(formValueOf(field.kind, images))}
    />
  );
}
