import { useState } from 'react';
import {
  RECONCILIATION_LISTS,
  SETTLEMENT_MAX_BYTES,
  type ReconciliationEntry,
  type ReconciliationList,
} from '@portal/shared/schemas/staff-money';
import { messages } from '@portal/shared/messages';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { FailurePanel } from '../../../../components/ui/failure-panel';
import { ProgressBar } from '../../../../components/ui/progress-bar';
import { TableScroll } from '../../../components/table-scroll';
import { reportCsvUrl, useReconcile } from '../api/reconcile';
import { MarkPaidDialog } from '../components/mark-paid-dialog';

const titles: Record<ReconciliationList, string> = {
  matched: 'Paid in both',
  paidOnlyInSettlement: 'Paid only in the settlement',
  paidOnlyInPortal: 'Paid only in the portal',
  amountMismatch: 'Amounts that differ',
};

/** The rows of a list drawn at once; the downloaded report has every one. */
const SHOWN_ROWS = 200;

type Payable = ReconciliationEntry & { voucherId: string };

function payable(entry: ReconciliationEntry): entry is Payable {
  return entry.voucherId !== null && (entry.voucherStatus === 'PENDING' || entry.voucherStatus === 'EXPIRED');
}

function ReportList(props: {
  list: ReconciliationList;
  entries: ReconciliationEntry[];
  paid: ReadonlySet<string>;
  onMarkPaid: (entry: Payable) => void;
}) {
  const { list, entries } = props;
  const headingId = `reconciliation-${list}`;
  return (
    <section className="console-section" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {list}{' '}
        <small>
          ({titles[list]}): {entries.length}
        </small>
      </h2>
      {entries.length > SHOWN_ROWS ? (
        <p className="field__hint">
          The first {SHOWN_ROWS} of {entries.length}; the downloaded report has them all.
        </p>
      ) : null}
      {entries.length === 0 ? (
        <p>None.</p>
      ) : (
        <TableScroll label={titles[list]}>
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">Consumer number</th>
                <th scope="col">Line</th>
                <th scope="col">Roll number</th>
                <th scope="col">Voucher</th>
                <th scope="col">Fee</th>
                <th scope="col">Settlement</th>
                <th scope="col">Portal</th>
                <th scope="col">tran_auth_id</th>
                <th scope="col">Date</th>
                <th scope="col">Bank</th>
                <th scope="col">Detail</th>
                {list === 'paidOnlyInSettlement' ? <th scope="col">Action</th> : null}
              </tr>
            </thead>
            <tbody>
              {entries.slice(0, SHOWN_ROWS).map((entry) => (
                <tr key={`${entry.consumerNumber}-${entry.line ?? entry.portalTranAuthId}`}>
                  <td>{entry.consumerNumber}</td>
                  <td>{entry.line ?? '—'}</td>
                  <td>{entry.rollNo ?? '—'}</td>
                  <td>{entry.voucherStatus ?? '—'}</td>
                  <td>{entry.fee ?? '—'}</td>
                  <td>{entry.settlementAmount ?? '—'}</td>
                  <td>{entry.portalAmount ?? '—'}</td>
                  <td>{entry.tranAuthId ?? entry.portalTranAuthId ?? '—'}</td>
                  <td>{entry.tranDate ?? '—'}</td>
                  <td>{entry.bank ?? '—'}</td>
                  <td>{entry.detail}</td>
                  {list === 'paidOnlyInSettlement' ? (
                    <td>
                      {props.paid.has(entry.consumerNumber) ? (
                        'Marked paid'
                      ) : payable(entry) ? (
                        <Button
                          variant="secondary"
                          aria-label={`Mark paid ${entry.consumerNumber}`}
                          onClick={() => props.onMarkPaid(entry)}
                        >
                          Mark paid
                        </Button>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

/** Upload the aggregator's settlement CSV, read the four lists, and mark paid what only the bank has. */
export function ReconciliationRoute() {
  const [progress, setProgress] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const [paying, setPaying] = useState<Payable | null>(null);
  const [paid, setPaid] = useState<ReadonlySet<string>>(new Set());
  const run = useReconcile(setProgress);
  const report = run.data?.data;

  function start() {
    if (!file) return;
    setProgress(0);
    setPaid(new Set());
    run.mutate(file);
  }

  return (
    <div className="stack">
      <h1>Reconciliation</h1>
      <p>
        The aggregator’s settlement file (CSV: consumer_number, tran_auth_id, amount, tran_date, bank; at most{' '}
        {SETTLEMENT_MAX_BYTES / 1024 / 1024} MB) against the portal’s payments. Reading it changes nothing.
      </p>
      <form
        className="console-row"
        onSubmit={(event) => {
          event.preventDefault();
          start();
        }}
      >
        <label htmlFor="settlement-file">Settlement CSV</label>
        <input
          id="settlement-file"
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            const large = chosen !== null && chosen.size > SETTLEMENT_MAX_BYTES;
            setTooLarge(large);
            setFile(large ? null : chosen);
            run.reset();
          }}
        />
        <Button type="submit" disabled={!file} loading={run.isPending}>
          Reconcile
        </Button>
      </form>
      {tooLarge ? <Alert tone="error">{messages.csvTooLarge}</Alert> : null}
      {run.isPending ? (
        <div role="status">
          <ProgressBar label={progress < 1 ? 'Uploading' : 'Reconciling'} value={progress} />
        </div>
      ) : null}
      {run.isError ? <FailurePanel error={run.error} onRetry={start} /> : null}
      {report && run.data ? (
        <>
          <p role="status">{run.data.message}</p>
          <p>
            <a href={reportCsvUrl(report.reportId)} download>
              Download report
            </a>
          </p>
          {RECONCILIATION_LISTS.map((list) => (
            <ReportList key={list} list={list} entries={report[list]} paid={paid} onMarkPaid={setPaying} />
          ))}
        </>
      ) : null}
      {paying ? (
        <MarkPaidDialog
          entry={paying}
          onClose={() => setPaying(null)}
          onPaid={() => {
            setPaid(new Set([...paid, paying.consumerNumber]));
            setPaying(null);
          }}
        />
      ) : null}
    </div>
  );
}
