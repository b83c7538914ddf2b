import { describe, expect, it } from 'vitest';
import { findService, menuOf, services } from './catalogue';
import {
  isRenewable,
  parseService,
  type ServiceDefinition,
  submitPathOf,
  validityDaysOf,
} from './definition';
import { BILL_LINES, BUILT_IN_FACTS } from './registries/document-template';
import { documentTemplateOf } from './registries/documents';
import { findFeeRule } from './registries/fee-rules';
import { findFieldKind } from './registries/field-kinds';
import { PUBLIC_PAGE_KINDS } from './registries/public-pages';
import { findReferenceList } from './registries/reference-lists';
import { findWorkflow } from './registries/workflows';
import {
  exampleOf,
  exampleValuesOf,
  fieldsOf,
  fieldValueSchema,
  fileFieldsOf,
  validateApplication,
  validateStep,
} from './schema-builder';
import { missingTexts } from './service-texts';
import { landTransfer } from './services/land/land-transfer/definition';

/** The spec's section 7 land API paths (plus the current-bill path of the issue). */
const SPEC_LAND_SUBMIT_PATHS: Record<string, string> = {
  'land-transfer': '/api/lands/application/add_lr_application',
  'add-land': '/api/lands/land_r/LinkLandParceltoCustomer',
  'land-survey': '/api/lands/land_survey/Applylandsurveyapplication',
  'land-clearance': '/api/lands/land_clearence/Applylandclearanceapplication',
  'ground-rent': '/api/globalms/ground_rent/application',
  'rates-search': '/api/lands/rate_search/application',
  'land-rates-bill': '/api/lands/rates/current-bill',
};

describe.each(services.map((s) => [s.id, s] as const))('service %s', (_id, service: ServiceDefinition) => {
  it('parses against the definition schema', () => {
    expect(() => parseService(service)).not.toThrow();
  });

  it('names only registered field kinds, lists, fee rules, workflows and documents', () => {
    const fields = fieldsOf(service);
    const names = new Set<string>();
    for (const field of fields) {
      expect(findFieldKind(field.kind), `field ${field.name}: kind ${field.kind}`).toBeDefined();
      expect(names.has(field.name), `field ${field.name} appears twice`).toBe(false);
      names.add(field.name);
      if (field.kind === 'select') expect(field.options, `select ${field.name} has options`).toBeDefined();
      // A group holds fields of its own, none of them a group (groups do not nest).
      if (field.kind === 'group') {
        expect(field.fields?.length, `group ${field.name} has fields`).toBeGreaterThan(0);
        for (const inner of field.fields ?? [])
          expect(inner.kind, `${field.name}.${inner.name}`).not.toBe('group');
      } else expect(field.fields, `only a group has fields (${field.name})`).toBeUndefined();
      if (field.show_when)
        expect(names.has(field.show_when.field), `${field.name} is shown by a field asked before it`).toBe(
          true,
        );
      if (field.options && 'list' in field.options) {
        const list = findReferenceList(field.options.list);
        expect(list, `field ${field.name}: list ${field.options.list}`).toBeDefined();
        // Every parameter the list needs is mapped; an optional one (a data list's parent) may be.
        const declared = Object.keys(list?.params ?? {});
        const needed = declared.filter((name) => !(list?.optional ?? []).includes(name)).sort();
        const mapped = Object.keys(field.options.params ?? {}).sort();
        expect(
          mapped.filter((name) => !(list?.optional ?? []).includes(name)),
          `params of ${field.name}`,
        ).toEqual(needed);
        for (const name of mapped) expect(declared, `params of ${field.name}`).toContain(name);
        for (const source of Object.values(field.options.params ?? {})) {
          expect(names.has(source), `${field.name} depends on ${source}, asked before it`).toBe(true);
        }
      }
      if ((field.required ?? true) === true) {
        expect(field.required_message, `required ${field.name} has its message`).toBeTruthy();
      }
    }
    const rule = findFeeRule(service.fee.rule);
    expect(rule, `fee rule ${service.fee.rule}`).toBeDefined();
    expect(() => rule?.params.parse(service.fee.params ?? {})).not.toThrow();
    const workflow = findWorkflow(service.workflow);
    expect(workflow, `workflow ${service.workflow}`).toBeDefined();
    if (workflow?.requires_fee) expect(service.fee.rule).not.toBe('none');
    // A definition's own template is the document only under the name `produces` gives.
    if (service.document)
      expect(service.produces, 'produces names its own document').toBe(service.document.name);
    expect(documentTemplateOf(service), `document ${service.produces}`).toBeDefined();
  });

  it('fee rule fields exist in the form', () => {
    const params = (service.fee.params ?? {}) as { key_fields?: string[]; field?: string };
    // A per-entry rule's keys may be fields of the group's entries.
    const names = fieldsOf(service).flatMap((f) => [f.name, ...(f.fields ?? []).map((g) => g.name)]);
    for (const key of [...(params.key_fields ?? []), ...(params.field ? [params.field] : [])]) {
      expect(names).toContain(key);
    }
  });

  it('its reference field, if any, is a text field of its form', () => {
    if (!service.reference_field) return;
    const field = fieldsOf(service).find((f) => f.name === service.reference_field);
    expect(field, `reference_field ${service.reference_field}`).toBeDefined();
    expect(field?.kind).not.toBe('file');
  });

  it('lists exactly its required file fields as required documents', () => {
    const requiredFiles = fieldsOf(service)
      .filter((f) => f.kind === 'file' && (f.required ?? true))
      .map((f) => f.name)
      .sort();
    expect((service.required_documents ?? []).map((d) => d.field).sort()).toEqual(requiredFiles);
    expect(fileFieldsOf(service).sort()).toEqual(requiredFiles);
  });

  it("is submitted to its spec API path where the spec names one (any route is allowed: the spec's list is the web's check)", () => {
    if (service.area === 'land') expect(service.submit.path).toBe(SPEC_LAND_SUBMIT_PATHS[service.id]);
  });

  it('refuses an empty payload with the required message of each required field, in order', () => {
    const result = validateApplication(service, {});
    // A field asked only for some answers (show_when) is not required of an empty form.
    const required = fieldsOf(service).filter((f) => (f.required ?? true) && !f.show_when);
    expect(result.success).toBe(required.length === 0);
    if (!result.success) {
      expect(result.errors).toEqual(required.map((f) => ({ path: f.name, message: f.required_message })));
    }
  });

  it('gives every field an example that passes its own validation, and a whole example payload', () => {
    for (const field of fieldsOf(service)) {
      const example = exampleOf(field);
      expect(example, `${field.name} has an example`).toBeDefined();
      expect(fieldValueSchema(field).safeParse(example).success, `${field.name}: ${String(example)}`).toBe(
        true,
      );
    }
    expect(validateApplication(service, exampleValuesOf(service))).toMatchObject({ success: true });
  });
});

