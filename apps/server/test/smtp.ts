import { SMTPServer } from 'smtp-server';

export interface Received {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server in this process, on `port` (a free one by default), that keeps what it receives in memory (no TLS,
 * no auth); `until(n)` resolves once n messages arrived.
 */
export async function startSmtp(port = 0) {
  const received: Received[] = [];
  const waiting: { n: number; resolve: () => void }[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        for (const w of waiting.filter((w) => received.length >= w.n)) w.resolve();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as { port: number }).port,
    received,
    until: (n: number) => (received.length >= n ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ n, resolve }))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
