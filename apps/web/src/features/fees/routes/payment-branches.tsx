import type { PaymentBranch } from '@portal/shared/schemas/fees';
import { useState } from 'react';
import { Card } from '@/components/ui/card';
import { QueryFailure } from '@/components/ui/failure-panel';
import { SectionBoundary } from '@/components/ui/section-boundary';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/lib/session';
import { useSettings } from '@/lib/settings';
import { usePaymentBranches } from '@/features/fees/api/fees';
import { BranchMap } from '@/features/fees/components/branch-map';
import { useNarrowScreen } from '@/features/fees/utils/use-narrow-screen';
import { useT } from '@/features/fees/i18n';
import '@/features/fees/components/fees.css';

interface BranchListProps {
  branches: PaymentBranch[];
  chosen: PaymentBranch | null;
  onChoose: (branch: PaymentBranch) => void;
}

/** /paymentbranches: the bank branches of the student's city; a chosen branch shows its map (decision 0011). */
export function PaymentBranchesRoute() {
  const t = useT();
  const { student } = useSession();
  const city = student?.cityOfStudy ?? '';
  const branches = usePaymentBranches(city);
  const mapOrigins = useSettings().data?.mapOrigins ?? [];
  const narrow = useNarrowScreen();
  const [chosen, setChosen] = useState<PaymentBranch | null>(null);

  return (
    <Card title={t('branches.title')} intro={city ? t('branches.intro', { city }) : undefined} size="wide">
      {branches.isPending ? (
        <Skeleton lines={4} block label={t('branches.loading')} />
      ) : branches.isError ? (
        <QueryFailure query={branches} retryLabel={t('payment.reload')} />
      ) : branches.data.length === 0 ? (
        <p>{t('branches.empty')}</p>
      ) : (
        <>
          {narrow ? (
            <BranchCards branches={branches.data} chosen={chosen} onChoose={setChosen} />
          ) : (
            <BranchTable branches={branches.data} chosen={chosen} onChoose={setChosen} />
          )}
          {chosen ? (
            <SectionBoundary name="branch map" retryLabel={t('payment.reload')}>
              <BranchMap branch={chosen} mapOrigins={mapOrigins} />
            </SectionBoundary>
          ) : null}
        </>
      )}
    </Card>
  );
}

function BranchButton({ branch, onChoose }: { branch: PaymentBranch; onChoose: () => void }) {
  return (
    <button type="button" className="fee-row__button" onClick={onChoose}>
      {branch.branchName}
    </button>
  );
}

/** Wider screens: a table, which scrolls sideways (by keyboard too) when an address is long. */
function BranchTable({ branches, chosen, onChoose }: BranchListProps) {
  const t = useT();
  return (
    <div className="fee-table-wrap" role="region" aria-label={t('branches.label')} tabIndex={0}>
      <table className="fee-table">
        <thead>
          <tr>
            <th scope="col">{t('branches.branch')}</th>
            <th scope="col">{t('branches.contact')}</th>
            <th scope="col">{t('branches.address')}</th>
            <th scope="col">{t('branches.city')}</th>
          </tr>
        </thead>
        <tbody>
          {branches.map((branch, index) => (
            <tr
              key={`${branch.branchName}-${index}`}
              className="fee-row fee-row--clickable"
              aria-selected={chosen === branch}
              onClick={() => onChoose(branch)}
            >
              <td>
                <BranchButton branch={branch} onChoose={() => onChoose(branch)} />
              </td>
              <td>{branch.contactNo}</td>
              <td>{branch.branchAddress}</td>
              <td>{branch.city}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones: one card per branch with every field labelled, so nothing is cut off at the right edge. */
function BranchCards({ branches, chosen, onChoose }: BranchListProps) {
  const t = useT();
  return (
    <ul className="fee-cards" aria-label={t('branches.label')}>
      {branches.map((branch, index) => (
        <li
          key={`${branch.branchName}-${index}`}
          className={chosen === branch ? 'fee-card fee-card--chosen' : 'fee-card'}
        >
          <dl className="fee-card__fields">
            <div className="fee-card__field--wide">
              <dt>{t('branches.branch')}</dt>
              <dd>
                <BranchButton branch={branch} onChoose={() => onChoose(branch)} />
              </dd>
            </div>
            <div className="fee-card__field--wide">
              <dt>{t('branches.address')}</dt>
              <dd>{branch.branchAddress}</dd>
            </div>
            <div className="fee-card__field--wide">
              <dt>{t('branches.contact')}</dt>
              <dd className="fee-card__phone">{branch.contactNo}</dd>
            </div>
            <div>
              <dt>{t('branches.city')}</dt>
              <dd>{branch.city}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