/** Names a template's wording refers to: `{field}` placeholders. */
const placeholdersOf = (texts: readonly string[] = []) =>
  texts.flatMap((text) => [...text.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1]!));

describe.each(services.map((s) => [s.id, s] as const))('the folder of %s, checked as one', (_id, service) => {
  const template = documentTemplateOf(service);
  const fields = fieldsOf(service);
  const groups = fields.filter((f) => f.kind === 'group');
  const known = new Set<string>([
    ...fields.map((f) => f.name),
    ...(service.derived ?? []).map((d) => d.name),
    ...BUILT_IN_FACTS,
  ]);

  it('has every text in Kiswahili: a missing one fails, naming its key in sw.json', () => {
    expect(missingTexts(service, { own: service.texts?.sw })).toEqual([]);
  });

  it('prints only what its definition has: every fact, placeholder and table names one of its fields', () => {
    if (!template?.register) return;
    for (const fact of template.facts ?? []) expect(known, `fact ${fact.field}`).toContain(fact.field);
    for (const name of placeholdersOf([...(template.body ?? []), ...(template.conditions ?? [])]))
      expect(known, `{${name}}`).toContain(name);
    for (const table of template.tables ?? []) {
      if (table.field === BILL_LINES) {
        for (const column of table.columns) expect(['code', 'description', 'amount']).toContain(column.key);
        continue;
      }
      // A table of lines the area works out (derived) has the columns it makes.
      if ((service.derived ?? []).some((d) => d.name === table.field)) continue;
      const group = groups.find((g) => g.name === table.field);
      expect(group, `table ${table.field} is a repeating group of the form`).toBeDefined();
      const inner = new Set((group?.fields ?? []).map((f) => f.name));
      for (const column of table.columns) expect(inner, `${table.field}.${column.key}`).toContain(column.key);
    }
  });

  it('prints every repeating group, or says it leaves it out: nothing listed is dropped silently', () => {
    // Printed as a table, or through what the area makes of it ("plates" from "vehicles").
    const used = new Set([
      ...(template?.tables ?? []).map((t) => t.field),
      ...(template?.facts ?? []).map((f) => f.field),
      ...placeholdersOf([...(template?.body ?? []), ...(template?.conditions ?? [])]),
    ]);
    const printed = new Set([
      ...used,
      ...(service.derived ?? []).flatMap((d) => (d.from && used.has(d.name) ? [d.from] : [])),
    ]);
    const left = new Set(service.unprinted_groups ?? []);
    for (const name of left)
      expect(
        groups.map((g) => g.name),
        `unprinted ${name}`,
      ).toContain(name);
    if (!template?.register) return;
    for (const group of groups)
      expect(printed.has(group.name) || left.has(group.name), `group ${group.name}`).toBe(true);
  });

  it("a personal document names its person from one source: the account's, or the person on the form", () => {
    if (service.holder_id_field)
      expect(service.holder_field, 'an ID field goes with the name field it belongs to').toBeDefined();
    if (!template?.personal) return;
    const referenced = [
      ...(template.facts ?? []).map((f) => f.field),
      ...placeholdersOf([...(template.body ?? []), ...(template.conditions ?? [])]),
    ];
    // The person's ID is `holder_id`, from where `holder` comes from: never a number typed apart.
    const personalIds = referenced.filter((name) =>
      /(^|_)(id_number|national_id|passport(_no)?)$/.test(name),
    );
    expect(personalIds, 'an ID printed as a field of the form').toEqual([]);
    if (service.holder_field) {
      expect(
        service.holder_id_field,
        `holder_field ${service.holder_field} names its ID field too`,
      ).toBeDefined();
      expect(known).toContain(service.holder_field);
      expect(known).toContain(service.holder_id_field);
    }
  });
});

