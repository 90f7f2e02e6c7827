import type { Block, BlockOf, EmailDesign } from './design';

// A design written as MJML: each block one section of the 600-pixel body, columns and cards as
// MJML columns (side by side on a wide screen, stacked below 480 pixels). Merge tags pass through
// untouched; author text is escaped here, rich text arrives sanitized.

const FONTS = { sans: 'Helvetica, Arial, sans-serif', serif: 'Georgia, "Times New Roman", serif' };
const MUTED = '#6b7280';

/** Text as element content: the three characters HTML reads. */
const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** Text as an attribute value (always written in double quotes). */
const attr = (value: string) => escapeText(value).replace(/"/g, '&quot;');

export interface EmailMeta {
  subject: string;
  preheader: string;
}

/** The MJML document of a design (what mjml2html compiles). */
export function designToMjml(design: EmailDesign, meta: EmailMeta): string {
  const { settings } = design;
  const head = [
    `<mj-title>${escapeText(meta.subject)}</mj-title>`,
    meta.preheader ? `<mj-preview>${escapeText(meta.preheader)}</mj-preview>` : '',
    '<mj-breakpoint width="480px" />',
    '<mj-attributes>',
    `<mj-all font-family="${attr(FONTS[settings.font])}" />`,
    `<mj-text font-size="16px" line-height="1.5" color="${settings.textColor}" padding="8px 24px" />`,
    `<mj-section background-color="${settings.contentBackground}" padding="8px 0" />`,
    `<mj-button background-color="${settings.accent}" color="#ffffff" font-size="16px" border-radius="4px" inner-padding="12px 24px" />`,
    '</mj-attributes>',
    `<mj-style>a { color: ${settings.accent}; } h1, h2, h3 { margin: 0 0 8px; line-height: 1.25; } p { margin: 0 0 12px; }</mj-style>`,
  ].join('');
  const body = design.blocks.map((block) => blockToMjml(block, design)).join('\n');
  return `<mjml lang="en"><mj-head>${head}</mj-head><mj-body background-color="${settings.background}" width="600px">\n${body}\n</mj-body></mjml>`;
}

function blockToMjml(block: Block, design: EmailDesign): string {
  switch (block.type) {
    case 'header':
      return header(block);
    case 'text':
      return section(`<mj-column><mj-text align="${block.align}">${block.html}</mj-text></mj-column>`);
    case 'image':
      return section(
        `<mj-column><mj-image src="${attr(block.url)}" alt="${attr(block.alt)}" width="${block.width}px"${block.href ? ` href="${attr(block.href)}"` : ''} /></mj-column>`,
      );
    case 'button':
      return section(
        `<mj-column><mj-button href="${attr(block.href)}" align="${block.align}"${block.color ? ` background-color="${block.color}"` : ''}>${escapeText(block.label)}</mj-button></mj-column>`,
      );
    case 'columns':
      return section(
        block.columns
          .map(
            (c) =>
              `<mj-column>${c.imageUrl ? `<mj-image src="${attr(c.imageUrl)}" alt="${attr(c.imageAlt)}" />` : ''}${c.html ? `<mj-text>${c.html}</mj-text>` : ''}</mj-column>`,
          )
          .join(''),
      );
    case 'cards':
      return cards(block);
    case 'divider':
      return section('<mj-column><mj-divider border-width="1px" border-color="#e5e7eb" padding="8px 24px" /></mj-column>');
    case 'footer':
      return footer(block, design);
  }
}

const section = (columns: string, attributes = '') => `<mj-section${attributes}>${columns}</mj-section>`;

function header(block: BlockOf<'header'>): string {
  const logo = block.logoUrl
    ? `<mj-image src="${attr(block.logoUrl)}" alt="${attr(block.title || 'Logo')}" width="140px" align="${block.align}" padding="8px 24px" />`
    : '';
  const title = block.title
    ? `<mj-text align="${block.align}" font-size="${block.logoUrl ? '14px' : '22px'}" font-weight="bold">${escapeText(block.title)}</mj-text>`
    : '';
  return section(`<mj-column>${logo}${title}</mj-column>`, ' padding="16px 0"');
}

/** Product or post cards, two to a row (one below the other on a phone). */
function cards(block: BlockOf<'cards'>): string {
  const heading = block.heading
    ? section(`<mj-column><mj-text font-size="20px" font-weight="bold">${escapeText(block.heading)}</mj-text></mj-column>`)
    : '';
  const rows: string[] = [];
  for (let i = 0; i < block.items.length; i += 2) {
    const row = block.items.slice(i, i + 2).map((item) => {
      const image = item.imageUrl ? `<mj-image src="${attr(item.imageUrl)}" alt="${attr(item.title)}" href="${attr(item.url)}" />` : '';
      const text = item.text ? `<mj-text color="${MUTED}" font-size="14px">${escapeText(item.text)}</mj-text>` : '';
      const label = block.buttonLabel || (block.source === 'products' ? 'View product' : 'Read more');
      return `<mj-column>${image}<mj-text font-weight="bold">${escapeText(item.title)}</mj-text>${text}<mj-button href="${attr(item.url)}" align="left" font-size="14px">${escapeText(label)}</mj-button></mj-column>`;
    });
    rows.push(section(row.join('')));
  }
  return heading + rows.join('');
}

/** The business, its address and the unsubscribe link: in every email, whatever the author wrote above. */
function footer(block: BlockOf<'footer'>, design: EmailDesign): string {
  const note = block.html ? `<mj-text font-size="13px" color="${MUTED}" align="center">${block.html}</mj-text>` : '';
  const address = `<mj-text font-size="12px" color="${MUTED}" align="center">{{ business_name }}<br />{{ business_address }}</mj-text>`;
  const links = `<mj-text font-size="12px" color="${MUTED}" align="center"><a href="{{ unsubscribe_url }}">Unsubscribe</a> · <a href="{{ view_in_browser_url }}">View in your browser</a></mj-text>`;
  return section(`<mj-column>${note}${address}${links}</mj-column>`, ` background-color="${design.settings.background}" padding="16px 0"`);
}
