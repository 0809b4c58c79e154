import type { QuarterResult } from '@portal/shared/schemas/learning';
import { useFormat } from '@/lib/i18n';
import { useT } from '@/features/learning/i18n';

/** The student's result per quarter: grade, percentile and whether it was passed. */
export function QuarterResults({ results, labelledBy }: { results: QuarterResult[]; labelledBy: string }) {
  const t = useT();
  const format = useFormat();
  return (
    // A table wider than a phone scrolls sideways: the region can take focus, so arrow keys scroll it.
    <div className="learning-table-wrap" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      <table className="learning-table" aria-labelledby={labelledBy}>
        <thead>
          <tr>
            <th scope="col">{t('dashboard.results.quarter')}</th>
            <th scope="col">{t('dashboard.results.grade')}</th>
            <th scope="col">{t('dashboard.results.percentile')}</th>
            <th scope="col">{t('dashboard.results.result')}</th>
          </tr>
        </thead>
        <tbody>
          {results.map((result) => (
            <tr key={result.quarter}>
              <th scope="row">{result.quarter}</th>
              <td>{result.grade}</td>
              <td>{format.number(result.percentile)}</td>
              <td>
                <span
                  className={
                    result.isPassed
                      ? 'result-badge result-badge--passed'
                      : 'result-badge result-badge--failed'
                  }
                >
                  {result.isPassed ? t('dashboard.results.passed') : t('dashboard.results.failed')}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
