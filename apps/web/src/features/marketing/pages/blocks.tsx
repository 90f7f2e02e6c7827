import { Button, Group, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { RemoveButton } from '../../../kit/remove-button';
import type { Block, BlockType } from './pages-api';

// The block palette of the landing-page editor: what each block is called, what a new one starts
// with, and its fields. The server validates every block again (pages/design.ts).

export const BLOCK_LABELS: Record<BlockType, string> = {
  hero: 'Hero',
  text: 'Text',
  image: 'Image',
  features: 'Features grid',
  testimonial: 'Testimonial',
  cta: 'Call-to-action button',
  signup: 'Signup form',
  footer: 'Footer',
};

const STARTERS: Record<BlockType, Record<string, unknown>> = {
  hero: { heading: 'A headline that says what you offer', subheading: '' },
  text: { heading: '', body: 'Write a few sentences here.' },
  image: { url: 'https://', alt: '', caption: '' },
  features: { heading: 'Why choose us', items: [{ title: 'First reason', text: '' }] },
  testimonial: { quote: 'What a customer said about you.', author: 'Customer name', role: '' },
  cta: { heading: '', label: 'Get started', url: '/' },
  signup: {
    heading: 'Stay in touch',
    text: '',
    buttonLabel: 'Sign up',
    askName: true,
    askPhone: false,
    consentText: 'I agree to receive news and offers by email. I can unsubscribe at any time.',
    optIn: 'double',
    tags: [],
    thankYou: 'Thank you! We will be in touch.',
  },
  footer: { text: '', links: [] },
};

/** A new block of `type` with an id not used by `existing`. */
export function newBlock(type: BlockType, existing: Block[]): Block {
  const taken = new Set(existing.map((b) => b.id));
  let n = 1;
  while (taken.has(`${type}-${n}`)) n++;
  return { id: `${type}-${n}`, type, ...structuredClone(STARTERS[type]) };
}

/** A one-line summary of a block for its collapsed card. */
export function blockSummary(block: Block): string {
  const text = block.heading || block.label || block.quote || block.url || block.text || block.body || '';
  return String(text).slice(0, 80);
}

type Change = (patch: Record<string, unknown>) => void;

function ListField({
  label,
  items,
  keys,
  onChange,
  addLabel,
}: {
  label: string;
  items: Record<string, string>[];
  keys: [string, string][];
  onChange: (items: Record<string, string>[]) => void;
  addLabel: string;
}) {
  return (
    <Stack gap={6}>
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: items have no identity of their own
        <Group key={i} align="flex-end" gap="xs" wrap="nowrap">
          {keys.map(([key, name]) => (
            <TextInput
              key={key}
              label={`${label} ${i + 1}: ${name}`}
              value={item[key] ?? ''}
              onChange={(e) => onChange(items.map((it, j) => (j === i ? { ...it, [key]: e.currentTarget.value } : it)))}
              style={{ flex: 1 }}
            />
          ))}
          <RemoveButton label={`Remove ${label.toLowerCase()} ${i + 1}`} onClick={() => onChange(items.filter((_, j) => j !== i))} />
        </Group>
      ))}
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPlus size={14} aria-hidden />}
        onClick={() => onChange([...items, Object.fromEntries(keys.map(([k]) => [k, '']))])}
        w="fit-content"
      >
        {addLabel}
      </Button>
    </Stack>
  );
}

