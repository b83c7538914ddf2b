import { services, servicesOf } from '@kaunti/catalogue/catalogue';
import type { ServiceDefinition } from '@kaunti/catalogue/definition';
import { findReferenceList } from '@kaunti/catalogue/registries/reference-lists';
import { localiseService } from '@kaunti/catalogue/service-texts';
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
    // A group's fields as the form draws them: named by their entry ("vehicles.0.plate").
    const drawn = (step.fields ?? []).flatMap((field) => [
      field,
      ...(field.fields ?? []).map((inner) => ({ ...inner, name: `${field.name}.0.${inner.name}` })),
    ]);
    for (const field of drawn) {
      out.push([`${field.name} label`, field.label, text.label(field)]);
      if (field.hint) out.push([`${field.name} hint`, field.hint, text.hint(field)!]);
      if (field.options && 'static' in field.options) {
        for (const o of field.options.static)
          out.push([`${field.name}=${o.value}`, o.label, text.option(field, o.value, o.label)]);
      }
      const messages = {
        required: field.required_message,
        invalid: field.invalid_message,
        pattern: field.pattern?.message,
      };
      for (const [kind, message] of Object.entries(messages))
        if (message) out.push([`${field.name} ${kind} message`, message, text.message(message)]);
    }
  }
  out.push(['success message', service.submit.success_message, text.message(service.submit.success_message)]);
  return out;
}

describe.each(services.map((s) => [s.id, s] as const))('the texts of %s', (_id, service) => {
  it("are the definition's English, word for word, in English", async () => {
    const text = await textsOf(service, 'en');
    for (const [what, english, shown] of pairs(service, text)) expect(shown, what).toBe(english);
  });

  it("are its folder's Kiswahili in Kiswahili, a group's fields too (the catalogue check holds the folder complete)", async () => {
    const text = await textsOf(service, 'sw');
    const localised = localiseService(service, { own: service.texts?.sw }, 'sw');
    const expected = pairs(localised, await textsOf(localised, 'en'));
    const shown = pairs(service, text);
    // (A Kiswahili definition says its own invalid messages, which the English leaves to the kind.)
    const asked = new Set(shown.map(([what]) => what));
    expect(shown.map(([what, , value]) => [what, value])).toEqual(
      expected.filter(([what]) => asked.has(what)).map(([what, english]) => [what, english]),
    );
    // Something is translated: the service's own texts are not its English.
    expect(shown.filter(([, english, value]) => english !== value).length).toBeGreaterThan(0);
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
