import { servicesOf } from '@kaunti/catalogue/catalogue';
import type { ServiceDefinition } from '@kaunti/catalogue/definition';
import { findReferenceList } from '@kaunti/catalogue/registries/reference-lists';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../testing/render-with-app';
import { type ServiceText, useServiceText } from './service-text';
import { TranslatorProvider } from './translator';

async function textsOf(service: ServiceDefinition, language: 'en' | 'sw'): Promise<ServiceText> {
  const i18n = await createTestI18n(language);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TranslatorProvider translator={i18n}>{children}</TranslatorProvider>
  );
  return renderHook(() => useServiceText(service), { wrapper }).result.current;
}

/** Every text of a definition: [what, English, translated]. */
function pairs(service: ServiceDefinition, text: ServiceText): [string, string, string][] {
  const out: [string, string, string][] = [];
  for (const step of service.steps) {
    out.push([`${step.id} title`, step.title, text.stepTitle(step)]);
    if (step.description) out.push([`${step.id} description`, step.description, text.stepDescription(step)!]);
    (step.content ?? []).forEach((block, i) => {
      const translated = text.block(step, i, block);
      if (block.type === 'list') {
        block.items.forEach((item, j) => {
          out.push([`${step.id} content ${i}.${j}`, item, (translated as string[])[j]!]);
        });
      } else out.push([`${step.id} content ${i}`, block.text, translated as string]);
    });
    for (const field of step.fields ?? []) {
      out.push([`${field.name} label`, field.label, text.label(field)]);
      if (field.hint) out.push([`${field.name} hint`, field.hint, text.hint(field)!]);
      if (field.options && 'static' in field.options) {
        for (const o of field.options.static)
          out.push([`${field.name}=${o.value}`, o.label, text.option(field, o.value, o.label)]);
      }
      for (const message of [field.required_message, field.invalid_message]) {
        if (message) out.push([`${field.name} message`, message, text.message(message)]);
      }
    }
  }
  out.push(['success message', service.submit.success_message, text.message(service.submit.success_message)]);
  return out;
}

describe.each(servicesOf('land').map((s) => [s.id, s] as const))('the texts of %s', (_id, service) => {
  it("are the definition's English, word for word, in English", async () => {
    const text = await textsOf(service, 'en');
    for (const [what, english, shown] of pairs(service, text)) expect(shown, what).toBe(english);
  });

  it('all have a Kiswahili translation', async () => {
    const text = await textsOf(service, 'sw');
    const untranslated = pairs(service, text).filter(([, english, shown]) => !shown || shown === english);
    expect(untranslated.map(([what]) => what)).toEqual([]);
  });
});

describe('reference list labels', () => {
  it('translate by list and value, and keep a label they do not know', async () => {
    const [service] = servicesOf('land');
    const text = await textsOf(service!, 'sw');
    expect(findReferenceList('land-use-codes')).toBeDefined();
    expect(text.listOption('land-use-codes', 'RES', 'Residential')).toBe('Makazi');
    expect(text.listOption('wards', 'W1', 'Kilimani')).toBe('Kilimani');
  });
});