describe('the catalogue', () => {
  it('has unique ids, routes and submit paths', () => {
    for (const key of ['id', 'route'] as const) {
      const values = services.map((s) => s[key]);
      expect(new Set(values).size, key).toBe(values.length);
    }
    const paths = services.map(submitPathOf);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("posts to the spec's path where the definition names one, else to the service's own default", () => {
    expect(submitPathOf(landTransfer)).toBe('/api/lands/application/add_lr_application');
    const { path: _spec, ...withoutPath } = landTransfer.submit;
    expect(submitPathOf({ id: 'food-handlers', submit: withoutPath })).toBe(
      '/api/services/food-handlers/applications',
    );
  });

  it('covers every land service of the spec', () => {
    expect(Object.keys(SPEC_LAND_SUBMIT_PATHS).sort()).toEqual(
      services
        .filter((s) => s.area === 'land')
        .map((s) => s.id)
        .sort(),
    );
  });

  it('gives the Land services menu of the spec, in order, word for word', () => {
    expect(menuOf('land').map((s) => [s.route, s.description])).toEqual([
      ['/land-rates-bill', 'Request for current Land Rates Bill.'],
      ['/ground-rent', 'Apply Ground Rent or Stand Premium here.'],
      ['/land-transfer', 'Conduct a Land Owner Amendment.'],
      ['/land-survey', 'Apply for land survey.'],
      ['/land-clearance', 'Apply for land clearance.'],
    ]);
  });

  it('finds a service by id, and nothing for an unknown one', () => {
    expect(findService('land-transfer')?.route).toBe('/land-transfer');
    expect(findService('no-such-service')).toBeUndefined();
    expect(findService('constructor')).toBeUndefined();
  });
});

describe('the land transfer screen (spec section 2 and 5)', () => {
  it('has three steps: Instructions, Personal Details, Land Details', () => {
    expect(landTransfer.steps.map((s) => s.title)).toEqual([
      'Instructions',
      'Personal Details',
      'Land Details',
    ]);
    expect(landTransfer.steps[0].fields).toEqual([]);
    expect(landTransfer.steps[0].content?.length).toBeGreaterThan(3);
  });

  it("asks for the spec's fields, seven of them uploads", () => {
    expect(
      fieldsOf(landTransfer)
        .map((f) => f.name)
        .sort(),
    ).toEqual(
      [
        'lr_number',
        'current_land_use_code',
        'sub_county_code',
        'ward_code',
        'square_feet',
        'idCard',
        'passportPhoto',
        'passportPhoto2',
        'kraPinCert',
        'proofOfOwnership',
        'lrAppReceipt',
        'landSearch',
        'reason_for_application',
      ].sort(),
    );
    expect(fileFieldsOf(landTransfer)).toHaveLength(7);
  });

  it('answers every required item with its spec message, word for word', () => {
    const result = validateApplication(landTransfer, { lr_number: '  ' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.success ? [] : result.errors.map((e) => [e.path, e.message]));
    expect(messages).toMatchObject({
      lr_number: 'Please enter your land / parcel number',
      idCard: 'Please upload copy of your ID card',
      passportPhoto: 'Please add passport photo',
      passportPhoto2: 'Please add passport photo',
      kraPinCert: 'Please upload KRA PIN certificate',
      proofOfOwnership: 'Please add proof of ownership e.g title deed document',
      lrAppReceipt: 'Please upload copy of your Transfer Application Payment Receipt',
      landSearch: 'Please upload copy of land search',
    });
  });

  it('validates one step on its own (the wizard validates each step on submit)', () => {
    const personal = landTransfer.steps[1];
    const bad = validateStep(personal, { idCard: 'a1b2c3d4-0000-4000-8000-000000000001' });
    expect(bad.success).toBe(false);
    expect(bad.success ? [] : bad.errors.map((e) => e.path)).toEqual([
      'passportPhoto',
      'passportPhoto2',
      'kraPinCert',
    ]);
    const ids = ['1', '2', '3', '4'].map((n) => `a1b2c3d4-0000-4000-8000-00000000000${n}`);
    const good = validateStep(personal, {
      idCard: ids[0],
      passportPhoto: ids[1],
      passportPhoto2: ids[2],
      kraPinCert: ids[3],
      unrelated: 'dropped',
    });
    expect(good).toEqual({
      success: true,
      values: { idCard: ids[0], passportPhoto: ids[1], passportPhoto2: ids[2], kraPinCert: ids[3] },
    });
  });

  it('reads the size typed as text as a number, tidies the LR number, and refuses a bad upload id', () => {
    const land = landTransfer.steps[2];
    const result = validateStep(land, {
      lr_number: ' 209 / 10001 ',
      current_land_use_code: 'RES',
      sub_county_code: '274',
      ward_code: '1361',
      square_feet: '5,000',
      reason_for_application: 'SALE',
      proofOfOwnership: 'not-an-upload-id',
      lrAppReceipt: 'a1b2c3d4-0000-4000-8000-000000000005',
      landSearch: 'a1b2c3d4-0000-4000-8000-000000000006',
    });
    expect(result.success).toBe(false);
    expect(result.success ? [] : result.errors).toEqual([
      { path: 'proofOfOwnership', message: 'This upload was not recognised. Please upload the file again.' },
    ]);
    const size = validateStep(land, { square_feet: '0' });
    expect(size.success ? [] : size.errors.find((e) => e.path === 'square_feet')?.message).toBe(
      'Please enter the size in square feet as a number greater than 0',
    );
  });
});

it('gives an issued outdoor event its public page (issue 39: /social/event/{id})', () => {
  expect(findService('outdoor-events')?.public_page?.kind).toBe('event');
});

describe.each(services.filter((s) => s.public_page).map((s) => [s.id, s] as const))(
  'the public page of %s',
  (_id, service) => {
    it("reads each of its kind's answers from a field always asked, and nothing else", () => {
      const page = service.public_page!;
      const fields = new Map(fieldsOf(service).map((f) => [f.name, f]));
      expect(Object.keys(page.fields).sort()).toEqual([...PUBLIC_PAGE_KINDS[page.kind].answers].sort());
      for (const [answer, name] of Object.entries(page.fields)) {
        expect(fields.has(name), `${answer} reads ${name}, a field of the form`).toBe(true);
        expect(fields.get(name)?.show_when, `${name} is always asked`).toBeUndefined();
        expect(['phone', 'email', 'file'], `${answer} is nothing personal`).not.toContain(
          fields.get(name)?.kind,
        );
      }
    });
  },
);

describe.each(services.filter((s) => isRenewable(s)).map((s) => [s.id, s] as const))(
  'the renewable service %s (decision 040)',
  (_id, service) => {
    it('issues a registered document with a fixed validity, renewed a year on', () => {
      const template = documentTemplateOf(service);
      expect(template?.register, 'it issues a document of the register').toBeDefined();
      const days = validityDaysOf(service, {}) ?? template?.validity_days;
      expect(days, 'a validity of its own or its template').toBeGreaterThanOrEqual(365);
      expect(findWorkflow(service.workflow)?.name).not.toBe('ticket');
    });
  },
);

describe('renewable services', () => {
  it('are the business permits and the yearly licences of issues 38 and 39', () => {
    expect(
      services
        .filter((s) => isRenewable(s))
        .map((s) => s.id)
        .sort(),
    ).toEqual([
      'advertisements',
      'betting-and-gaming',
      'dog-licence',
      'fire-certificate',
      'fish-trading-licence',
      'food-hygiene-licence',
      'liquor-licensing',
      'outdoor-advertisement',
      'single-business-permit',
      'unified-business-permit',
    ]);
  });
});
