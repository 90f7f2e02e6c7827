import { and, eq } from 'drizzle-orm';
import webpush from 'web-push';
import { recordAudit } from '../../../../kernel/events';
import { outboundFor } from '../../../../kernel/messaging';
import { type Db, errors, parseInput, type Scope, tenantFilter } from '../../../../kernel/resources';
import { maskAll, type SecretBox } from '../../../../kernel/secrets';
import { marketingChannelSettings, type SettingsChannel } from '../../tables/channels';
import { addressKeys, DEFAULT_PROVIDER, PROVIDERS, type ProviderShape, type SettingsInput } from './schemas';

// A channel's settings: read masked, saved with their secrets sealed (merged over the stored ones,
// send only what changes), opened in clear only for a provider call.

const AUDIT_RESOURCE = 'marketing/channel-settings';
/** The associated data the secrets are sealed with: they open only for this community and channel. */
const sealContext = (tenantId: string, channel: SettingsChannel) => `${tenantId}:marketing_channel_settings:${channel}`;

type SettingsRow = typeof marketingChannelSettings.$inferSelect;

/** What the API shows of a channel's settings: never a secret, only its mask. */
export interface SettingsView {
  channel: SettingsChannel;
  provider: string;
  providers: { key: string; label: string; secrets: string[] }[];
  config: Record<string, unknown>;
  secrets: Record<string, string>;
  configured: boolean;
  updatedAt: string | null;
}

/** The settings with their secrets opened, for a provider call (never for a client). */
export interface OpenSettings {
  provider: string;
  config: Record<string, unknown>;
  secrets: Record<string, string>;
}

async function rowOf(tx: Db, tenantId: string, channel: SettingsChannel): Promise<SettingsRow | undefined> {
  const [row] = await tx
    .select()
    .from(marketingChannelSettings)
    .where(and(tenantFilter(marketingChannelSettings, tenantId), eq(marketingChannelSettings.channel, channel)));
  return row;
}

function viewOf(channel: SettingsChannel, row: SettingsRow | undefined): SettingsView {
  return {
    channel,
    provider: row?.provider ?? DEFAULT_PROVIDER[channel],
    providers: Object.entries(PROVIDERS[channel]).map(([key, p]) => ({ key, label: p.label, secrets: Object.keys(p.secrets.shape) })),
    config: row?.config ?? {},
    secrets: row?.secretsMasked ?? {},
    configured: row !== undefined,
    updatedAt: row?.updatedAt ? row.updatedAt.toISOString() : null,
  };
}

export async function readSettings(tx: Db, tenantId: string, channel: SettingsChannel): Promise<SettingsView> {
  return viewOf(channel, await rowOf(tx, tenantId, channel));
}

export async function openSettings(box: SecretBox, tx: Db, tenantId: string, channel: SettingsChannel): Promise<OpenSettings> {
  const row = await rowOf(tx, tenantId, channel);
  if (!row) return { provider: DEFAULT_PROVIDER[channel], config: {}, secrets: {} };
  const secrets = row.secretsSealed
    ? (JSON.parse(box.open(row.secretsSealed, sealContext(tenantId, channel))) as Record<string, string>)
    : {};
  return { provider: row.provider, config: row.config, secrets };
}

/**
 * Validates the settings for the chosen provider, merges the secrets over the stored ones (a
 * provider change starts from none), seals them and stores the row; audited with masks only.
 */
export async function saveSettings(
  box: SecretBox,
  tx: Db,
  scope: Scope,
  channel: SettingsChannel,
  input: SettingsInput,
): Promise<SettingsView> {
  const existing = await rowOf(tx, scope.tenantId, channel);
  const provider = input.provider ?? existing?.provider ?? DEFAULT_PROVIDER[channel];
  const shape = PROVIDERS[channel][provider];
  if (!shape) {
    throw errors.validation({ provider: `One of: ${Object.keys(PROVIDERS[channel]).join(', ')}` }, `Unknown ${channel} provider`);
  }
  const { publicKey: _ignored, ...configIn } = input.config;
  const config = prefixed('config', () => parseInput(shape.config, configIn) as Record<string, unknown>);
  await refuseNonPublicAddresses(scope, shape, config);
  // Push keys are generated here, never typed in: a save keeps them (or makes the first pair).
  if (channel === 'push') {
    if (!existing?.secretsSealed) return generateVapidKeys(box, tx, scope, String(config.subject));
    config.publicKey = existing.config.publicKey;
    return write(tx, scope, channel, existing, {
      provider,
      config,
      secretsSealed: existing.secretsSealed,
      secretsMasked: existing.secretsMasked,
    });
  }
  const stored = existing?.provider === provider ? (await openSettings(box, tx, scope.tenantId, channel)).secrets : {};
  const kept = keptSecrets(shape, existing?.config ?? {}, config, stored, input.secrets);
  const merged = Object.fromEntries(Object.entries({ ...kept, ...input.secrets }).filter(([, v]) => v !== ''));
  const secrets = prefixed('secrets', () => parseInput(shape.secrets, merged) as Record<string, string>);
  const missing = shape.requiredSecrets.filter((k) => !secrets[k]);
  if (missing.length > 0)
    throw errors.validation(Object.fromEntries(missing.map((k) => [`secrets.${k}`, 'Required'])), `${shape.label} needs its credentials`);
  const values = {
    provider,
    config,
    secretsSealed: Object.keys(secrets).length > 0 ? box.seal(JSON.stringify(secrets), sealContext(scope.tenantId, channel)) : null,
    secretsMasked: maskAll(secrets),
  };
  return write(tx, scope, channel, existing, values);
}

