import { Link } from 'react-router';
import { useTranslation } from '../../lib/translator';
import { useCountyValues } from './county-values';
import styles from './info-page.module.css';
import { type FaqItem, readFaqGroups } from './translated-content';

function Faq({ item }: { item: FaqItem }) {
  return (
    <details className={`${styles.faq} ${styles.anchored}`} id={`faq-${item.id}`}>
      <summary>{item.question}</summary>
      <div className={styles.answer}>
        {item.answer.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        {item.steps.length > 0 ? (
          <ol>
            {item.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        ) : null}
        {item.link ? (
          <p>
            <Link to={item.link.to}>{item.link.label}</Link>
          </p>
        ) : null}
      </div>
    </details>
  );
}

/**
 * /faqs: questions grouped under h2 headings; each question is a native disclosure
 * (details/summary): keyboard and screen-reader support built in, and the browser's find-in-page
 * opens a closed answer.
 */
export function FaqsPage() {
  const { t } = useTranslation('pages-faqs');
  const values = useCountyValues();
  const groups = readFaqGroups(t('groups', { returnObjects: true, ...values }));
  return (
    <div className={styles.page}>
      <p className={styles.intro}>{t('intro')}</p>
      {groups.map((group, index) => (
        <section key={group.title} className={styles.faqGroup} aria-labelledby={`faq-group-${index + 1}`}>
          <h2 id={`faq-group-${index + 1}`}>{group.title}</h2>
          {group.items.map((item) => (
            <Faq key={item.id} item={item} />
          ))}
        </section>
      ))}
      <section className={styles.aside} aria-labelledby="faq-more-help">
        <h2 id="faq-more-help">{t('moreHelp')}</h2>
        <p>{t('moreHelpBody')}</p>
        <p>
          <Link to="/contact">{t('contactLink')}</Link>
        </p>
      </section>
    </div>
  );
}
