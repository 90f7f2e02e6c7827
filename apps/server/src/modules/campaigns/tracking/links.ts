import { createHmac, timingSafeEqual } from 'node:crypto';

// Signed tracking links in every email: the open pixel, each link's redirect and the unsubscribe
// link (GET shows a confirmation, POST is RFC 8058's one-click). The signature is an HMAC-SHA256
// under a key derived from JWT_SECRET for this purpose only, over what the link does, the
// community and the recipient (and the target, for a click): a forged or altered link is refused.

export type LinkKind = 'o' | 'c' | 'u';

const keys = new Map<string, Buffer>();
const keyOf = (secret: string) => {
  let key = keys.get(secret);
  if (!key) {
    key = createHmac('sha256', secret).update('atrium campaign tracking links').digest();
    keys.set(secret, key);
  }
  return key;
};

export function signature(secret: string, kind: LinkKind, community: string, recipientId: string, url = ''): string {
  return createHmac('sha256', keyOf(secret)).update(`${kind}\n${community}\n${recipientId}\n${url}`).digest('base64url').slice(0, 27);
}

export function verify(secret: string, kind: LinkKind, community: string, recipientId: string, given: string, url = ''): boolean {
  const expected = Buffer.from(signature(secret, kind, community, recipientId, url));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export interface TrackingLinks {
  open: string;
  unsubscribe: string;
  click(url: string): string;
}

/** The links of one recipient's email, absolute from the server's public address. */
export function trackingLinks(secret: string, baseUrl: string, community: string, recipientId: string): TrackingLinks {
  const base = `${baseUrl.replace(/\/$/, '')}/public/${community}/campaigns/t`;
  return {
    open: `${base}/o/${recipientId}.gif?s=${signature(secret, 'o', community, recipientId)}`,
    unsubscribe: `${base}/u/${recipientId}?s=${signature(secret, 'u', community, recipientId)}`,
    click: (url) => `${base}/c/${recipientId}?u=${encodeURIComponent(url)}&s=${signature(secret, 'c', community, recipientId, url)}`,
  };
}

/**
 * The HTML with every http(s) link sent through the click redirect (but the unsubscribe link) and
 * the open pixel before </body>.
 */
export function trackHtml(html: string, links: TrackingLinks): string {
  const rewritten = html.replace(/href="(https?:\/\/[^"]+)"/g, (whole, raw: string) => {
    const url = raw.replaceAll('&amp;', '&');
    if (url === links.unsubscribe) return whole;
    return `href="${links.click(url).replaceAll('&', '&amp;')}"`;
  });
  const pixel = `<img src="${links.open.replaceAll('&', '&amp;')}" width="1" height="1" alt="" style="display:block;border:0;width:1px;height:1px">`;
  return rewritten.includes('</body>') ? rewritten.replace('</body>', `${pixel}</body>`) : `${rewritten}${pixel}`;
}
