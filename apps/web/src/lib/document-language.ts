/**
 * A printed document's PDF link in the reader's language (decision 025): a link carries no
 * `Accept-Language` of the portal's setting, so it says `lang`.
 */
export function pdfLinkIn(url: string, language: string): string {
  const lang = language.startsWith('sw') ? 'sw' : 'en';
  return `${url}${url.includes('?') ? '&' : '?'}lang=${lang}`;
}
