import { Alert, Button, Group, Paper, SegmentedControl, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { RelationSelect } from '../../../kit/relation-select';
import { getRecord } from '../../../kit/resource-api';
import { ResourceScreen } from '../../../kit/resource-screen';
import { sendCcMessage } from './channels-api';
import { SmsCounter } from './sms-body-field';

const RESOURCE = 'marketing/cc-messages';

/** Compose one email or SMS: a contact or a typed address, optionally an SMS template, merge tags filled on send. */
function Compose() {
  const client = useQueryClient();
  const [channel, setChannel] = useState<'email' | 'sms'>('email');
  const [contactId, setContactId] = useState<string | null>(null);
  const [to, setTo] = useState('');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [templateId, setTemplateId] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: () =>
      sendCcMessage({
        channel,
        ...(contactId ? { contactId } : { to }),
        ...(channel === 'email' ? { subject } : {}),
        ...(body.trim() ? { body } : {}),
        ...(channel === 'sms' && templateId ? { smsTemplateId: templateId } : {}),
      }),
    onSuccess: (row) => {
      notifications.show({ color: 'teal', message: `Message to ${String(row.to)} recorded; see its status below` });
      setBody('');
      setSubject('');
      client.invalidateQueries({ queryKey: ['resource', RESOURCE] });
    },
  });
  const error = send.error instanceof ApiError ? send.error : null;
  const chooseTemplate = async (id: string | null) => {
    setTemplateId(id);
    if (id) setBody(String((await getRecord('marketing/sms-templates', id)).body ?? ''));
  };
  return (
    <Paper withBorder p="md" mb="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          send.mutate();
        }}
      >
        <Stack gap="sm" maw={640}>
          <SegmentedControl
            w="fit-content"
            value={channel}
            onChange={(v) => setChannel(v as 'email' | 'sms')}
            data={[
              { value: 'email', label: 'Email' },
              { value: 'sms', label: 'SMS' },
            ]}
            aria-label="Channel"
          />
          <Group grow align="start">
            <RelationSelect
              label="Contact"
              resource="marketing/contacts"
              value={contactId}
              onChange={setContactId}
              error={error?.fields?.contactId}
            />
            <TextInput
              label={channel === 'email' ? 'Or an email address' : 'Or a phone number'}
              placeholder={channel === 'email' ? 'name@example.com' : '+91 98450 12345'}
              value={to}
              disabled={Boolean(contactId)}
              onChange={(e) => setTo(e.currentTarget.value)}
              error={error?.fields?.to}
            />
          </Group>
          {channel === 'sms' && (
            <RelationSelect
              label="SMS template (optional)"
              resource="marketing/sms-templates"
              value={templateId}
              onChange={chooseTemplate}
            />
          )}
          {channel === 'email' && (
            <TextInput
              label="Subject"
              required
              value={subject}
              onChange={(e) => setSubject(e.currentTarget.value)}
              error={error?.fields?.subject}
            />
          )}
          <div>
            <Textarea
              label="Message"
              description="Merge tags like {{ first_name }} are filled for the contact"
              autosize
              minRows={4}
              value={body}
              onChange={(e) => setBody(e.currentTarget.value)}
              error={error?.fields?.body}
            />
            {channel === 'sms' && <SmsCounter text={body} />}
          </div>
          {error && !error.fields && (
            <Alert color="red" role="alert">
              {error.message}
            </Alert>
          )}
          <Button type="submit" loading={send.isPending} w="fit-content">
            Send {channel === 'email' ? 'email' : 'SMS'}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

/** Control-center messages: compose a one-off email or SMS, and the history with each message's outcome. */
export default function CcMessagesPage() {
  return (
    <ResourceScreen
      resource={RESOURCE}
      title="Messages"
      description="One-off email or SMS to a contact, sent through the channel's provider (or recorded in the outbox). Suppressed and opted-out addresses are refused."
      readOnly
    >
      <Compose />
    </ResourceScreen>
  );
}
