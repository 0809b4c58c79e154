import type { AuditEntry } from '@portal/shared/schemas/staff';
import { useT } from '@/console/i18n';
import { useFormatDateTime } from '@/console/lib/format';
import { ListTable, type Column } from './list-table';

/** A stored value as a person reads it (an audit's before and after, a biller call): fields one per line. */
export function Readable({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span>—</span>;
  if (typeof value !== 'object')
    return <span>{typeof value === 'string' ? value : JSON.stringify(value)}</span>;
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value);
  if (entries.length === 0) return <span>—</span>;
  return (
    <dl className="audit-value">
      {entries.map(([name, item]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item) || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Whom an entry is about: a student by name and roll number, anything else by its id. */
function Subject({ entry }: { entry: AuditEntry }) {
  if (entry.subjectName === null && entry.subjectRollNo === null) return entry.subjectId ?? '—';
  return (
    <>
      {entry.subjectName ?? '—'}
      {entry.subjectRollNo ? (
        <>
          <br />
          <small>{entry.subjectRollNo}</small>
        </>
      ) : null}
    </>
  );
}

/** Audit entries, newest first as the server sends them. */
export function AuditList({ entries, caption }: { entries: readonly AuditEntry[]; caption: string }) {
  const t = useT();
  const formatDateTime = useFormatDateTime();
  return (
    <ListTable
      label={caption}
      caption={caption}
      rows={entries}
      columns={auditColumns(t, formatDateTime)}
      rowKey={(entry) => entry._id}
      empty={t('app.audit.empty')}
    />
  );
}

function auditColumns(
  t: ReturnType<typeof useT>,
  formatDateTime: (iso: string) => string,
): Column<AuditEntry>[] {
  return [
    { key: 'when', header: t('app.audit.when'), cell: (entry) => formatDateTime(entry.at) },
    {
      key: 'who',
      header: t('app.audit.who'),
      cell: (entry) => (
        <>
          {entry.actor}
          <br />
          <small>
            {entry.role}
            {entry.address ? ` · ${entry.address}` : ''}
          </small>
        </>
      ),
    },
    { key: 'action', header: t('app.audit.action'), cell: (entry) => entry.action },
    { key: 'subject', header: t('app.audit.subject'), cell: (entry) => <Subject entry={entry} /> },
    { key: 'before', header: t('app.audit.before'), cell: (entry) => <Readable value={entry.before} /> },
    { key: 'after', header: t('app.audit.after'), cell: (entry) => <Readable value={entry.after} /> },
  ];
}
