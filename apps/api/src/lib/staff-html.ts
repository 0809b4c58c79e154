import sanitizeHtml from 'sanitize-html';

/**
 * Staff HTML (admit card messages, lesson and topic descriptions) goes to the browser only after an
 * allow-list pass: formatting, code and links, nothing that runs or loads.
 */
export function sanitiseStaffHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'b',
      'strong',
      'i',
      'em',
      'u',
      'ul',
      'ol',
      'li',
      'a',
      'h3',
      'h4',
      'span',
      'code',
      'pre',
    ],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: ['https', 'http', 'mailto', 'tel'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
  });
}
