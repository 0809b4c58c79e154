import { useState, type ReactNode } from 'react';
import {
  RECONCILIATION_FIRST_ROWS,
  RECONCILIATION_LISTS,
  SETTLEMENT_MAX_BYTES,
  type ReconciliationEntry,
  type ReconciliationList,
  type ReconciliationReport,
} from '@portal/shared/schemas/staff-money';
import { messages } from '@portal/shared/messages';
import { CSV_FORMATS } from '@portal/shared/constants/csv-formats';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FailurePanel } from '@/components/ui/failure-panel';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Pager } from '@/console/components/data-table';
import { CsvFormat } from '@/console/components/csv-format';
import { ListTable, type Column } from '@/console/components/list-table';
import { QueryState } from '@/console/components/query-state';
import { useRupees } from '@/console/lib/format';
import { reportCsvUrl, useReconcile, useReportPage } from '@/console/features/money/api/reconcile';
import { MarkPaidDialog } from '@/console/features/money/components/mark-paid-dialog';
import { useFormat, useMessageText } from '@/lib/i18n';
import { useT } from '@/console/i18n';

type Payable = ReconciliationEntry & { voucherId: string };

function payable(entry: ReconciliationEntry): entry is Payable {
  return entry.voucherId !== null && (entry.voucherStatus === 'PENDING' || entry.voucherStatus === 'EXPIRED');
}

/**
 * One list of the report, a page at a time: the first page came with the answer, the others are asked of the
 * kept report as the pager turns (a 220,000-row settlement is never in the browser whole).
 */
function ReportList(props: {
  reportId: string;
  list: ReconciliationList;
  first: ReconciliationEntry[];
  total: number;
  paid: ReadonlySet<string>;
  onMarkPaid: (entry: Payable) => void;
}) {
  const t = useT();
  const format = useFormat();
  const rupees = useRupees();
  const { list, total } = props;
  const [page, setPage] = useState(1);
  const pageSize = RECONCILIATION_FIRST_ROWS;
  const later = useReportPage({ reportId: props.reportId, list, page, pageSize }, page > 1);
  const entries = page === 1 ? props.first : (later.data?.data ?? []);
  const title = t(`money.reconciliation.lists.${list}`);
  const headingId = `reconciliation-${list}`;
  const actionColumn: Column<ReconciliationEntry> = {
    key: 'action',
    header: t('money.reconciliation.action'),
    cell: (entry) => (
      <>
        {props.paid.has(entry.consumerNumber) ? (
          t('money.reconciliation.markedPaid')
        ) : payable(entry) ? (
          <Button
            variant="secondary"
            aria-label={t('money.reconciliation.markPaidLabel', {
              consumerNumber: entry.consumerNumber,
            })}
            onClick={() => props.onMarkPaid(entry)}
          >
            {t('money.markPaid.submit')}
          </Button>
        ) : null}
      </>
    ),
  };
  return (
    <section className="console-section" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {list}{' '}
        <small>
          {t('money.reconciliation.listCount', {
            title,
            count: format.number(total, { useGrouping: false }),
          })}
        </small>
      </h2>
      {total === 0 ? (
        <p>{t('money.reconciliation.none')}</p>
      ) : (
        <div aria-busy={later.isFetching || undefined}>
          {page > 1 ? <QueryState query={later} lines={4} /> : null}
          <ListTable
            label={title}
            rows={entries}
            columns={reportColumns(
              t,
              rupees,
              props.paid,
              list === 'paidOnlyInSettlement' ? actionColumn : false,
            )}
            rowKey={(entry) => `${entry.consumerNumber}-${entry.line ?? entry.portalTranAuthId}`}
          />
          {total > pageSize ? <Pager page={page} pageSize={pageSize} total={total} onPage={setPage} /> : null}
        </div>
      )}
    </section>
  );
}

/**
 * Upload the aggregator's settlement CSV, read the four lists and the refused rows, and mark paid what only
 * the bank has.
 */
