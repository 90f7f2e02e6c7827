import type { Block, EmailDesign } from './design';

// The plain-text part of an email, written from the design (not scraped from the HTML): what a
// text-only client shows and what spam filters expect beside the HTML. Merge tags stay in place;
// values are filled in unescaped when it is sent.

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/** Sanitized rich text as plain text: paragraphs and list items on their own lines, links as "label (address)". */
export function htmlToText(html: string): string {
  return html
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, label: string) => {
      const text = label.replace(/<[^>]+>/g, '').trim();
      return text && text !== href ? `${text} (${href})` : href;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<\/(p|h1|h2|h3|blockquote|li|ul|ol)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_m, name: string) => ENTITIES[name] ?? '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The whole email as plain text, block after block. */
export function designToText(design: EmailDesign): string {
  return design.blocks
    .map(blockText)
    .filter((part) => part.length > 0)
    .join('\n\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function blockText(block: Block): string {
  switch (block.type) {
    case 'header':
      return block.title;
    case 'text':
      return htmlToText(block.html);
    case 'image':
      return block.alt && block.href ? `${block.alt} (${block.href})` : block.alt;
    case 'button':
      return `${block.label}: ${block.href}`;
    case 'columns':
      return block.columns
        .map((c) => htmlToText(c.html))
        .filter(Boolean)
        .join('\n\n');
    case 'cards':
      return [block.heading, ...block.items.map((i) => [i.title, i.text, i.url].filter(Boolean).join('\n'))].filter(Boolean).join('\n\n');
    case 'divider':
      return '----------';
    case 'footer':
      return [
        htmlToText(block.html),
        '{{ business_name }}\n{{ business_address }}',
        'Unsubscribe: {{ unsubscribe_url }}\nView in your browser: {{ view_in_browser_url }}',
      ]
        .filter(Boolean)
        .join('\n\n');
  }
}
