import { randomBytes } from 'node:crypto';
import { encodeWords, quoteString } from 'nodemailer/lib/mime-funcs';
import { encode as qpEncode, wrap as qpWrap } from 'nodemailer/lib/qp';

// A campaign email's MIME source, built in one string: nodemailer's composer builds a tree of
// stream nodes per message and writes each header and part to the socket as its own chunk, which
// was most of an email's CPU in a send (bench/campaign-send.ts). A campaign's message is always the
// same shape (headers, a text part and an HTML part, no attachments), so it is written directly and
// handed to the SMTP pool as `raw`: the pool, dot-stuffing and DKIM signing stay nodemailer's.
// An address that is not plain ASCII (an internationalised domain or mailbox) is left to the
// composer, which knows punycode and SMTPUTF8 (`plainAddresses`).

export interface MimeMessage {
  messageId: string;
  from: { name: string; address: string };
  to: string;
  replyTo?: string;
  subject: string;
  text?: string;
  html?: string;
  headers?: Record<string, string>;
  /** Its Date header (default: now). */
  date?: Date;
}

const ASCII_ADDRESS = /^[\x21-\x7e]+@[\x21-\x7e]+$/;

/** True when every address of the message may be written as is (else the composer handles it). */
export const plainAddresses = (m: Pick<MimeMessage, 'from' | 'to' | 'replyTo'>) =>
  ASCII_ADDRESS.test(m.from.address) && ASCII_ADDRESS.test(m.to) && (!m.replyTo || ASCII_ADDRESS.test(m.replyTo));

/** A header line's value: plain ASCII as is, anything else as RFC 2047 encoded words; no line breaks. */
const headerText = (value: string) => encodeWords(value.replace(/[\r\n]+/g, ' '), 'Q', 52);

const mailbox = (name: string, address: string) => {
  if (!name) return address;
  const clean = name.replace(/[\r\n]+/g, ' ');
  // A display name of printable ASCII is quoted (it may hold specials); any other is encoded words.
  return /^[\x20-\x7e]*$/.test(clean) ? `${quoteString(clean)} <${address}>` : `${encodeWords(clean, 'Q', 52, true)} <${address}>`;
};

const PLAIN_7BIT = /^[\t\x20-\x7e\r\n]*$/;

/** A body part: 7bit when it is ASCII in lines of at most 76 characters (as nodemailer chooses), else quoted-printable. */
function part(type: string, body: string): string {
  const crlf = body.replace(/\r?\n/g, '\r\n');
  if (PLAIN_7BIT.test(crlf) && crlf.split('\r\n').every((line) => line.length <= 76)) {
    return `Content-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: 7bit\r\n\r\n${crlf}`;
  }
  return `Content-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n${qpWrap(qpEncode(crlf), 76)}`;
}

const RESERVED = new Set([
  'from',
  'to',
  'reply-to',
  'subject',
  'message-id',
  'date',
  'mime-version',
  'content-type',
  'content-transfer-encoding',
]);
const boundaryPrefix = `--_atrium_${randomBytes(6).toString('hex')}_`;

/** The message's source (CRLF line ends), ready for SMTP DATA. */
export function buildMime(m: MimeMessage): string {
  const lines = [
    `From: ${mailbox(m.from.name, m.from.address)}`,
    `To: ${m.to}`,
    ...(m.replyTo ? [`Reply-To: ${m.replyTo}`] : []),
    `Subject: ${headerText(m.subject)}`,
    `Message-ID: ${m.messageId}`,
    `Date: ${(m.date ?? new Date()).toUTCString().replace(/GMT/, '+0000')}`,
    'MIME-Version: 1.0',
  ];
  for (const [name, value] of Object.entries(m.headers ?? {})) {
    if (!/^[\x21-\x39\x3b-\x7e]+$/.test(name) || RESERVED.has(name.toLowerCase())) continue;
    lines.push(`${name}: ${headerText(value)}`);
  }
  const parts = [...(m.text ? [part('text/plain', m.text)] : []), ...(m.html ? [part('text/html', m.html)] : [])];
  if (parts.length === 0) parts.push(part('text/plain', ''));
  if (parts.length === 1) return `${lines.join('\r\n')}\r\n${parts[0]}\r\n`;
  let boundary = `${boundaryPrefix}${m.messageId.replace(/[^A-Za-z0-9]/g, '')}`;
  while (parts.some((p) => p.includes(boundary))) boundary += randomBytes(4).toString('hex');
  return `${lines.join('\r\n')}\r\nContent-Type: multipart/alternative; boundary="${boundary}"\r\n\r\n${parts
    .map((p) => `--${boundary}\r\n${p}\r\n`)
    .join('')}--${boundary}--\r\n`;
}
