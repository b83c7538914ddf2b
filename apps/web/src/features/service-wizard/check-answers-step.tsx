import type { FieldDefinition } from '@kaunti/catalogue/definition';
import { isShown } from '@kaunti/catalogue/field-rules';
import { useWatch } from '../../lib/form';
import type { ServiceText } from '../../lib/service-text';
import { useTranslation } from '../../lib/translator';
import type { UploadedFile } from '../../lib/uploads';
import type { CustomStepProps } from './custom-step-props';
import { useFieldOptions } from './fields/reference-options';
import styles from './service-wizard.module.css';

/** One answer in words: a choice by its (translated) name, a ticked box as "Yes", a file by its name. */
function Answer({ field, text, file }: { field: FieldDefinition; text: ServiceText; file?: UploadedFile }) {
  const { t } = useTranslation('wizard');
  const value = useWatch({ name: field.name }) as unknown;
  const options = useFieldOptions(field);
  if (value === undefined || value === null || value === '' || value === false) {
    return <span className={styles.muted}>{t('checkAnswers.notGiven')}</span>;
  }
  if (value === true) return <>{t('checkAnswers.yes')}</>;
  if (field.kind === 'file') return <>{file?.name ?? t('upload.kept')}</>;
  const option = options.options.find((o) => o.value === value);
  if (option) {
    return (
      <>
        {options.status === 'ready'
          ? text.listOption(options.list, option.value, option.label)
          : text.option(field, option.value, option.label)}
      </>
    );
  }
  return <>{typeof value === 'object' ? '' : String(value)}</>;
}

/** A repeating group's entries, each numbered by what it is ("Vehicle 1") with its own answers. */
function GroupAnswer({ group, text }: { group: FieldDefinition; text: ServiceText }) {
  const { t } = useTranslation('wizard');
  const entries = useWatch({ name: group.name }) as unknown;
  const count = Array.isArray(entries) ? entries.length : 0;
  if (count === 0) return <span className={styles.muted}>{t('checkAnswers.notGiven')}</span>;
  return (
    <ol className={styles.answerEntries}>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an entry is its place in the group.
        <li key={index}>
          <p className={styles.answerEntryTitle}>{text.entry(group, index + 1)}</p>
          <dl className={styles.answerEntry}>
            {(group.fields ?? []).map((inner) => (
              <div key={inner.name}>
                <dt>{text.label(inner)}</dt>
                <dd>
                  <Answer field={{ ...inner, name: `${group.name}.${index}.${inner.name}` }} text={text} />
                </dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ol>
  );
}

/** A step's answers, leaving out the fields its answers did not ask (`show_when`). */
function StepAnswers({
  fields,
  text,
  files,
}: {
  fields: readonly FieldDefinition[];
  text: ServiceText;
  files: CustomStepProps['files'];
}) {
  const values = useWatch() as Record<string, unknown>;
  return (
    <dl>
      {fields
        .filter((field) => isShown(field, values))
        .map((field) => (
          <div key={field.name} className={styles.answer}>
            <dt>{text.label(field)}</dt>
            <dd>
              {field.kind === 'group' ? (
                <GroupAnswer group={field} text={text} />
              ) : (
                <Answer
                  field={field}
                  text={text}
                  {...(files[field.name] ? { file: files[field.name] } : {})}
                />
              )}
            </dd>
          </div>
        ))}
    </dl>
  );
}

/**
 * A custom step: every answer of the steps before it, grouped by step, each group with a Change
 * button that goes back to it.
 */
export function CheckAnswersStep({ service, step, text, files, goToStep }: CustomStepProps) {
  const { t } = useTranslation('wizard');
  const index = service.steps.indexOf(step);
  const before = service.steps.slice(0, index).filter((s) => (s.fields ?? []).length > 0);
  return (
    <div>
      {before.map((s) => (
        <section key={s.id} className={styles.answers} aria-labelledby={`answers-${s.id}`}>
          <div className={styles.answersHead}>
            <h3 id={`answers-${s.id}`}>{text.stepTitle(s)}</h3>
            <button
              type="button"
              className={styles.linkButton}
              onClick={() => goToStep(service.steps.indexOf(s))}
            >
              {t('checkAnswers.change')}
              <span className="visually-hidden"> {text.stepTitle(s)}</span>
            </button>
          </div>
          <StepAnswers fields={s.fields ?? []} text={text} files={files} />
        </section>
      ))}
    </div>
  );
}
