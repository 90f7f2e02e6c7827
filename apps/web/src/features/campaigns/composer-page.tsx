import { Alert, Button, Card, Group, MultiSelect, NumberInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { recordHref } from '../../config/screen-types';
import { CodePicker } from '../../kit/code-picker';
import { FieldAssistSlot } from '../../kit/field-assists';
import { PageHeader } from '../../kit/page-header';
import {
  CHANNEL_LABEL,
  type Channel,
  campaignAction,
  createCampaign,
  getAudiences,
  getCampaign,
  getTemplates,
  reportHref,
  updateCampaign,
} from './campaigns-api';
import { browserZone, wallTimeToUtc } from './zoned-time';

/** The composer of one channel: template, overrides, sender, audiences, throttle; then save, schedule (a time in the campaign's time zone) or send. */
export function Composer({ channel }: { channel: Channel }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const editing = params.get('record');
  const templates = useQuery({ queryKey: ['campaigns', 'templates', channel], queryFn: () => getTemplates(channel) });
  const audiences = useQuery({ queryKey: ['campaigns', 'audiences', channel], queryFn: () => getAudiences(channel) });
  const existing = useQuery({
    queryKey: ['campaigns', 'campaign', editing],
    queryFn: () => getCampaign(editing!),
    enabled: Boolean(editing),
  });
  const e = existing.data;
  const [name, setName] = useState<string | null>(null);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [audienceIds, setAudienceIds] = useState<string[] | null>(null);
  const [subject, setSubject] = useState<string | null>(null);
  const [body, setBody] = useState<string | null>(null);
  const [fromName, setFromName] = useState<string | null>(null);
  const [throttle, setThrottle] = useState<number | string>('');
  const [when, setWhen] = useState<string | null>(null);
  const [zone, setZone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const values = {
    name: name ?? e?.name ?? '',
    templateId: templateId ?? e?.templateId ?? null,
    audienceIds: audienceIds ?? e?.audienceIds ?? [],
    subject: subject ?? e?.overrides?.subject ?? '',
    body: body ?? e?.overrides?.body ?? '',
    fromName: fromName ?? e?.sender?.fromName ?? '',
    // The zone a scheduled time is read in: the campaign's, or the browser's for a new one.
    timeZone: zone ?? e?.timeZone ?? browserZone(),
  };

  async function save(then: 'draft' | 'schedule' | 'launch') {
    setBusy(true);
    setError(null);
    try {
      const overrides: Record<string, string> = {};
      if (channel === 'email' && values.subject) overrides.subject = values.subject;
      if ((channel === 'sms' || channel === 'push') && values.body) overrides.body = values.body;
      const payload = {
        name: values.name,
        templateId: values.templateId,
        audienceIds: values.audienceIds,
        overrides,
        sender: channel === 'email' && values.fromName ? { fromName: values.fromName } : {},
        throttlePerSecond: throttle === '' ? null : Number(throttle),
        timeZone: values.timeZone,
      };
      const saved = editing ? await updateCampaign(editing, payload) : await createCampaign({ ...payload, channel });
      if (then === 'schedule')
        await campaignAction(saved.id, 'schedule', { scheduledAt: wallTimeToUtc(when!, values.timeZone).toISOString() });
      if (then === 'launch') await campaignAction(saved.id, 'launch');
      const done = channel === 'whatsapp' ? '/admin-panel/whatsappcampaign-complete' : '/admin-panel/marcom/success';
      navigate(then === 'draft' ? reportHref(saved.id) : recordHref(done)(saved.id));
    } catch (err) {
      const message = err instanceof ApiError ? err.message : 'Not saved';
      setError(message);
      if (then !== 'draft') navigate(`/admin-panel/marcom/failure?reason=${encodeURIComponent(message)}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageHeader
        title={`${CHANNEL_LABEL[channel]} campaign`}
        description="Choose a template and an audience, then send now or at a time."
      />
      <Card withBorder maw={760}>
        <Stack>
          {error && <Alert color="red">{error}</Alert>}
          <TextInput label="Campaign name" required value={values.name} onChange={(ev) => setName(ev.currentTarget.value)} />
          <Select
            label="Template"
            required
            searchable
            data={(templates.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
            value={values.templateId}
            onChange={setTemplateId}
          />
          {channel === 'email' && (
            <>
              <TextInput
                label="Subject (leave empty for the template's)"
                value={values.subject}
                onChange={(ev) => setSubject(ev.currentTarget.value)}
              />
              {/* Offers what other areas declare for a campaign's subject (AI suggestions, when on). */}
              <FieldAssistSlot
                resource="campaigns/campaigns"
                field={{ key: 'subject', label: 'Subject' }}
                value={values.subject}
                onChange={(v) => setSubject(String(v))}
                values={values}
              />
              <TextInput label="From name" value={values.fromName} onChange={(ev) => setFromName(ev.currentTarget.value)} />
            </>
          )}
          {(channel === 'sms' || channel === 'push') && (
            <Textarea
              label="Message (leave empty for the template's)"
              value={values.body}
              onChange={(ev) => setBody(ev.currentTarget.value)}
            />
          )}
          <MultiSelect
            searchable
            label={channel === 'push' ? 'Audiences (none: every subscribed browser)' : 'Audiences'}
            data={(audiences.data ?? []).map((a) => ({ value: a.id, label: `${a.name} (${a.contactCount ?? '?'})` }))}
            value={values.audienceIds}
            onChange={setAudienceIds}
          />
          <NumberInput label="Messages per second (optional)" min={1} max={10000} value={throttle} onChange={setThrottle} />
          <Group grow align="flex-start">
            <DateTimePicker label="Send at (for a scheduled send)" value={when} onChange={(v) => setWhen(v as string | null)} clearable />
            <CodePicker kind="timezone" label="Time zone" value={values.timeZone} onChange={(v) => setZone(v)} allowDeselect={false} />
          </Group>
          <Group>
            <Button variant="default" loading={busy} onClick={() => save('draft')}>
              Save draft
            </Button>
            <Button variant="light" loading={busy} disabled={!when} onClick={() => save('schedule')}>
              Schedule
            </Button>
            <Button loading={busy} onClick={() => save('launch')}>
              Send now
            </Button>
          </Group>
        </Stack>
      </Card>
    </>
  );
}

export const EmailComposer = () => <Composer channel="email" />;
export const SmsComposer = () => <Composer channel="sms" />;
export const PushComposer = () => <Composer channel="push" />;
export const WhatsappComposer = () => <Composer channel="whatsapp" />;
export default EmailComposer;