export function ReconciliationRoute() {
  const t = useT();
  const tm = useMessageText();
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

  function choose(chosen: File | null) {
    const large = chosen !== null && chosen.size > SETTLEMENT_MAX_BYTES;
    setTooLarge(large);
    setFile(large ? null : chosen);
    run.reset();
  }

  return (
    <div className="stack">
      <h1>{t('money.reconciliation.title')}</h1>
      <p>{t('money.reconciliation.intro')}</p>
      <CsvFormat
        format={CSV_FORMATS.settlement}
        title={t('money.reconciliation.title')}
        maxBytes={SETTLEMENT_MAX_BYTES}
      />
      <SettlementFileForm ready={Boolean(file)} running={run.isPending} onChoose={choose} onRun={start} />
      {tooLarge ? <Alert tone="error">{tm(messages.csvTooLarge)}</Alert> : null}
      {run.isPending ? (
        <div role="status">
          <ProgressBar
            label={progress < 1 ? t('money.reconciliation.uploading') : t('money.reconciliation.reconciling')}
            value={progress}
          />
        </div>
      ) : null}
      {run.isError ? <FailurePanel error={run.error} onRetry={start} /> : null}
      {report && run.data ? (
        <ReconciliationResult message={run.data.message} report={report} paid={paid} onMarkPaid={setPaying} />
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

/** The settlement file to read, and the button that sends it (once a file of an allowed size is chosen). */
function SettlementFileForm(props: {
  ready: boolean;
  running: boolean;
  onChoose: (file: File | null) => void;
  onRun: () => void;
}) {
  const t = useT();
  return (
    <form
      className="console-row"
      onSubmit={(event) => {
        event.preventDefault();
        props.onRun();
      }}
    >
      <label htmlFor="settlement-file">{t('money.reconciliation.fileLabel')}</label>
      <input
        id="settlement-file"
        type="file"
        accept=".csv,text/csv"
        onChange={(event) => props.onChoose(event.target.files?.[0] ?? null)}
      />
      <Button type="submit" disabled={!props.ready} loading={props.running}>
        {t('money.reconciliation.run')}
      </Button>
    </form>
  );
}

/** The server's summary, the rows it refused, the full report's download, and the lists. */
function ReconciliationResult(props: {
  message: string;
  report: ReconciliationReport;
  paid: ReadonlySet<string>;
  onMarkPaid: (entry: Payable) => void;
}) {
  const t = useT();
  const tm = useMessageText();
  const { report } = props;
  return (
    <>
      <p role="status">{tm(props.message)}</p>
      {report.counts.refused > 0 ? (
        <Alert tone="info">
          <a href="#reconciliation-refused">
            {t('money.reconciliation.refusedNote', { count: report.counts.refused })}
          </a>
        </Alert>
      ) : null}
      <p>
        <a href={reportCsvUrl(report.reportId)} download>
          {t('money.reconciliation.download')}
        </a>
      </p>
      {RECONCILIATION_LISTS.map((list) => (
        <ReportList
          key={`${report.reportId}-${list}`}
          reportId={report.reportId}
          list={list}
          first={report[list]}
          total={report.counts[list]}
          paid={props.paid}
          onMarkPaid={props.onMarkPaid}
        />
      ))}
    </>
  );
}

/**
 * The settlement's and the portal's view of one consumer number, side by side; the action last, if any. A
 * voucher marked paid on this page reads PAID at once, not the status the report found (issue 25, item 8).
 */
function reportColumns(
  t: ReturnType<typeof useT>,
  rupees: (amount: number) => string,
  paid: ReadonlySet<string>,
  action: Column<ReconciliationEntry> | false,
): (Column<ReconciliationEntry> | false)[] {
  const amountOf = (amount: number | null) => (amount === null ? '—' : rupees(amount));
  const text = (key: string, header: string, of: (entry: ReconciliationEntry) => ReactNode) => ({
    key,
    header,
    cell: of,
  });
  return [
    text('consumer', t('money.consumerNumber'), (entry) => entry.consumerNumber),
    text('line', t('money.reconciliation.line'), (entry) => entry.line ?? '—'),
    text('roll', t('money.rollNumber'), (entry) => entry.rollNo ?? '—'),
    text('voucher', t('money.reconciliation.voucher'), (entry) =>
      paid.has(entry.consumerNumber) ? 'PAID' : (entry.voucherStatus ?? '—'),
    ),
    text('fee', t('money.reconciliation.fee'), (entry) => amountOf(entry.fee)),
    text('settlement', t('money.reconciliation.settlement'), (entry) => amountOf(entry.settlementAmount)),
    text('portal', t('money.reconciliation.portal'), (entry) => amountOf(entry.portalAmount)),
    text('tranAuthId', 'tran_auth_id', (entry) => entry.tranAuthId ?? entry.portalTranAuthId ?? '—'),
    text('date', t('money.reconciliation.date'), (entry) => entry.tranDate ?? '—'),
    text('bank', t('money.reconciliation.bank'), (entry) => entry.bank ?? '—'),
    text('detail', t('money.reconciliation.detail'), (entry) => entry.detail),
    action,
  ];
}
