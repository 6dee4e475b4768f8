/** Link schemes markdown may keep (spec section 5); anything else is blanked. */
const SAFE_PROTOCOL = /^(https?|ircs?|mailto|xmpp)$/i;

/**
 * Keeps relative links and links with an allowed scheme; returns '' for the rest
 * (`javascript:`, `data:`, `vbscript:` ...). A colon after the first `/`, `?` or `#` is not a scheme.
 */
export function allowListedUrl(url: string): string {
  const colon = url.indexOf(':');
  const questionMark = url.indexOf('?');
  const numberSign = url.indexOf('#');
  const slash = url.indexOf('/');
  if (
    colon === -1 ||
    (slash !== -1 && colon > slash) ||
    (questionMark !== -1 && colon > questionMark) ||
    (numberSign !== -1 && colon > numberSign) ||
    SAFE_PROTOCOL.test(url.slice(0, colon))
  ) {
    return url;
  }
  return '';
}
