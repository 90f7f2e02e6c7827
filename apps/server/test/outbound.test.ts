import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createOutbound, nonPublicKind, type Outbound, type Resolver } from '../src/kernel/messaging/outbound';

// The kernel's outbound HTTP to addresses communities configure: public https only, checked where
// the connection is made, unless the installation allows a host (OUTBOUND_ALLOW_HOSTS) or http.

describe('which addresses are not public', () => {
  it('names loopback, private, link-local, CGNAT, multicast, unique-local and reserved addresses, in every IPv6 form that carries an IPv4 one', () => {
    const kinds: Record<string, string> = {
      '127.0.0.1': 'a loopback',
      '127.255.0.9': 'a loopback',
      '10.1.2.3': 'a private',
      '172.16.0.1': 'a private',
      '172.31.255.255': 'a private',
      '192.168.0.10': 'a private',
      '169.254.169.254': 'a link-local',
      '100.64.0.1': 'a shared (carrier-grade NAT)',
      '100.127.255.254': 'a shared (carrier-grade NAT)',
      '0.0.0.0': 'an unspecified',
      '224.0.0.251': 'a multicast',
      '255.255.255.255': 'a reserved',
      '198.18.0.1': 'a reserved',
      '::': 'an unspecified',
      '::1': 'a loopback',
      '[::1]': 'a loopback',
      '::ffff:127.0.0.1': 'a loopback',
      '::ffff:7f00:1': 'a loopback',
      '::ffff:169.254.169.254': 'a link-local',
      '::ffff:0:10.0.0.1': 'a private',
      '::127.0.0.1': 'a loopback',
      '64:ff9b::a9fe:a9fe': 'a link-local',
      '2002:c0a8:0101::1': 'a private',
      'fd00::1': 'a unique-local',
      'fc12:3456::9': 'a unique-local',
      'fe80::1%eth0': 'a link-local',
      'ff02::1': 'a multicast',
      '2001:db8::1': 'a documentation',
      '2001:0:4136:e378::1': 'a reserved (Teredo)',
      '100::1': 'a reserved',
    };
    for (const [ip, kind] of Object.entries(kinds)) expect(nonPublicKind(ip), ip).toBe(kind);
    for (const ip of [
      '8.8.8.8',
      '1.1.1.1',
      '172.32.0.1',
      '100.128.0.1',
      '2606:4700:4700::1111',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
      '2a03:2880::1',
    ])
      expect(nonPublicKind(ip), ip).toBeNull();
  });
});

