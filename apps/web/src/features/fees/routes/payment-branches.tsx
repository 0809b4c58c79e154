import type { PaymentBranch } from '@portal/shared/schemas/fees';
import { useState } from 'react';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/session';
import { usePaymentBranches } from '../api/fees';
import { FailurePanel } from '../components/failure-panel';
import '../components/fees.css';

/** A web address from data, or null (never a script URL). */
function webAddress(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * /paymentbranches: the bank branches of the student's city. The spec's map embed is a link instead: the
 * Content-Security-Policy allows no frames.
 */
export function PaymentBranchesRoute() {
  const { student } = useSession();
  const city = student?.cityOfStudy ?? '';
  const branches = usePaymentBranches(city);
  const [chosen, setChosen] = useState<PaymentBranch | null>(null);
  const mapHref = chosen ? webAddress(chosen.location) : null;

  return (
    <Card title="Payment Branches" intro={city ? `Branches in ${city}` : undefined} size="wide">
      {branches.isPending ? (
        <Spinner label="Loading the branches" />
      ) : branches.isError ? (
        <FailurePanel error={branches.error} onReload={() => void branches.refetch()} />
      ) : branches.data.length === 0 ? (
        <p>No payment branches are listed for your city.</p>
      ) : (
        <>
          <div className="fee-table-wrap">
            <table className="fee-table">
              <thead>
                <tr>
                  <th scope="col">Branch</th>
                  <th scope="col">Contact</th>
                  <th scope="col">Address</th>
                  <th scope="col">City</th>
                </tr>
              </thead>
              <tbody>
                {branches.data.map((branch, index) => (
                  <tr
                    key={`${branch.branchName}-${index}`}
                    className="fee-row fee-row--clickable"
                    aria-selected={chosen === branch}
                    onClick={() => setChosen(branch)}
                  >
                    <td>
                      <button type="button" className="fee-row__button" onClick={() => setChosen(branch)}>
                        {branch.branchName}
                      </button>
                    </td>
                    <td>{branch.contactNo}</td>
                    <td>{branch.branchAddress}</td>
                    <td>{branch.city}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {chosen ? (
            <section className="branch-map" aria-label={`Map of ${chosen.branchName}`}>
              <h2 className="branch-map__title">{chosen.branchName}</h2>
              <p>{chosen.branchAddress}</p>
              {mapHref ? (
                <a href={mapHref} target="_blank" rel="noopener noreferrer">
                  Open in maps
                </a>
              ) : (
                <p>No map is available for this branch.</p>
              )}
            </section>
          ) : null}
        </>
      )}
    </Card>
  );
}
