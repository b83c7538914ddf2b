import type { StepDefinition } from '@kaunti/catalogue/definition';
import type { ServiceText } from '../../lib/service-text';
import { Alert } from '../../ui/alert/alert';
import styles from './service-wizard.module.css';

/** The information of a step (an Instructions step has only this): headings, text, lists, notices. */
export function ContentBlocks({ step, text }: { step: StepDefinition; text: ServiceText }) {
  const blocks = step.content ?? [];
  if (blocks.length === 0) return null;
  return (
    <div className={styles.content}>
      {blocks.map((block, index) => {
        const value = text.block(step, index, block);
        // Blocks are a fixed list in the definition: their position is their identity.
        const key = `${step.id}-${index}`;
        switch (block.type) {
          case 'heading':
            return <h3 key={key}>{value}</h3>;
          case 'paragraph':
            return <p key={key}>{value}</p>;
          case 'notice':
            return (
              <Alert key={key} variant="info" live={false}>
                <p>{value}</p>
              </Alert>
            );
          case 'link':
            return (
              <p key={key}>
                {/* A new tab: the form keeps what was typed while the page is read. */}
                <a href={block.to} target="_blank" rel="noopener">
                  {value} {text.message('(opens in a new tab)')}
                </a>
              </p>
            );
          case 'list':
            return (
              <ul key={key}>
                {(value as string[]).map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            );
          default:
            return null;
        }
      })}
    </div>
  );
}
