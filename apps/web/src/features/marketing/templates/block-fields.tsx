import { Button, ColorInput, FileButton, Group, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { ChoiceField } from '../../../kit/choice-field';
import { options } from '../../../kit/options';
import { useFileUpload } from '../../../kit/use-file-upload';
import { type BlockFieldProps, BlockRichText } from './block-rich-text';
import { CardsPicker } from './cards-picker';
import type { Align, Block } from './templates-api';
import { TextWithVariables } from './variable-menu';

// The fields of one block, by its type. `errors` are the server's for this block, keyed by the
// block's own field (href, items, columns.0.html …).

type Errors = Record<string, string>;
type Change<B extends Block> = (patch: Partial<B>) => void;

/** One field of a block as an input takes it: its value, a change that patches the block, and the server's error for it. */
type Field = <B extends Block, K extends keyof B & string>(
  block: B,
  key: K,
) => { value: B[K]; onChange: (value: B[K]) => void; error?: string };

const bindFields =
  (change: <B extends Block>(patch: Partial<B>) => void, errors: Errors): Field =>
  (block, key) => ({ value: block[key], onChange: (value) => change({ [key]: value }), error: errors[key] });

const ALIGNMENTS = options<Align>([
  ['left', 'Left'],
  ['center', 'Centre'],
  ['right', 'Right'],
]);

function AlignInput({ value, onChange }: { value: Align; onChange: (value: Align) => void }) {
  return <ChoiceField label="Alignment" size="xs" value={value} onChange={onChange} data={ALIGNMENTS} />;
}

/** An image address, typed or uploaded to the community's files. */
function ImageUrlInput({ label, value, onChange, error }: BlockFieldProps) {
  const {
    busy,
    error: problem,
    choose: upload,
  } = useFileUpload(onChange, { purpose: 'image', failure: 'The image could not be uploaded' });
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput
        style={{ flex: 1 }}
        label={label}
        placeholder="https://…"
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        error={error ?? problem}
      />
      <FileButton onChange={upload} accept="image/png,image/jpeg,image/gif,image/webp">
        {(props) => (
          <Button {...props} variant="default" loading={busy} leftSection={<IconUpload size={14} aria-hidden />}>
            Upload
          </Button>
        )}
      </FileButton>
    </Group>
  );
}

export function BlockFields({
  block,
  onChange,
  errors,
  logoUrl,
}: {
  block: Block;
  onChange: (block: Block) => void;
  errors: Errors;
  logoUrl: string;
}) {
  const change = <B extends Block>(patch: Partial<B>) => onChange({ ...block, ...patch } as Block);
  const field = bindFields(change, errors);
  switch (block.type) {
    case 'header':
      return (
        <Stack gap="xs">
          <Group align="flex-end" gap="xs">
            <div style={{ flex: 1 }}>
              <ImageUrlInput label="Logo" {...field(block, 'logoUrl')} />
            </div>
            {logoUrl && block.logoUrl !== logoUrl && (
              <Button variant="subtle" onClick={() => change({ logoUrl })}>
                Use brand logo
              </Button>
            )}
          </Group>
          <TextWithVariables label="Title" {...field(block, 'title')} />
          <AlignInput value={block.align} onChange={(align) => change({ align })} />
        </Stack>
      );
    case 'text':
      return (
        <Stack gap="xs">
          <BlockRichText label="Text" {...field(block, 'html')} />
          <AlignInput value={block.align} onChange={(align) => change({ align })} />
        </Stack>
      );
    case 'image':
      return (
        <Stack gap="xs">
          <ImageUrlInput label="Image" {...field(block, 'url')} />
          <TextInput
            label="Alternative text"
            description="Read aloud, and shown while images are off"
            value={block.alt}
            onChange={(e) => change({ alt: e.currentTarget.value })}
            error={errors.alt}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Link (optional)"
              placeholder="https://…"
              value={block.href}
              onChange={(e) => change({ href: e.currentTarget.value })}
              error={errors.href}
            />
            <NumberInput
              label="Width (pixels)"
              min={40}
              max={600}
              value={block.width}
              onChange={(v) => change({ width: Number(v) || 600 })}
              error={errors.width}
            />
          </SimpleGrid>
        </Stack>
      );
    case 'button':
      return <ButtonFields block={block} field={field} change={change} errors={errors} />;
    case 'columns':
      return (
        <SimpleGrid cols={{ base: 1, md: block.columns.length }}>
          {block.columns.map((column, i) => {
            const set = (patch: Partial<typeof column>) =>
              change({ columns: block.columns.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns have no identity of their own; their place is it
              <Stack key={i} gap="xs">
                <ImageUrlInput
                  label={`Column ${i + 1} image (optional)`}
                  value={column.imageUrl}
                  onChange={(imageUrl) => set({ imageUrl })}
                  error={errors[`columns.${i}.imageUrl`]}
                />
                <BlockRichText
                  label={`Column ${i + 1} text`}
                  value={column.html}
                  onChange={(html) => set({ html })}
                  error={errors[`columns.${i}.html`]}
                />
              </Stack>
            );
          })}
        </SimpleGrid>
      );
    case 'cards':
      return (
        <Stack gap="xs">
          <TextWithVariables label="Heading" {...field(block, 'heading')} />
          <CardsPicker
            source={block.source}
            items={block.items}
            onChange={(items) => change({ items })}
            error={errors.items ?? errors['items.0.url']}
          />
          <TextInput
            label="Button text"
            placeholder={block.source === 'products' ? 'View product' : 'Read more'}
            value={block.buttonLabel}
            onChange={(e) => change({ buttonLabel: e.currentTarget.value })}
          />
        </Stack>
      );
    case 'divider':
      return (
        <Text size="sm" c="dimmed">
          A thin line between sections.
        </Text>
      );
    case 'footer':
      return (
        <Stack gap="xs">
          <BlockRichText label="Footer note" {...field(block, 'html')} />
          <Text size="sm" c="dimmed">
            Your business name and address (from the brand profile) and the unsubscribe link are added below this note in every email.
          </Text>
        </Stack>
      );
  }
}

function ButtonFields({
  block,
  field,
  change,
  errors,
}: {
  block: Extract<Block, { type: 'button' }>;
  field: Field;
  change: Change<Extract<Block, { type: 'button' }>>;
  errors: Errors;
}) {
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextWithVariables label="Button text" {...field(block, 'label')} />
        <TextWithVariables label="Link" placeholder="https://…" {...field(block, 'href')} />
      </SimpleGrid>
      <Group align="flex-end">
        <ColorInput
          withEyeDropper={false}
          label="Colour"
          placeholder="The email’s accent"
          value={block.color ?? ''}
          onChange={(color) => change({ color: color || undefined })}
          error={errors.color}
        />
        <AlignInput value={block.align} onChange={(align) => change({ align })} />
      </Group>
    </Stack>
  );
}
