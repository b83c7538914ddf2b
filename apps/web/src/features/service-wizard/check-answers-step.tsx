import type { FieldDefinition } from '@kaunti/catalogue/definition';
import { useWatch } from '../../lib/form';
import type { ServiceText } from '../../lib/service-text';
import { useTranslation } from '../../lib/translator';
import type { UploadedFile } from '../../lib/uploads';
import type { CustomStepProps } from './custom-step-props';
import { useFieldOptions } from './fields/reference-options';
import styles from './service-wizard.module.css';

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
  return <>{String(value)}</>;
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
          <dl>
            {(s.fields ?? []).map((field) => (
              <div key={field.name} className={styles.answer}>
                <dt>{text.label(field)}</dt>
                <dd>
                  <Answer
                    field={field}
                    text={text}
                    {...(files[field.name] ? { file: files[field.name] } : {})}
                  />
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