/**
 * The server will connect to these addresses: held to the kernel's outbound policy (public
 * addresses; https for web addresses, a mail port for SMTP), each refusal named by its field.
 */
async function refuseNonPublicAddresses(scope: Scope, shape: ProviderShape, config: Record<string, unknown>): Promise<void> {
  const outbound = outboundFor(scope.db);
  const refused: Record<string, string> = {};
  for (const address of shape.called ?? []) {
    if ('url' in address) {
      const problem = typeof config[address.url] === 'string' ? await outbound.check(config[address.url] as string) : null;
      if (problem) refused[`config.${address.url}`] = problem;
    } else {
      const problem = await outbound.checkSmtp(String(config[address.smtpHost]), Number(config[address.smtpPort]));
      if (problem) refused[`config.${problem.on === 'port' ? address.smtpPort : address.smtpHost}`] = problem.message;
    }
  }
  if (Object.keys(refused).length > 0) throw errors.validation(refused, Object.values(refused)[0]);
}

/**
 * The stored secrets this save keeps. A secret is bound to the address it is sent to: a save that
 * changes that address (a gateway's URL, an SMTP host or port) drops it, so whoever may edit the
 * settings cannot point a stored key at a server of theirs. It must be entered again in the same
 * save (or cleared with ''); otherwise the save is refused naming it, as payment consoles ask for
 * a key again rather than carry it to a new endpoint.
 */
function keptSecrets(
  shape: ProviderShape,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  stored: Record<string, string>,
  entered: Record<string, string>,
): Record<string, string> {
  const kept = { ...stored };
  const reenter: Record<string, string> = {};
  for (const address of shape.called ?? []) {
    const keys = addressKeys(address);
    if (keys.every((k) => String(before[k] ?? '') === String(after[k] ?? ''))) continue;
    for (const secret of address.sends) {
      if (!(secret in stored)) continue;
      delete kept[secret];
      if (!(secret in entered))
        reenter[`secrets.${secret}`] =
          `Enter it again: it is sent to ${keys.map((k) => `config.${k}`).join(' and ')}, which this save changes`;
    }
  }
  if (Object.keys(reenter).length > 0) throw errors.validation(reenter, 'A changed address needs its credentials entered again');
  return kept;
}

/** New VAPID keys for the community's web push: the public key is shown, the private key sealed. */
export async function generateVapidKeys(box: SecretBox, tx: Db, scope: Scope, subject?: string): Promise<SettingsView> {
  const existing = await rowOf(tx, scope.tenantId, 'push');
  const keys = webpush.generateVAPIDKeys();
  const secrets = { vapidPrivateKey: keys.privateKey };
  return write(tx, scope, 'push', existing, {
    provider: 'webpush',
    config: { subject: subject ?? existing?.config.subject ?? 'mailto:admin@atrium.local', publicKey: keys.publicKey },
    secretsSealed: box.seal(JSON.stringify(secrets), sealContext(scope.tenantId, 'push')),
    secretsMasked: maskAll(secrets),
  });
}

async function write(
  tx: Db,
  scope: Scope,
  channel: SettingsChannel,
  existing: SettingsRow | undefined,
  values: Pick<SettingsRow, 'provider' | 'config' | 'secretsSealed' | 'secretsMasked'>,
): Promise<SettingsView> {
  const [row] = existing
    ? await tx
        .update(marketingChannelSettings)
        .set({ ...values, updatedAt: new Date() })
        .where(and(tenantFilter(marketingChannelSettings, scope.tenantId), eq(marketingChannelSettings.id, existing.id)))
        .returning()
    : await tx
        .insert(marketingChannelSettings)
        .values({ tenantId: scope.tenantId, channel, ...values })
        .returning();
  const before = existing ? viewOf(channel, existing) : undefined;
  const after = viewOf(channel, row);
  await recordAudit(tx, scope, [
    {
      action: existing ? 'update' : 'create',
      resource: AUDIT_RESOURCE,
      recordId: row.id,
      before: before && { provider: before.provider, config: before.config, secrets: before.secrets },
      after: { provider: after.provider, config: after.config, secrets: after.secrets },
    },
  ]);
  return after;
}

/** A validation error of a nested object, its fields named under `prefix` (config.host). */
function prefixed<T>(prefix: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    const fields = (error as { fields?: Record<string, string> }).fields;
    if (!fields) throw error;
    throw errors.validation(Object.fromEntries(Object.entries(fields).map(([k, v]) => [`${prefix}.${k}`, v])), (error as Error).message);
  }
}
