import nodemailer from 'nodemailer';
import { type Outbound, OutboundError } from '../../../kernel/messaging';
import { buildMime, plainAddresses } from './mime';
import { type ChannelProvider, type OutgoingMessage, SendFailure } from './types';

// Email over SMTP through one pooled nodemailer transport per send slice (a few connections kept
// open, many messages each). Every message carries a Message-ID made from its recipient's key, so a
// message sent again after a crash (its row left `sending`) is the same message to the receiver.

export interface SmtpOptions {
  /** An smtp:// URL (the installation's) or a host and port (a community's, held to the outbound policy). */
  url?: string;
  host?: string;
  port?: number;
  secure?: boolean;
  username?: string;
  password?: string;
  dkim?: { domainName: string; keySelector: string; privateKey: string };
  from: { name: string; address: string };
  /** The domain of Message-IDs. */
  messageIdDomain: string;
  outbound?: Outbound;
  maxConnections?: number;
}

/** SMTP reply codes: 4xx and connection trouble are transient, 5xx permanent. */
function failureOf(error: unknown): SendFailure {
  const e = error as { responseCode?: number; code?: string; message?: string };
  const message = e.responseCode
    ? `SMTP ${e.responseCode}: ${String(e.message ?? '').slice(0, 200)}`
    : `SMTP: ${e.code ?? 'connection failed'}`;
  if (e.code === 'EAUTH') return new SendFailure('permanent', 'The SMTP server refused the username or password');
  if (e.responseCode && e.responseCode >= 500) return new SendFailure('permanent', message);
  // 421: the server sheds load (come back later); other 4xx: this message, try again.
  if (e.responseCode === 421) return new SendFailure('rate_limited', message, 10_000);
  return new SendFailure('transient', message);
}

/** Pooled connections to the SMTP server per sender, and messages in flight on each. */
export const SMTP_CONNECTIONS = 8;
export const SMTP_IN_FLIGHT_PER_CONNECTION = 4;

export async function openSmtp(options: SmtpOptions): Promise<ChannelProvider> {
  let target: { host: string; servername?: string; port: number } | null = null;
  if (!options.url) {
    const port = options.port ?? 587;
    try {
      const resolved = await options.outbound!.resolveSmtp(String(options.host), port);
      target = { host: resolved.address, servername: resolved.servername, port };
    } catch (error) {
      if (error instanceof OutboundError && error.kind === 'refused') throw new SendFailure('permanent', error.message);
      throw new SendFailure('transient', 'The SMTP server could not be reached');
    }
  }
  const maxConnections = options.maxConnections ?? SMTP_CONNECTIONS;
  const common = {
    pool: true as const,
    maxConnections,
    maxMessages: Number.POSITIVE_INFINITY,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    ...(options.dkim ? { dkim: options.dkim } : {}),
  };
  // The URL goes inside the options: nodemailer takes a second argument as the messages' defaults,
  // not the transport's, so `createTransport(url, { pool: true })` opened a connection per message.
  const transport = options.url
    ? nodemailer.createTransport({ ...common, url: options.url })
    : nodemailer.createTransport({
        ...common,
        host: target!.host,
        ...(target!.servername ? { servername: target!.servername } : {}),
        port: target!.port,
        secure: options.secure ?? false,
        auth: options.username ? { user: options.username, pass: options.password ?? '' } : undefined,
      });
  return {
    name: 'smtp',
    channel: 'email',
    concurrency: maxConnections * SMTP_IN_FLIGHT_PER_CONNECTION,
    async send(message: OutgoingMessage) {
      const messageId = `<${message.key}@${options.messageIdDomain}>`;
      const from = { name: message.fromName || options.from.name, address: message.fromEmail || options.from.address };
      const mail = { messageId, from, to: message.to, replyTo: message.replyTo, subject: message.subject ?? '' };
      try {
        if (plainAddresses(mail)) {
          // The common case: the source built in one piece (mime.ts), the envelope given with it.
          await transport.sendMail({
            messageId,
            envelope: { from: from.address, to: [message.to] },
            raw: buildMime({ ...mail, text: message.text, html: message.html, headers: message.headers }),
          });
        } else {
          await transport.sendMail({
            ...mail,
            text: message.text,
            html: message.html,
            headers: message.headers,
          });
        }
      } catch (error) {
        throw failureOf(error);
      }
      return { providerMessageId: messageId };
    },
    async close() {
      transport.close();
    },
  };
}
