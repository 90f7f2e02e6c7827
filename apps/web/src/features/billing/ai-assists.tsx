import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError, request } from '../../api/client';
import type { FieldAssistProps } from '../../kit/field-assists';
import { type ImageValue, toImage, toImages } from '../../kit/schema';

// "Write with AI" beside other areas' fields (declared in screens.ts `assists`), through
// POST /api/v1/billing/ai/write: one AI credit per answer; hidden while AI writing is off.

export type AiTask = 'product-description' | 'blog-summary' | 'subject-lines' | 'alt-text';

interface AiStatus {
  enabled: boolean;
  tasks: AiTask[];
  credits: { limit: number | null; used: number; remaining: number | null };
}

interface AiAnswer {
  task: AiTask;
  text: string;
  suggestions: string[];
  credits: AiStatus['credits'];
}

const STATUS_KEY = ['billing', 'ai'];
const ADDONS_PATH = '/admin-panel/add-Ons';

const useAiStatus = () =>
  useQuery({
    queryKey: STATUS_KEY,
    queryFn: () => request<{ data: AiStatus }>('GET', '/api/v1/billing/ai').then((r) => r.data),
    staleTime: 60_000,
  });

const write = (body: { task: AiTask; title: string; text: string }) =>
  request<{ data: AiAnswer }>('POST', '/api/v1/billing/ai/write', { body }).then((r) => r.data);

/** The text of rich-text HTML (what the model is given to summarise). */
export function plainText(html: unknown): string {
  return typeof html === 'string'
    ? html
        .replace(/<[^>]+>/g, ' ')
        .replace(/&nbsp;/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 20_000)
    : '';
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** An image's file name, words only (what the model can know of a picture it cannot see). */
const fileWords = (url: string) =>
  decodeURIComponent(url.split('?')[0].split('/').pop() ?? '')
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/[-_]+/g, ' ')
    .trim();

/**
 * The button, what it costs, and what went wrong: a 402 (no AI credits left) names the add-on that
 * lifts it and links to the add-ons. `run` does the writing and says what it filled.
 */
function AssistButton({
  label,
  run,
  children,
}: {
  label: string;
  run: () => Promise<string | undefined>;
  /** What the answer offers under the button (suggestions to pick from). */
  children?: React.ReactNode;
}) {
  const status = useAiStatus();
  const client = useQueryClient();
  const [note, setNote] = useState<string | null>(null);
  const action = useMutation({
    mutationFn: run,
    onSuccess: (done) => setNote(done ?? null),
    onSettled: () => client.invalidateQueries({ queryKey: STATUS_KEY }),
  });
  if (!status.data?.enabled) return null;
  const error = action.error;
  const left = status.data.credits.remaining;
  return (
    <Stack gap={4} mt={4}>
      <Group gap="xs" justify="flex-end">
        {left !== null && (
          <Text size="xs" c="dimmed">
            {left} AI {left === 1 ? 'credit' : 'credits'} left
          </Text>
        )}
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconSparkles size={14} aria-hidden />}
          loading={action.isPending}
          onClick={() => {
            setNote(null);
            action.mutate();
          }}
        >
          {label}
        </Button>
      </Group>
      {note && (
        <Text size="xs" c="dimmed" ta="right" role="status">
          {note}
        </Text>
      )}
      {children}
      {error && (
        <Alert color={error instanceof ApiError && error.status === 402 ? 'yellow' : 'red'} variant="light" role="alert" p="xs">
          <Text size="sm">{error instanceof ApiError ? error.message : 'The AI writing did not answer. Try again.'}</Text>
          {error instanceof ApiError && error.status === 402 && (
            <Anchor component={Link} to={ADDONS_PATH} size="sm">
              Buy AI credits
            </Anchor>
          )}
        </Alert>
      )}
    </Stack>
  );
}

/** Commerce products' description: written from the product's title and the notes in the field. */
export function ProductDescriptionAssist({ value, onChange, values }: FieldAssistProps) {
  return (
    <AssistButton
      label="Write with AI"
      run={async () => {
        const answer = await write({ task: 'product-description', title: str(values.title), text: str(value) });
        onChange(answer.text);
        return 'Written by AI: read it through before saving.';
      }}
    />
  );
}

/**
 * A campaign's subject line: five suggestions from the campaign's name and the subject so far, one
 * click puts one in the field (placed by a screen's own form through the kit's FieldAssistSlot).
 */
export function SubjectLinesAssist({ value, onChange, values }: FieldAssistProps) {
  const [suggestions, setSuggestions] = useState<string[]>([]);
  return (
    <AssistButton
      label="Suggest subject lines with AI"
      run={async () => {
        setSuggestions([]);
        const answer = await write({ task: 'subject-lines', title: str(values.name) || str(values.title), text: str(value) });
        setSuggestions([...new Set(answer.suggestions)]);
        return 'Suggested by AI: pick one.';
      }}
    >
      {suggestions.length > 0 && (
        <Group gap={6} justify="flex-end" data-testid="ai-suggestions">
          {suggestions.map((line) => (
            <Button
              key={line}
              size="compact-xs"
              variant="default"
              tt="none"
              onClick={() => {
                onChange(line);
                setSuggestions([]);
              }}
            >
              {line}
            </Button>
          ))}
        </Group>
      )}
    </AssistButton>
  );
}

/** A blog post's summary (excerpt), from its title and body. */
export function BlogSummaryAssist({ onChange, values }: FieldAssistProps) {
  return (
    <AssistButton
      label="Summarise with AI"
      run={async () => {
        const answer = await write({ task: 'blog-summary', title: str(values.title), text: plainText(values.body) });
        onChange(answer.text);
        return 'Written by AI: read it through before saving.';
      }}
    />
  );
}

/**
 * Alt text for an image field (one image, or each image of a gallery: one credit per image), from the
 * record's title and the file's name; the field keeps the shape it had (an object, a list, or their JSON text).
 */
export function AltTextAssist({ value, onChange, values }: FieldAssistProps) {
  const text = typeof value === 'string' ? value.trim() : null;
  // A bare URL has no alt text to write.
  if (text !== null && !text.startsWith('[') && !text.startsWith('{')) return null;
  const gallery = Array.isArray(value) || Boolean(text?.startsWith('['));
  const images: ImageValue[] = gallery ? toImages(value) : [toImage(value)].filter((i): i is ImageValue => Boolean(i));
  if (images.length === 0) return null;
  const label = images.length === 1 ? 'Write alt text with AI' : `Write ${images.length} alt texts with AI`;
  return (
    <AssistButton
      label={label}
      run={async () => {
        const written: ImageValue[] = [];
        // What was written before a refusal (credits run out midway) is kept.
        const apply = () => {
          const next = gallery ? [...written, ...images.slice(written.length)] : written[0];
          if (written.length) onChange(typeof value === 'string' ? JSON.stringify(next) : next);
        };
        try {
          for (const image of images) {
            const answer = await write({
              task: 'alt-text',
              title: str(values.title),
              text: [`File: ${fileWords(image.url)}`, image.alt && `Alt text so far: ${image.alt}`].filter(Boolean).join('\n'),
            });
            written.push({ ...image, alt: answer.text.slice(0, 300) });
          }
        } finally {
          apply();
        }
        return images.length === 1 ? 'Alt text written by AI.' : `${images.length} alt texts written by AI.`;
      }}
    />
  );
}
