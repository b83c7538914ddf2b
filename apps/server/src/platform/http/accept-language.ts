/** The languages the portal answers in: English (the definitions' own) and Kiswahili. */
export type AnswerLanguage = 'en' | 'sw';

/**
 * The language a caller asked for with `Accept-Language` (RFC 9110: tags with their `q`
 * weights), among the portal's: the highest-weighted tag that is Kiswahili (`sw`, `sw-KE`) or
 * English; English when the header is absent, unreadable or asks for neither.
 */
export function answerLanguageOf(header: string | string[] | undefined): AnswerLanguage {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  let best: { language: AnswerLanguage; q: number } = { language: 'en', q: -1 };
  for (const part of text.split(',').slice(0, 20)) {
    const [tag = '', ...params] = part.trim().toLowerCase().split(';');
    const language =
      tag === 'sw' || tag.startsWith('sw-') ? 'sw' : tag === 'en' || tag.startsWith('en-') ? 'en' : null;
    if (!language) continue;
    const weight = params.map((p) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/.exec(p)?.[1]).find(Boolean);
    const q = weight === undefined ? 1 : Number(weight);
    if (q > best.q) best = { language, q };
  }
  return best.q > 0 ? best.language : 'en';
}

/**
 * The language of a request's answer (its `Accept-Language`), said on the reply too
 * (`Content-Language`, and `Vary: Accept-Language` for caches): how every route whose answer has
 * words in both languages (a bill's description and lines) picks them.
 */
export function replyLanguage(
  request: { headers: { 'accept-language'?: string | string[] | undefined } },
  reply: { header(name: string, value: string): unknown },
): AnswerLanguage {
  const language = answerLanguageOf(request.headers['accept-language']);
  reply.header('content-language', language);
  reply.header('vary', 'Accept-Language');
  return language;
}
