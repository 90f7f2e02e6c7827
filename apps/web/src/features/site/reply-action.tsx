import { Button, Checkbox, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMail } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, request } from '../../api/client';
import type { Row } from '../../kit/resource-api';

/** Inbound lists a reply can answer (POST /api/v1/site/inbound/:list/:id/reply). */
export const REPLYABLE = new Set([
  'site/get-in-touch-messages',
  'site/design-support-requests',
  'site/career-applications',
  'site/catalogue-downloads',
  'site/event-registrations',
]);

/** What the visitor sent, as the subject of a reply names it. */
const TOPIC: Record<string, (row: Row) => string> = {
  'site/get-in-touch-messages': (row) => (typeof row.subject === 'string' && row.subject.trim() ? row.subject.trim() : 'your message'),
  'site/design-support-requests': () => 'your design request',
  'site/career-applications': (row) =>
    typeof row.position === 'string' && row.position ? `your application for ${row.position}` : 'your application',
  'site/catalogue-downloads': () => 'the catalogue you downloaded',
  'site/event-registrations': () => 'your event registration',
};

/** A reply's first draft: "Re: <topic>", and the visitor's words quoted below the cursor's place. */
export function replyDraft(resource: string, row: Row): { subject: string; message: string } {
  const subject = `Re: ${(TOPIC[resource] ?? (() => 'your message'))(row)}`;
  const said = typeof row.message === 'string' ? row.message.trim() : '';
  if (!said) return { subject, message: '' };
  const when = typeof row.createdAt === 'string' ? new Date(row.createdAt).toLocaleDateString() : '';
  const who = typeof row.name === 'string' && row.name ? row.name : 'you';
  const quoted = said
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');
  return { subject, message: `\n\n${when ? `On ${when}, ` : ''}${who} wrote:\n${quoted}` };
}

/** Reply by email to the visitor behind an inbound record; optionally mark it done. */
export function ReplyAction({ resource, row }: { resource: string; row: Row }) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [markDone, setMarkDone] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const email = String(row.email ?? '');
  if (!email) return null;

  async function send() {
    setSending(true);
    setErrors({});
    try {
      await request('POST', `/api/v1/site/inbound/${resource.replace(/^site\//, '')}/${row.id}/reply`, {
        body: { subject, message, ...(markDone ? { status: 'done' } : {}) },
      });
      notifications.show({ color: 'teal', title: 'Reply sent', message: `To ${email}` });
      await client.invalidateQueries({ queryKey: ['resource', resource] });
      setOpen(false);
      setSubject('');
      setMessage('');
    } catch (err) {
      if (err instanceof ApiError && err.fields) setErrors(err.fields);
      notifications.show({ color: 'red', title: 'Not sent', message: err instanceof ApiError ? err.message : 'Try again' });
    } finally {
      setSending(false);
    }
  }

  return (
    // The row opens the record on click: keep clicks here to the dialog.
    // biome-ignore lint/a11y/noStaticElementInteractions: only stops the row's click handler
    // biome-ignore lint/a11y/useKeyWithClickEvents: the button and dialog inside are keyboard-operable
    <span onClick={(e) => e.stopPropagation()}>
      <Button
        size="compact-xs"
        variant="subtle"
        leftSection={<IconMail size={12} aria-hidden />}
        onClick={() => {
          const draft = replyDraft(resource, row);
          setSubject(draft.subject);
          setMessage(draft.message);
          setOpen(true);
        }}
      >
        Reply
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Reply to ${email}`}>
        <Stack>
          <Text size="sm" c="dimmed">
            The email goes out from your community (and appears in the outbox).
          </Text>
          <TextInput label="Subject" required value={subject} onChange={(e) => setSubject(e.currentTarget.value)} error={errors.subject} />
          <Textarea
            label="Message"
            required
            autosize
            minRows={5}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            error={errors.message}
          />
          <Checkbox label="Mark as done" checked={markDone} onChange={(e) => setMarkDone(e.currentTarget.checked)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button onClick={send} loading={sending} disabled={!subject.trim() || !message.trim()}>
              Send reply
            </Button>
          </Group>
        </Stack>
      </Modal>
    </span>
  );
}
