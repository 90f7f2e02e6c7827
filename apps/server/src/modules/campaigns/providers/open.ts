import { and, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { outboundFor } from '../../../kernel/messaging';
import type { Db } from '../../../kernel/resources';
import { tenantFilter } from '../../../kernel/resources';
import type { SendingContacts } from '../contacts';
import { type CampaignChannel, campaignPushSubscriptions } from '../tables';
import { httpSms, outboxProvider, webPush, whatsappCloud } from './channels';
import { openSmtp } from './smtp';
import { type ChannelProvider, SendFailure } from './types';

// The provider a community's channel settings (marketing) name, opened for one send slice.

export interface OpenContext {
  app: FastifyInstance;
  tx: Db;
  tenantId: string;
  community: string;
  contacts: SendingContacts;
  channel: CampaignChannel;
  baseUrl: string;
}

export async function openProvider(ctx: OpenContext): Promise<ChannelProvider> {
  const { app, channel } = ctx;
  const settings = await ctx.contacts.channelSettings(ctx.tx, ctx.tenantId, channel);
  const config = settings.config as Record<string, string | number | boolean | undefined | { name: string; address: string }[]>;
  const outbound = outboundFor(app.db);
  const fromOf = () => {
    const identity = (config.identities as { name: string; address: string }[] | undefined)?.[0];
    return identity ?? { name: ctx.community, address: app.config.mailFrom.replace(/^.*<([^>]+)>.*$/, '$1') };
  };
  const messageIdDomain = new URL(app.config.publicUrl ?? 'http://atrium.local').hostname;
  switch (channel) {
    case 'email': {
      if (settings.provider === 'smtp') {
        const dkim =
          settings.secrets.dkimPrivateKey && config.dkimDomain && config.dkimSelector
            ? {
                domainName: String(config.dkimDomain),
                keySelector: String(config.dkimSelector),
                privateKey: settings.secrets.dkimPrivateKey,
              }
            : undefined;
        return openSmtp({
          host: String(config.host),
          port: Number(config.port ?? 587),
          secure: Boolean(config.secure),
          username: config.username ? String(config.username) : undefined,
          password: settings.secrets.password,
          dkim,
          from: fromOf(),
          messageIdDomain,
          outbound,
        });
      }
      if (app.config.smtpUrl) return openSmtp({ url: app.config.smtpUrl, from: fromOf(), messageIdDomain });
      // No SMTP anywhere: the installation's outbox (the console's mail outbox shows each message).
      return outboxProvider('email', (m) =>
        app.db.withTenant(ctx.tenantId, (tx) =>
          app.mailer.enqueue(tx, ctx.tenantId, { to: m.to, subject: m.subject ?? '', text: m.text ?? '', html: m.html }),
        ),
      );
    }
    case 'sms':
      if (settings.provider !== 'http') return outboxProvider('sms');
      return httpSms(outbound, {
        baseUrl: String(config.baseUrl),
        apiKey: settings.secrets.apiKey ?? '',
        username: config.username ? String(config.username) : undefined,
        senderId: String(config.senderId ?? ''),
        callbackUrl: `${ctx.baseUrl}/public/${ctx.community}/campaigns/sms/reports`,
      });
    case 'whatsapp':
      if (settings.provider !== 'cloud_api') return outboxProvider('whatsapp');
      return whatsappCloud(outbound, {
        graphUrl: String(config.graphUrl ?? 'https://graph.facebook.com/v21.0'),
        phoneNumberId: String(config.phoneNumberId),
        accessToken: settings.secrets.accessToken ?? '',
      });
    case 'push': {
      if (!config.publicKey || !settings.secrets.vapidPrivateKey)
        throw new SendFailure('permanent', 'Web push has no VAPID keys yet: generate them in the push settings');
      return webPush(outbound, {
        subject: String(config.subject ?? 'mailto:admin@atrium.local'),
        publicKey: String(config.publicKey),
        privateKey: settings.secrets.vapidPrivateKey,
        load: (ids) => {
          const s = campaignPushSubscriptions;
          return app.db.withTenant(ctx.tenantId, (tx) =>
            tx
              .select({ id: s.id, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth })
              .from(s)
              .where(and(tenantFilter(s, ctx.tenantId), inArray(s.id, ids))),
          );
        },
      });
    }
  }
}