describe('outbound HTTP', () => {
  let server: Server;
  let port: number;
  let connections = 0;
  const opened: Outbound[] = [];
  const outbound = (...args: Parameters<typeof createOutbound>) => {
    const o = createOutbound(...args);
    opened.push(o);
    return o;
  };
  /** Resolves every name to the loopback: a DNS answer that changed after the address was saved. */
  const rebinding: Resolver = (_host, _options, callback) => callback(null, [{ address: '127.0.0.1', family: 4 }]);
  const nowhere: Resolver = (host, _options, callback) =>
    callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' }), []);

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/moved') return void res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
      if (req.url === '/big') return void res.end(Buffer.alloc(64 * 1024, 120));
      if (req.url === '/slow') return; // never answers
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ method: req.method, path: req.url }));
    });
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const o of opened) o.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('checks an address at save: https to public addresses only, unless the installation allows the host or http', async () => {
    const strict = outbound({ allowHosts: [], allowHttp: false }, nowhere);
    expect(await strict.check('https://8.8.8.8/sms')).toBeNull();
    expect(await strict.check('https://sms.example.com/api')).toBeNull(); // does not resolve now: checked again at each call
    expect(await strict.check('http://8.8.8.8/sms')).toBe('Use an https:// address');
    expect(await strict.check('ftp://8.8.8.8/x')).toBe('Only https:// addresses are called');
    expect(await strict.check('not a url')).toBe('Not a web address');
    expect(await strict.check('https://127.0.0.1:8443/')).toBe('127.0.0.1 is a loopback address: the server calls only public addresses');
    expect(await strict.check('https://0x7f.1/')).toMatch(/^127\.0\.0\.1 is a loopback/);
    expect(await strict.check('https://[::ffff:a9fe:a9fe]/')).toMatch(/link-local/);
    expect(await strict.check('https://app.localhost/')).toMatch(/loopback/);
    expect(await strict.check('https://localhost./')).toMatch(/loopback/);
    // A name is resolved: one that points into the private network is refused, naming the address.
    expect(await outbound({ allowHosts: [], allowHttp: false }, rebinding).check('https://sms.example.com/api')).toBe(
      'sms.example.com resolves to a loopback address: the server calls only public addresses',
    );

    const allowing = outbound({ allowHosts: ['127.0.0.1:8080', 'gateway.internal', '[::1]'], allowHttp: true }, rebinding);
    expect(await allowing.check('http://8.8.8.8/sms')).toBeNull();
    expect(await allowing.check('http://127.0.0.1:8080/sms')).toBeNull();
    expect(await allowing.check('http://127.0.0.1:8081/sms')).toMatch(/loopback/);
    expect(await allowing.check('https://gateway.internal:9443/sms')).toBeNull();
    expect(await allowing.check('http://[::1]:3000/')).toBeNull();
    expect(await allowing.check('http://[::2]:3000/')).toMatch(/unspecified/);
  });

  it('calls an allowed host and answers without following a redirect; bounds the time and the size of the answer', async () => {
    const local = outbound({ allowHosts: [`127.0.0.1:${port}`], allowHttp: false });
    const ok = await local.request(`http://127.0.0.1:${port}/hello`, { method: 'POST', body: '{}', timeoutMs: 5000 });
    expect(ok).toMatchObject({ status: 200, ok: true });
    expect(JSON.parse(ok.body.toString())).toEqual({ method: 'POST', path: '/hello' });
    const moved = await local.request(`http://127.0.0.1:${port}/moved`, { timeoutMs: 5000 });
    expect(moved).toMatchObject({ status: 302, ok: false });
    expect(moved.headers.location).toBe('http://169.254.169.254/latest/meta-data');
    await expect(local.request(`http://127.0.0.1:${port}/big`, { timeoutMs: 5000, maxBytes: 1024 })).rejects.toMatchObject({
      kind: 'too_large',
    });
    await expect(local.request(`http://127.0.0.1:${port}/slow`, { timeoutMs: 200 })).rejects.toMatchObject({ kind: 'timeout' });
  });

  it('refuses before connecting: a private address, or a name whose lookup answers one (checked where the connection is made)', async () => {
    const before = connections;
    const strict = outbound({ allowHosts: [], allowHttp: true }, rebinding);
    await expect(strict.request(`http://127.0.0.1:${port}/hello`, { timeoutMs: 5000 })).rejects.toMatchObject({
      kind: 'refused',
      message: '127.0.0.1 is a loopback address: the server calls only public addresses',
    });
    await expect(strict.request(`http://[::ffff:127.0.0.1]:${port}/hello`, { timeoutMs: 5000 })).rejects.toMatchObject({ kind: 'refused' });
    // The name passed no check by itself: the lookup made for the connection answers the loopback.
    await expect(strict.request(`http://gateway.example.com:${port}/hello`, { timeoutMs: 5000 })).rejects.toMatchObject({
      kind: 'refused',
      message: 'gateway.example.com resolves to a loopback address: the server calls only public addresses',
    });
    expect(connections).toBe(before);
    await expect(
      outbound({ allowHosts: [], allowHttp: true }, nowhere).request('http://gateway.example.com/', { timeoutMs: 5000 }),
    ).rejects.toMatchObject({
      kind: 'unreachable',
      message: 'ENOTFOUND',
    });
  });

  it('reads OUTBOUND_ALLOW_HOSTS and OUTBOUND_ALLOW_HTTP from the environment (none and https only by default)', () => {
    const env = {
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/atrium-outbound-config',
      JWT_SECRET: 'x'.repeat(40),
      SECRETS_KEY: 'a'.repeat(64),
    } as const;
    expect(loadConfig({ ...env }).outbound).toEqual({ allowHosts: [], allowHttp: false });
    expect(
      loadConfig({ ...env, OUTBOUND_ALLOW_HOSTS: ' 127.0.0.1:3000, sms.internal ,[::1]:8080', OUTBOUND_ALLOW_HTTP: 'true' }).outbound,
    ).toEqual({
      allowHosts: ['127.0.0.1:3000', 'sms.internal', '[::1]:8080'],
      allowHttp: true,
    });
    expect(() => loadConfig({ ...env, OUTBOUND_ALLOW_HOSTS: 'http://sms.internal' })).toThrow(/OUTBOUND_ALLOW_HOSTS: must be host names/);
    expect(() => loadConfig({ ...env, OUTBOUND_ALLOW_HTTP: 'yes' })).toThrow(/OUTBOUND_ALLOW_HTTP: must be true or false/);
  });
});
