import { ActionIcon, Alert, Button, Group, Menu, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus } from '@tabler/icons-react';
import { RemoveButton } from '../../../kit/remove-button';
import { BlockFields } from './block-fields';
import { type Block, blockId, blockName } from './templates-api';

/** A block's move buttons: up one place (none for the first block), down one (none for the last). */
const MOVES = [
  { way: 'up', by: -1, Icon: IconArrowUp },
  { way: 'down', by: 1, Icon: IconArrowDown },
] as const;

/** How each block is named in the editor, and what a new one starts as. */
const NEW_BLOCKS: { label: string; make: () => Block }[] = [
  {
    label: 'Header with logo',
    make: () => ({ id: blockId(), type: 'header', logoUrl: '', title: '{{ business_name }}', align: 'center' }),
  },
  { label: 'Text', make: () => ({ id: blockId(), type: 'text', html: '', align: 'left' }) },
  { label: 'Image', make: () => ({ id: blockId(), type: 'image', url: '', alt: '', href: '', width: 600 }) },
  {
    label: 'Button',
    make: () => ({ id: blockId(), type: 'button', label: 'Find out more', href: '{{ business_website }}', align: 'center' }),
  },
  {
    label: 'Two columns',
    make: () => ({ id: blockId(), type: 'columns', columns: [0, 1].map(() => ({ imageUrl: '', imageAlt: '', html: '' })) }),
  },
  {
    label: 'Three columns',
    make: () => ({ id: blockId(), type: 'columns', columns: [0, 1, 2].map(() => ({ imageUrl: '', imageAlt: '', html: '' })) }),
  },
  { label: 'Product cards', make: () => ({ id: blockId(), type: 'cards', source: 'products', heading: '', items: [], buttonLabel: '' }) },
  { label: 'Blog post cards', make: () => ({ id: blockId(), type: 'cards', source: 'posts', heading: '', items: [], buttonLabel: '' }) },
  { label: 'Divider', make: () => ({ id: blockId(), type: 'divider' }) },
  { label: 'Footer', make: () => ({ id: blockId(), type: 'footer', html: '' }) },
];

/** The server's problems of block `i` (design.blocks.<i>.<field>), keyed by the block's field. */
function errorsOf(errors: Record<string, string>, i: number): Record<string, string> {
  const prefix = `design.blocks.${i}.`;
  return Object.fromEntries(Object.entries(errors).flatMap(([k, v]) => (k.startsWith(prefix) ? [[k.slice(prefix.length), v]] : [])));
}

/** The design's blocks in order: each with its fields, moved up or down, removed; new ones added before the footer. */
export function BlockList({
  blocks,
  onChange,
  errors,
  logoUrl,
}: {
  blocks: Block[];
  onChange: (blocks: Block[]) => void;
  errors: Record<string, string>;
  logoUrl: string;
}) {
  const move = (i: number, by: number) => {
    const next = [...blocks];
    const [moved] = next.splice(i, 1);
    next.splice(i + by, 0, moved);
    onChange(next);
  };
  const add = (block: Block) => {
    const footerAt = blocks.findIndex((b) => b.type === 'footer');
    const at =
      block.type === 'footer' || block.type === 'header' || footerAt < 0 ? (block.type === 'header' ? 0 : blocks.length) : footerAt;
    onChange([...blocks.slice(0, at), block, ...blocks.slice(at)]);
  };
  return (
    <Stack gap="sm">
      {blocks.map((block, i) => {
        const own = errorsOf(errors, i);
        const name = `${i + 1}. ${blockName(block)}`;
        return (
          <Paper key={block.id} withBorder p="md" component="section" aria-label={`Block ${name}`}>
            <Group justify="space-between" mb="xs">
              <Text fw={600} component="h2" size="sm">
                {name}
              </Text>
              <Group gap={4}>
                {MOVES.map(({ way, by, Icon }) => (
                  <Tooltip key={way} label={`Move ${way}`}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Move ${name} ${way}`}
                      disabled={i + by < 0 || i + by >= blocks.length}
                      onClick={() => move(i, by)}
                    >
                      <Icon size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                ))}
                <Tooltip label="Remove">
                  <RemoveButton label={`Remove ${name}`} onClick={() => onChange(blocks.filter((_, j) => j !== i))} />
                </Tooltip>
              </Group>
            </Group>
            {own.type && (
              <Alert color="red" variant="light" mb="xs">
                {own.type}
              </Alert>
            )}
            <BlockFields block={block} onChange={(b) => onChange(blocks.map((x, j) => (j === i ? b : x)))} errors={own} logoUrl={logoUrl} />
          </Paper>
        );
      })}
      {(errors['design.blocks'] || errors.design) && (
        <Alert color="red" variant="light" role="alert">
          {errors['design.blocks'] ?? errors.design}
        </Alert>
      )}
      <Menu shadow="md" position="bottom-start">
        <Menu.Target>
          <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} style={{ alignSelf: 'flex-start' }}>
            Add block
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {NEW_BLOCKS.map((b) => (
            <Menu.Item key={b.label} onClick={() => add(b.make())}>
              {b.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Stack>
  );
}
