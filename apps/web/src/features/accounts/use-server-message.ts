import { useMessageTranslation } from '../../lib/i18n';
import { useTranslation } from '../../lib/translator';

const TRY_AGAIN = /^(.*?)\s*Please try again in (\d+) minutes?\.$/;

/**
 * Translates an English message from the server or from a shared schema. A limit's message
 * carries a number ("… Please try again in 15 minutes."), so its two parts are translated apart.
 */
export function useServerMessage(): (message: string) => string {
  const translateMessage = useMessageTranslation();
  const { t } = useTranslation('accounts');
  return (message) => {
    const match = TRY_AGAIN.exec(message);
    if (match) {
      const lead = match[1] ? `${translateMessage(match[1])} ` : '';
      return `${lead}${t('tryAgainIn', { count: Number(match[2]) })}`;
    }
    return translateMessage(message);
  };
}