/** The fields of one block. */
export function BlockFields({ block, onChange }: { block: Block; onChange: Change }) {
  const text = (key: string, label: string, props: { required?: boolean; description?: string } = {}) => (
    <TextInput label={label} value={String(block[key] ?? '')} onChange={(e) => onChange({ [key]: e.currentTarget.value })} {...props} />
  );
  const area = (key: string, label: string, props: { required?: boolean } = {}) => (
    <Textarea
      label={label}
      autosize
      minRows={2}
      value={String(block[key] ?? '')}
      onChange={(e) => onChange({ [key]: e.currentTarget.value })}
      {...props}
    />
  );
  /** A list of small records kept in `key` (features, links), each with the fields `keys` names ([key, label]). */
  const list = (key: string, label: string, addLabel: string, keys: [string, string][]) => (
    <ListField
      label={label}
      addLabel={addLabel}
      items={(block[key] as Record<string, string>[]) ?? []}
      keys={keys}
      onChange={(items) => onChange({ [key]: items })}
    />
  );
  const toggle = (key: string, label: string) => (
    <Switch label={label} checked={Boolean(block[key])} onChange={(e) => onChange({ [key]: e.currentTarget.checked })} />
  );
  switch (block.type) {
    case 'hero':
      return (
        <Stack gap="xs">
          {text('heading', 'Heading', { required: true })}
          {area('subheading', 'Subheading')}
          {text('image', 'Image address', { description: 'https:// or a path on your site; leave empty for none' })}
          <Group grow>
            {text('ctaLabel', 'Button label')}
            {text('ctaUrl', 'Button link')}
          </Group>
        </Stack>
      );
    case 'text':
      return (
        <Stack gap="xs">
          {text('heading', 'Heading')}
          {area('body', 'Text', { required: true })}
        </Stack>
      );
    case 'image':
      return (
        <Stack gap="xs">
          {text('url', 'Image address', { required: true })}
          {text('alt', 'Description for screen readers')}
          {text('caption', 'Caption')}
        </Stack>
      );
    case 'features':
      return (
        <Stack gap="xs">
          {text('heading', 'Heading')}
          {list('items', 'Feature', 'Add a feature', [
            ['title', 'title'],
            ['text', 'text'],
          ])}
        </Stack>
      );
    case 'testimonial':
      return (
        <Stack gap="xs">
          {area('quote', 'Quote', { required: true })}
          <Group grow>
            {text('author', 'Who said it', { required: true })}
            {text('role', 'Their role')}
          </Group>
        </Stack>
      );
    case 'cta':
      return (
        <Stack gap="xs">
          {text('heading', 'Heading')}
          <Group grow>
            {text('label', 'Button label', { required: true })}
            {text('url', 'Button link', { required: true })}
          </Group>
        </Stack>
      );
    case 'signup':
      return (
        <Stack gap="xs">
          {text('heading', 'Heading')}
          {area('text', 'Text')}
          {text('buttonLabel', 'Button label', { required: true })}
          <Group>
            {toggle('askName', 'Ask for the name')}
            {toggle('askPhone', 'Ask for a phone number')}
          </Group>
          {area('consentText', 'What the visitor agrees to', { required: true })}
          <Select
            label="Opt-in"
            value={String(block.optIn ?? 'double')}
            onChange={(v) => onChange({ optIn: v ?? 'double' })}
            allowDeselect={false}
            data={[
              { value: 'double', label: 'Double: confirmed by a mail before the contact counts as opted in' },
              { value: 'single', label: 'Single: the ticked box is the consent' },
            ]}
          />
          <TextInput
            label="Tags given to new contacts"
            description="Separated by commas"
            defaultValue={((block.tags as string[]) ?? []).join(', ')}
            onBlur={(e) =>
              onChange({
                tags: e.currentTarget.value
                  .split(',')
                  .map((t) => t.trim())
                  .filter(Boolean),
              })
            }
          />
          {text('thankYou', 'Thank-you message')}
        </Stack>
      );
    case 'footer':
      return (
        <Stack gap="xs">
          {area('text', 'Text')}
          {list('links', 'Link', 'Add a link', [
            ['label', 'label'],
            ['url', 'address'],
          ])}
        </Stack>
      );
  }
}

/** Optional fields left empty are dropped (the server refuses an empty link). */
const OPTIONAL = ['image', 'ctaLabel', 'ctaUrl'];
export const cleanBlock = (block: Block): Block =>
  Object.fromEntries(Object.entries(block).filter(([k, v]) => !(OPTIONAL.includes(k) && v === ''))) as Block;
