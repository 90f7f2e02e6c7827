import type { FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import { type Mailer, OutboundError, outboundFor } from '../../../../kernel/messaging';
import { boundToDatabase, type Database } from '../../../../kernel/resources';
import { secretBoxFor } from '../../../../kernel/secrets';
import { openSettings } from '../settings/store';
import { createHttpSmsClient } from './http-sms';
import { outboxResult } from './outbox';
import { ProviderError, type SendResult } from './types';
import { createWhatsappCloudClient } from './whatsapp-cloud';

// Sends one message through the channel the community configured: its HTTP SMS gateway, its SMTP
// server or the installation's mail (kernel/messaging), its WhatsApp Cloud API number, or the
// development outbox. Reached from anything holding the app's database (resource hooks, routes):
// the settings' secrets are opened with the box the kernel binds to that database (secretBoxFor);
// the installation's mailer and sender address are bound here when the routes are registered.

interface Sender {
  mailer: Mailer;
  mailFrom: string;
}

const senders = boundToDatabase<Sender>('channel sender');

export function bindChannelSender(app: FastifyInstance): void {
  senders.bind(app.db, { mailer: app.mailer, mailFrom: app.config.mailFrom });
}

export const senderFor = (db: Database): Sender => senders.of(db);

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export async function sendEmail(db: Database, tenantId: string, email: OutgoingEmail): Promise<SendResult> {
  const { mailer, mailFrom } = senderFor(db);
  const settings = await db.withTenant(tenantId, (tx) => openSettings(secretBoxFor(db), tx, tenantId, 'email'));
  const config = settings.config as {
    host?: string;
    port?: number;
    secure?: boolean;
    username?: string;
    identities?: { name: string; address: string }[];
    dkimDomain?: string;
    dkimSelector?: string;
  };
  const identity = config.identities?.[0];
  if (settings.provider !== 'smtp') {
    // The installation's mail: recorded in the outbox and delivered by its SMTP when it has one.
    const id = await db.withTenant(tenantId, (tx) => mailer.enqueue(tx, tenantId, email));
    return { status: mailer.transport === 'smtp' ? 'queued' : 'outbox', provider: 'installation', providerMessageId: id };
  }
  const smtpError = (message: string) => new ProviderError('SMTP server', 'provider_refused', message);
  // Checked again now (the name may resolve elsewhere than at save) and connected to by the checked
  // address, so no later lookup can send the socket somewhere else.
  const port = config.port ?? 587;
  const target = await outboundFor(db)
    .resolveSmtp(String(config.host), port)
    .catch((error: unknown) => {
      if (error instanceof OutboundError && error.kind === 'refused')
        throw new ProviderError('SMTP server', 'provider_address_refused', error.message);
      throw smtpError(UNREACHABLE);
    });
  const transport = nodemailer.createTransport({
    host: target.address,
    ...(target.servername ? { servername: target.servername } : {}),
    port,
    secure: config.secure ?? false,
    auth: config.username ? { user: config.username, pass: settings.secrets.password ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 15_000,
    ...(settings.secrets.dkimPrivateKey && config.dkimDomain && config.dkimSelector
      ? { dkim: { domainName: config.dkimDomain, keySelector: config.dkimSelector, privateKey: settings.secrets.dkimPrivateKey } }
      : {}),
  });
  try {
    const info = await transport.sendMail({
      from: identity ? { name: identity.name, address: identity.address } : mailFrom,
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
    });
    return { status: 'sent', provider: 'smtp', providerMessageId: String(info.messageId ?? '') };
  } catch (error) {
    throw smtpError(smtpFailure(error));
  } finally {
    transport.close();
  }
}

const UNREACHABLE = 'The SMTP server could not be reached or did not answer as a mail server: check its host, port and security setting';

/**
 * What a failed send tells the user: whether the server refused the sign-in or the message, and
 * otherwise one sentence for every connection failure. The socket's own error (refused, reset,
 * timed out, an answer that is not SMTP) would tell closed, open and non-mail ports apart.
 */
function smtpFailure(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === 'EAUTH') return 'The SMTP server refused the username or password';
  if (code === 'EENVELOPE' || code === 'EMESSAGE') return 'The SMTP server refused the message';
  return UNREACHABLE;
}

export interface OutgoingSmsMessage {
  to: string;
  text: string;
  senderId?: string | null;
  dltTemplateId?: string | null;
}

export async function sendSms(db: Database, tenantId: string, sms: OutgoingSmsMessage): Promise<SendResult> {
  const settings = await db.withTenant(tenantId, (tx) => openSettings(secretBoxFor(db), tx, tenantId, 'sms'));
  if (settings.provider !== 'http') return outboxResult();
  const config = settings.config as { baseUrl: string; senderId: string; username?: string };
  const client = createHttpSmsClient({
    baseUrl: config.baseUrl,
    apiKey: settings.secrets.apiKey ?? '',
    username: config.username,
    outbound: outboundFor(db),
  });
  return client.send({ to: sms.to, text: sms.text, from: sms.senderId || config.senderId, templateId: sms.dltTemplateId });
}

/** The community's WhatsApp Cloud API client, or null while WhatsApp is on the development outbox. */
export async function whatsappClientFor(db: Database, tenantId: string) {
  const settings = await db.withTenant(tenantId, (tx) => openSettings(secretBoxFor(db), tx, tenantId, 'whatsapp'));
  if (settings.provider !== 'cloud_api') return null;
  const config = settings.config as { graphUrl: string; phoneNumberId: string; businessAccountId: string; appId?: string };
  return createWhatsappCloudClient({
    ...config,
    appId: config.appId || undefined,
    accessToken: settings.secrets.accessToken ?? '',
    outbound: outboundFor(db),
  });
}
