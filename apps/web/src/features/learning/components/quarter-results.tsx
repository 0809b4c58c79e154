import type { QuarterResult } from '@portal/shared/schemas/learning';

/** The student's result per quarter: grade, percentile and whether it was passed. */
export function QuarterResults({ results, labelledBy }: { results: QuarterResult[]; labelledBy: string }) {
  return (
    // A table wider than a phone scrolls sideways: the region can take focus, so arrow keys scroll it.
    <div className="learning-table-wrap" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      <table className="learning-table" aria-labelledby={labelledBy}>
        <thead>
          <tr>
            <th scope="col">Quarter</th>
            <th scope="col">Grade</th>
            <th scope="col">Percentile</th>
            <th scope="col">Result</th>
          </tr>
        </thead>
        <tbody>
          {results.map((result) => (
            <tr key={result.quarter}>
              <th scope="row">{result.quarter}</th>
              <td>{result.grade}</td>
              <td>{result.percentile}</td>
              <td>
                <span
                  className={
                    result.isPassed
                      ? 'result-badge result-badge--passed'
                      : 'result-badge result-badge--failed'
                  }
                >
                  {result.isPassed ? 'Passed' : 'Failed'}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
