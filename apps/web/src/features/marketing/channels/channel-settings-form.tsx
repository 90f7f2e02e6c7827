import {
  Alert,
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  PasswordInput,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../api/client';
import { useMe } from '../../../api/get-me';
import { PageHeader } from '../../../kit/page-header';
import { getToken } from '../../../lib/session';
import {
  type ChannelSettings,
  generateVapidKeys,
  getChannelSettings,
  type SettingsChannel,
  saveChannelSettings,
  settingsKey,
} from './channels-api';
import { SenderIdentities } from './sender-identities';
import { CHANNEL_LABELS, CONFIG_FIELDS, SECRET_LABELS } from './settings-fields';

const DESCRIPTIONS: Record<SettingsChannel, string> = {
  email: 'Send through the installation’s mail or your own SMTP server, from your sender identities, optionally signed with DKIM.',
  sms: 'An HTTP SMS gateway with its address, credentials and sender id; or the outbox, which records messages without sending them.',
  whatsapp:
    'WhatsApp Cloud API: phone number id, business account id, access token, and the webhook’s verify token and app secret (template approvals arrive at once); or the outbox.',
  push: 'Web push with this community’s own VAPID keys: the public key goes to your website, the private key stays sealed here.',
};

/**
 * One channel's settings: the provider, its shown settings and its secrets. A stored secret is only
 * ever shown as its mask; typing a new value replaces it, leaving the field empty keeps it.
 */
export function ChannelSettingsForm({ channel }: { channel: SettingsChannel }) {
  const client = useQueryClient();
  const settings = useQuery({ queryKey: settingsKey(channel), queryFn: () => getChannelSettings(channel) });
  const [provider, setProvider] = useState<string | null>(null);
  const [config, setConfig] = useState<Record<string, unknown>>({});
  const [secrets, setSecrets] = useState<Record<string, string>>({});
  const current = settings.data;

  useEffect(() => {
    if (!current) return;
    setProvider(current.provider);
    setConfig(current.config);
    setSecrets({});
  }, [current]);

  const saved = (data: ChannelSettings, message: string) => {
    client.setQueryData(settingsKey(channel), data);
    notifications.show({ color: 'teal', message });
  };
  const save = useMutation({
    mutationFn: () => saveChannelSettings(channel, { provider: provider ?? current?.provider ?? '', config, secrets }),
    onSuccess: (data) => saved(data, `${CHANNEL_LABELS[channel]} settings saved`),
  });
  const rotate = useMutation({ mutationFn: generateVapidKeys, onSuccess: (data) => saved(data, 'New VAPID keys generated') });

  if (settings.isPending) return <Loader aria-label="Loading" />;
  if (!current) return <Alert color="red">The settings could not be loaded.</Alert>;
  const chosen = provider ?? current.provider;
  const info = current.providers.find((p) => p.key === chosen);
  const fields = CONFIG_FIELDS[channel][chosen] ?? [];
  const error = save.error instanceof ApiError ? save.error : null;
  const fieldError = (key: string) => error?.fields?.[key];
  const sameProvider = chosen === current.provider;

  return (
    <Stack gap="md">
      <PageHeader title={`${CHANNEL_LABELS[channel]} settings`} description={DESCRIPTIONS[channel]} />
      <Paper withBorder p="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate();
          }}
        >
          <Stack gap="sm" maw={560}>
            {current.providers.length > 1 && (
              <Select
                label="Provider"
                data={current.providers.map((p) => ({ value: p.key, label: p.label }))}
                value={chosen}
                onChange={(value) => value && setProvider(value)}
                allowDeselect={false}
                error={fieldError('provider')}
              />
            )}
            {fields.map((f) =>
              f.kind === 'switch' ? (
                <Switch
                  key={f.key}
                  label={f.label}
                  checked={Boolean(config[f.key])}
                  onChange={(e) => setConfig({ ...config, [f.key]: e.currentTarget.checked })}
                />
              ) : f.kind === 'number' ? (
                <NumberInput
                  key={f.key}
                  label={f.label}
                  description={f.help}
                  value={typeof config[f.key] === 'number' ? (config[f.key] as number) : ''}
                  onChange={(v) => setConfig({ ...config, [f.key]: typeof v === 'number' ? v : undefined })}
                  error={fieldError(`config.${f.key}`)}
                />
              ) : (
                <TextInput
                  key={f.key}
                  label={f.label}
                  description={f.help}
                  placeholder={f.placeholder}
                  required={f.required}
                  value={String(config[f.key] ?? '')}
                  onChange={(e) => setConfig({ ...config, [f.key]: e.currentTarget.value || undefined })}
                  error={fieldError(`config.${f.key}`)}
                />
              ),
            )}
            {channel === 'email' && (
              <SenderIdentities
                value={(config.identities as { name: string; address: string }[] | undefined) ?? []}
                onChange={(identities) => setConfig({ ...config, identities })}
                error={fieldError('config.identities')}
              />
            )}
            {channel !== 'push' &&
              (info?.secrets ?? []).map((key) => {
                const mask = sameProvider ? current.secrets[key] : undefined;
                return (
                  <PasswordInput
                    key={key}
                    label={SECRET_LABELS[key] ?? key}
                    description={mask ? `Stored: ${mask}. Leave empty to keep it.` : 'Stored encrypted; never shown again.'}
                    autoComplete="new-password"
                    value={secrets[key] ?? ''}
                    onChange={(e) => setSecrets({ ...secrets, [key]: e.currentTarget.value })}
                    error={fieldError(`secrets.${key}`)}
                    data-testid={`secret-${key}`}
                  />
                );
              })}
            {channel === 'push' && <VapidKey settings={current} onRotate={() => rotate.mutate()} rotating={rotate.isPending} />}
            {channel === 'whatsapp' && chosen === 'cloud_api' && <WhatsappWebhook />}
            {error && !error.fields && (
              <Alert color="red" role="alert">
                {error.message}
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={save.isPending}>
                Save settings
              </Button>
              {current.updatedAt && (
                <Text size="xs" c="dimmed">
                  Last saved {new Date(current.updatedAt).toLocaleString()}
                </Text>
              )}
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

function VapidKey({ settings, onRotate, rotating }: { settings: ChannelSettings; onRotate: () => void; rotating: boolean }) {
  const publicKey = typeof settings.config.publicKey === 'string' ? settings.config.publicKey : null;
  return (
    <Stack gap={4}>
      {publicKey ? (
        <Textarea
          label="VAPID public key"
          description="Give it to your website's push subscription code"
          readOnly
          autosize
          value={publicKey}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          data-testid="vapid-public-key"
        />
      ) : (
        <Text size="sm" c="dimmed">
          No keys yet: saving generates them.
        </Text>
      )}
      {settings.secrets.vapidPrivateKey && (
        <Text size="xs" c="dimmed">
          Private key: {settings.secrets.vapidPrivateKey} (sealed)
        </Text>
      )}
      <Group>
        <Button variant="default" size="xs" onClick={onRotate} loading={rotating}>
          Generate new keys
        </Button>
        <Text size="xs" c="dimmed">
          Browsers subscribed with the old key must subscribe again.
        </Text>
      </Group>
    </Stack>
  );
}

/** Where Meta's app sends the WhatsApp webhook (its callback URL): this community's public address. */
function WhatsappWebhook() {
  const me = useMe(getToken());
  const community = me.data?.community.name;
  if (!community) return null;
  return (
    <TextInput
      label="Webhook callback URL"
      description="In the Meta app's WhatsApp webhook, with the verify token above; subscribe to message_template_status_update"
      readOnly
      value={`${window.location.origin}/public/${community}/marketing/whatsapp/webhook`}
      data-testid="whatsapp-webhook-url"
    />
  );
}
