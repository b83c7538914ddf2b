import { useId } from 'react';
import { changeLanguage, type Language, languages } from '../../lib/i18n';
import { useTranslation } from '../../lib/translator';

/** English / Kiswahili, remembered on this device. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="visually-hidden">
        {t('header.language')}
      </label>
      <select
        id={id}
        value={i18n.resolvedLanguage ?? 'en'}
        onChange={(e) => void changeLanguage(e.target.value as Language)}
      >
        {languages.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.label}
          </option>
        ))}
      </select>
    </div>
  );
}
