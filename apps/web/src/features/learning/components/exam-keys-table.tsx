import type { ExamKey } from '@portal/shared/schemas/learning';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useT } from '@/features/learning/i18n';

/** The exam key of each quiz, in a monospace font; a tap selects the whole key, Copy puts it on the clipboard. */
export function ExamKeysTable({ keys, labelledBy }: { keys: ExamKey[]; labelledBy: string }) {
  const t = useT();
  const [copied, setCopied] = useState<number | null>(null);
  const canCopy = typeof navigator !== 'undefined' && Boolean(navigator.clipboard);

  async function copy(index: number, key: string) {
    try {
      await navigator.clipboard.writeText(key);
      setCopied(index);
    } catch {
      // Permission refused: the key can still be selected by hand.
      setCopied(null);
    }
  }

  return (
    // A table wider than a phone scrolls sideways: the region can take focus, so arrow keys scroll it.
    <div className="learning-table-wrap" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      <table className="learning-table exam-keys" aria-labelledby={labelledBy}>
        <thead>
          <tr>
            <th scope="col">{t('examKeys.quiz')}</th>
            <th scope="col">{t('examKeys.examKey')}</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((entry, index) => (
            <tr key={`${index}-${entry.quizName}`}>
              <th scope="row" dir="auto">
                {entry.quizName}
              </th>
              <td>
                <div className="exam-key">
                  <code className="exam-key__value">{entry.examKey}</code>
                  {canCopy ? (
                    <Button
                      variant="secondary"
                      className="exam-key__copy"
                      aria-label={t('examKeys.copyLabel', { quiz: entry.quizName })}
                      onClick={() => void copy(index, entry.examKey)}
                    >
                      {copied === index ? t('examKeys.copied') : t('examKeys.copy')}
                    </Button>
                  ) : null}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="visually-hidden" role="status">
        {copied === null ? '' : t('examKeys.copiedStatus', { quiz: keys[copied]?.quizName ?? '' })}
      </p>
    </div>
  );
}
