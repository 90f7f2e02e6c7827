import type { MessageContent, Personalizer } from '../contacts';
import type { OutgoingMessage } from '../providers/types';
import type { campaigns } from '../tables';
import { signature, trackHtml, trackingLinks } from '../tracking/links';

// One recipient's message from the campaign's template (with its overrides) and the recipient's
// merge values; an email gets its tracking links, the unsubscribe link and List-Unsubscribe headers.

type Campaign = typeof campaigns.$inferSelect;

export interface ComposeContext {
  campaign: Campaign;
  content: MessageContent;
  personalizer: Personalizer;
  community: string;
  secret: string;
  baseUrl: string;
}

export interface Recipient {
  id: string;
  contactId: string | null;
  address: string;
  name: string;
  variant: string;
}

/** The template's fields with the campaign's overrides, and an A/B variant's subject or content. */
export function effectiveContent(campaign: Campaign, content: MessageContent, variant: string): MessageContent {
  const o = campaign.overrides;
  const merged: MessageContent = {
    ...content,
    ...Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '')),
  };
  const test = campaign.abTest;
  const useB = variant === 'b' || (variant === 'rest' && test?.winner === 'b');
  if (test && useB) {
    if (test.subjectB) merged.subject = test.subjectB;
    if (test.htmlB) merged.html = test.htmlB;
  }
  return merged;
}

export async function compose(ctx: ComposeContext, r: Recipient, values: Record<string, string>): Promise<OutgoingMessage> {
  const { campaign, personalizer } = ctx;
  const content = effectiveContent(campaign, ctx.content, r.variant);
  const key = r.id;
  const render = (template: string | null | undefined) => (template ? personalizer.render(template, values, false) : Promise.resolve(''));
  switch (campaign.channel) {
    case 'email': {
      const links = trackingLinks(ctx.secret, ctx.baseUrl, ctx.community, r.id);
      const withLinks = { ...values, unsubscribe_url: links.unsubscribe, view_in_browser_url: '' };
      const [subject, html, text] = await Promise.all([
        personalizer.render(content.subject ?? '', withLinks, false),
        personalizer.render(content.html ?? '', withLinks, true),
        personalizer.render(content.text ?? '', withLinks, false),
      ]);
      return {
        key,
        to: r.address,
        subject,
        html: html ? trackHtml(html, links) : undefined,
        text: text || undefined,
        fromName: campaign.sender.fromName,
        fromEmail: campaign.sender.fromEmail,
        replyTo: campaign.sender.replyTo,
        headers: {
          'List-Unsubscribe': `<${links.unsubscribe}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          'X-Campaign-Id': campaign.id,
        },
      };
    }
    case 'sms':
      return {
        key,
        to: r.address,
        text: await render(content.body),
        senderId: campaign.sender.senderId || content.senderId,
        dltTemplateId: content.dltTemplateId,
      };
    case 'whatsapp': {
      const wa = content.whatsapp!;
      return {
        key,
        to: r.address,
        payload: { name: wa.name, language: wa.language, values: wa.variables.map((v) => values[v] ?? '') },
      };
    }
    case 'push': {
      const url = content.url ?? '';
      return {
        key,
        to: r.address,
        payload: {
          title: await render(content.title),
          body: await render(content.body),
          icon: content.iconUrl ?? undefined,
          image: content.imageUrl ?? undefined,
          url,
          tag: campaign.id,
          recipientId: r.id,
          s: signature(ctx.secret, 'o', ctx.community, r.id),
        },
      };
    }
  }
}
