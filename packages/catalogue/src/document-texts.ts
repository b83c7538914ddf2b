import type { ComposedDocument } from '@kaunti/contract/api-documents';
import type { ServiceDefinition } from './definition-schema';
import { type ComposeContext, composeDocument, type DocumentLanguage } from './document-compose';
import type { DocumentTemplate } from './registries/document-template';
import registeredSw from './registries/documents.sw.json';
import { localiseTemplate } from './service-texts';
import type { TemplateTexts } from './texts';

export type { DocumentLanguage } from './document-compose';

/**
 * The registered templates' Kiswahili (`registries/documents.sw.json`), by template name, keyed
 * as a service folder's `document` texts are (title, description, facts by field, tables by field
 * and column key, body and conditions by index, conditions_title). The catalogue check holds every
 * registered template to it, naming each missing key.
 */
export const registeredTemplateTexts: Readonly<Record<string, TemplateTexts>> = registeredSw;

/**
 * A document template in the reader's language: a service's own template (its folder's
 * `document.ts`) with its folder's Kiswahili (`sw.json` → `document`), a registered one with
 * `documents.sw.json`; English as it is.
 */
export function templateIn(
  template: DocumentTemplate,
  language: DocumentLanguage,
  service?: Pick<ServiceDefinition, 'document' | 'texts'>,
): DocumentTemplate {
  if (language === 'en') return template;
  const own = service?.document?.name === template.name ? service.texts?.sw?.document : undefined;
  return localiseTemplate(template, own ?? registeredTemplateTexts[template.name]);
}

/** What an issued document keeps: what it prints in English, and the same in Kiswahili. */
export type PrintedDocument = ComposedDocument & { sw?: ComposedDocument };

/**
 * Fills a template in once in each language, when it is issued: the English as it always was,
 * and beside it (`sw`) the Kiswahili — the template's Kiswahili texts, dates such as "1 Januari
 * 2024", and `sw`'s values where a value has words of its own (a service's title, a choice's
 * label). Both are kept, so a document prints the same for ever in either language.
 */
export function composePrinted(
  template: DocumentTemplate,
  ctx: ComposeContext,
  sw: Partial<ComposeContext> = {},
  service?: Pick<ServiceDefinition, 'document' | 'texts'>,
): PrintedDocument {
  return {
    ...composeDocument(template, { ...ctx, language: 'en' }),
    sw: composeDocument(templateIn(template, 'sw', service), { ...ctx, ...sw, language: 'sw' }),
  };
}

/** What an issued document prints in `language`: its Kiswahili when it was issued with one, else its English. */
export function printedIn(printed: PrintedDocument, language: DocumentLanguage): ComposedDocument {
  const { sw, ...english } = printed;
  return language === 'sw' && sw ? sw : english;
}
