import type { Block, ParsedDesign } from './design';

// Server-rendered HTML of a landing page. Everything that came from an editor is escaped; the page
// carries no inline script (the console's CSP applies): opens are counted by one small external
// script, clicks by plain links through the counting redirect, signups by a plain HTML form.

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: unknown) => String(value ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** Paragraphs from plain text: blank lines separate paragraphs, single newlines become <br>. */
const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');

export interface PageToRender {
  name: string;
  slug: string;
  seoTitle?: string | null;
  seoDescription?: string | null;
  design: ParsedDesign;
}

export interface RenderContext {
  community: string;
  /** The community's display name (footer, title). */
  communityLabel: string;
  /** Preview: no counting script, links not counted, the form disabled. */
  preview?: boolean;
}

/** Paths of a published page's public endpoints. */
export function pagePaths(community: string, slug: string) {
  const base = `/public/${encodeURIComponent(community)}/p/${encodeURIComponent(slug)}`;
  return {
    page: base,
    open: `${base}/open`,
    click: (blockId: string) => `${base}/go/${encodeURIComponent(blockId)}`,
    signup: (blockId: string) => `${base}/signup/${encodeURIComponent(blockId)}`,
    assets: `/public/${encodeURIComponent(community)}/p/-`,
  };
}

function link(ctx: RenderContext, page: PageToRender, block: Block, label: string, url: string) {
  const href = ctx.preview ? url : pagePaths(ctx.community, page.slug).click(block.id);
  return `<a class="button" href="${escapeHtml(href)}" data-block="${escapeHtml(block.id)}">${escapeHtml(label)}</a>`;
}

function renderBlock(ctx: RenderContext, page: PageToRender, block: Block): string {
  const section = (cls: string, inner: string) => `<section class="block ${cls}" id="b-${escapeHtml(block.id)}">${inner}</section>`;
  switch (block.type) {
    case 'hero':
      return section(
        'hero',
        [
          block.image ? `<img class="hero-image" src="${escapeHtml(block.image)}" alt="">` : '',
          `<h1>${escapeHtml(block.heading)}</h1>`,
          block.subheading ? `<p class="lead">${escapeHtml(block.subheading)}</p>` : '',
          block.ctaLabel && block.ctaUrl ? link(ctx, page, block, block.ctaLabel, block.ctaUrl) : '',
        ].join(''),
      );
    case 'text':
      return section('text', `${block.heading ? `<h2>${escapeHtml(block.heading)}</h2>` : ''}${paragraphs(block.body)}`);
    case 'image':
      return section(
        'image',
        `<figure><img src="${escapeHtml(block.url)}" alt="${escapeHtml(block.alt)}">${block.caption ? `<figcaption>${escapeHtml(block.caption)}</figcaption>` : ''}</figure>`,
      );
    case 'features':
      return section(
        'features',
        `${block.heading ? `<h2>${escapeHtml(block.heading)}</h2>` : ''}<ul class="grid">${block.items
          .map((item) => `<li><h3>${escapeHtml(item.title)}</h3>${item.text ? `<p>${escapeHtml(item.text)}</p>` : ''}</li>`)
          .join('')}</ul>`,
      );
    case 'testimonial':
      return section(
        'testimonial',
        `<blockquote><p>${escapeHtml(block.quote)}</p><footer>${escapeHtml(block.author)}${block.role ? `, ${escapeHtml(block.role)}` : ''}</footer></blockquote>`,
      );
    case 'cta':
      return section(
        'cta',
        `${block.heading ? `<h2>${escapeHtml(block.heading)}</h2>` : ''}${link(ctx, page, block, block.label, block.url)}`,
      );
    case 'signup': {
      const action = ctx.preview ? '#' : pagePaths(ctx.community, page.slug).signup(block.id);
      const field = (name: string, label: string, type: string, required: boolean, autocomplete: string) =>
        `<label>${escapeHtml(label)}<input name="${name}" type="${type}" autocomplete="${autocomplete}"${required ? ' required' : ''} maxlength="254"></label>`;
      return section(
        'signup',
        [
          block.heading ? `<h2>${escapeHtml(block.heading)}</h2>` : '',
          block.text ? paragraphs(block.text) : '',
          `<form method="post" action="${escapeHtml(action)}">`,
          block.askName ? field('name', 'Name', 'text', false, 'name') : '',
          field('email', 'Email', 'email', true, 'email'),
          block.askPhone ? field('phone', 'Phone', 'tel', false, 'tel') : '',
          // The honeypot: hidden from people, filled by form-filling bots.
          '<label class="hp" aria-hidden="true">Website<input name="website" type="text" tabindex="-1" autocomplete="off"></label>',
          `<label class="consent"><input name="consent" type="checkbox" value="yes" required> ${escapeHtml(block.consentText)}</label>`,
          `<button type="submit"${ctx.preview ? ' disabled' : ''}>${escapeHtml(block.buttonLabel)}</button>`,
          '</form>',
        ].join(''),
      );
    }
    case 'footer':
      return `<footer class="block footer" id="b-${escapeHtml(block.id)}">${block.text ? paragraphs(block.text) : ''}${
        block.links.length
          ? `<nav>${block.links.map((l) => `<a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a>`).join(' · ')}</nav>`
          : ''
      }<p class="small">© ${escapeHtml(ctx.communityLabel)}</p></footer>`;
  }
}

/** The whole HTML document of a landing page. */
export function renderLandingPage(page: PageToRender, ctx: RenderContext): string {
  const paths = pagePaths(ctx.community, page.slug);
  const title = page.seoTitle || page.name;
  const accent = /^#[0-9a-fA-F]{6}$/.test(page.design.accent) ? page.design.accent : '#1f6feb';
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    page.seoDescription ? `<meta name="description" content="${escapeHtml(page.seoDescription)}">` : '',
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<link rel="stylesheet" href="${escapeHtml(paths.assets)}/landing.css">`,
    ctx.preview ? '' : `<script src="${escapeHtml(paths.assets)}/landing.js" defer></script>`,
    `</head><body style="--accent:${accent}"${ctx.preview ? '' : ` data-open="${escapeHtml(paths.open)}"`}><main>`,
    ...page.design.blocks.map((b) => renderBlock(ctx, page, b)),
    '</main></body></html>',
  ].join('');
}

/** A short page answering a signup sent by the HTML form (no script needed): thanks, or what was wrong. */
export function renderThankYou(message: string, back: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Signup</title></head><body><main><p>${escapeHtml(
    message,
  )}</p><p><a href="${escapeHtml(back)}">Back to the page</a></p></main></body></html>`;
}

/** The stylesheet every landing page links (cached by browsers for a day). */
export const LANDING_CSS = `*{box-sizing:border-box}body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;background:#fff}
main{max-width:960px;margin:0 auto;padding:0 20px}.block{padding:48px 0;border-bottom:1px solid #eee}
h1{font-size:2.4rem;line-height:1.2;margin:0 0 12px;color:var(--accent)}h2{font-size:1.6rem;margin:0 0 12px}.lead{font-size:1.2rem;color:#57606a}
.hero{text-align:center}.hero-image{max-width:100%;border-radius:8px;margin-bottom:24px}
.button,button{display:inline-block;background:var(--accent);color:#fff;border:0;border-radius:6px;padding:12px 22px;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
.grid{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fit,minmax(220px,1fr));gap:20px}.grid li{padding:16px;border:1px solid #eee;border-radius:8px}
figure{margin:0}figure img{max-width:100%;border-radius:8px}figcaption{color:#57606a;font-size:.9rem}
blockquote{margin:0;font-size:1.3rem;font-style:italic}blockquote footer{font-style:normal;font-size:1rem;color:#57606a;margin-top:8px}
form{display:grid;gap:12px;max-width:420px}label{display:grid;gap:4px;font-weight:500}input[type=text],input[type=email],input[type=tel]{font:inherit;padding:10px;border:1px solid #ccc;border-radius:6px}
.consent{display:flex;gap:8px;align-items:flex-start;font-weight:400}.hp{position:absolute;left:-10000px}.footer{border:0;color:#57606a}.small{font-size:.85rem}`;

/** The counting script: one beacon when the page is shown. Clicks are counted by the links themselves. */
export const LANDING_JS = `(function(){var u=document.body&&document.body.getAttribute('data-open');if(!u)return;
if(navigator.sendBeacon&&navigator.sendBeacon(u))return;fetch(u,{method:'POST',keepalive:true,credentials:'omit'});})();`;
