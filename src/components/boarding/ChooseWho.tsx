import type { BoardingListEntry } from '@/operations/boarding-decision';

import type { Translate } from './boarding-text';
import styles from '../staff-app/staff-app.module.css';

export type Choice = { reference: string; tickets: BoardingListEntry[]; selected: string[] };

/** A booking's reference with several people still to board: the crew tick who is here. */
export function ChooseWho({
  choice,
  t,
  onChange,
  onConfirm,
  onCancel,
}: {
  choice: Choice;
  t: Translate;
  onChange: (selected: string[]) => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <div className={styles.sheet} role="dialog" aria-modal="true" aria-labelledby="boarding-choice">
      <h2 id="boarding-choice" className={styles.subtitle}>
        {t('chooseWho', { reference: choice.reference })}
      </h2>
      <p>{choice.tickets[0]?.leadName}</p>
      <ul className={styles.choices}>
        {choice.tickets.map((ticket) => (
          <li key={ticket.code}>
            <label className={styles.choice}>
              <input
                type="checkbox"
                checked={choice.selected.includes(ticket.code)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...choice.selected, ticket.code]
                      : choice.selected.filter((c) => c !== ticket.code),
                  )
                }
              />
              {t(`category.${ticket.category}`)} · {ticket.code.slice(-6)}
            </label>
          </li>
        ))}
      </ul>
      <button type="button" className={styles.primary} disabled={choice.selected.length === 0} onClick={onConfirm}>
        {t('boardSelected', { count: choice.selected.length })}
      </button>
      <button type="button" className={styles.secondary} onClick={onCancel}>
        {t('cancel')}
      </button>
    </div>
  );
}
