/**
 * A service's texts in another language than its definition's English, as its folder keeps them
 * (`services/<area>/<id>/sw.json`): keyed by what they translate — step ids, field names (a
 * group's fields under its own), option values, fact fields — never by the English sentence, so
 * changing a wording in English shows at once which translation is now stale (the catalogue check
 * names the key that is missing). Zod-free: the web wizard loads a service's texts with it.
 *
 *   title, description                          the service's name and its menu sentence
 *   steps.<step>.title | .description | .content.<block>[.<item>]
 *   fields.<field>.label | .hint | .placeholder | .add_label | .entry_label
 *                 .required_message | .invalid_message | .pattern_message
 *                 .options.<value>
 *                 .fields.<field of the group's entries>...       (the same, for a group's fields)
 *   required_documents.<field>                  what to prepare
 *   submit.success_message | .failure_message
 *   status_sms.under_review | .approved | .issued   the service's own status SMS
 *   document                                    its own template's texts (TemplateTexts)
 *
 * An area's shared fields keep theirs beside them (`services/<area>/shared.sw.json`, same
 * `fields` shape): a service's own text wins over its area's.
 */
export interface FieldTexts {
  label?: string;
  hint?: string;
  placeholder?: string;
  add_label?: string;
  entry_label?: string;
  required_message?: string;
  invalid_message?: string;
  pattern_message?: string;
  options?: Record<string, string>;
  fields?: Record<string, FieldTexts>;
}

/** A block's text, or a list block's items (by index, as an array or an object keyed "0", "1"…). */
export type BlockTexts = string | readonly string[] | Readonly<Record<string, string>>;

export interface StepTexts {
  title?: string;
  description?: string;
  /** By the block's index (an array, or an object keyed "0", "1"…); a list's items under it. */
  content?: readonly BlockTexts[] | Readonly<Record<string, BlockTexts>>;
}

/** A document template's texts: its title and wording, and each fact's and table's labels. */
export interface TemplateTexts {
  title?: string;
  description?: string;
  /** By the field (or built-in) the fact prints. */
  facts?: Record<string, string>;
  /** By the table's field (a repeating group, or bill_lines). */
  tables?: Record<string, { title?: string; columns?: Record<string, string> }>;
  body?: string[];
  conditions?: string[];
  conditions_title?: string;
}

/** The steps a service may word its own status SMS for. */
export type StatusSmsStep = 'under_review' | 'approved' | 'issued';

export interface ServiceTexts {
  title?: string;
  description?: string;
  steps?: Record<string, StepTexts>;
  fields?: Record<string, FieldTexts>;
  required_documents?: Record<string, string>;
  submit?: { success_message?: string; failure_message?: string };
  status_sms?: Partial<Record<StatusSmsStep, string>>;
  document?: TemplateTexts;
}
