import type { AuditEntry } from '@portal/shared/schemas/staff';
import { useT } from '@/console/i18n';
import { useFormatDateTime } from '@/console/lib/format';
import { TableScroll } from './table-scroll';

/** A before/after value as a person reads it: fields one per line, not raw JSON. */
function Readable({ value }: { value: unknown }) {
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
          <dd>{typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Audit entries, newest first as the server sends them. */
export function AuditList({ entries, caption }: { entries: readonly AuditEntry[]; caption: string }) {
  const t = useT();
  const formatDateTime = useFormatDateTime();
  return (
    <TableScroll label={caption}>
      <table className="console-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('app.audit.when')}</th>
            <th scope="col">{t('app.audit.who')}</th>
            <th scope="col">{t('app.audit.action')}</th>
            <th scope="col">{t('app.audit.subject')}</th>
            <th scope="col">{t('app.audit.before')}</th>
            <th scope="col">{t('app.audit.after')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.length === 0 ? (
            <tr>
              <td colSpan={6}>{t('app.audit.empty')}</td>
            </tr>
          ) : (
            entries.map((entry) => (
              <tr key={entry._id}>
                <td>{formatDateTime(entry.at)}</td>
                <td>
                  {entry.actor}
                  <br />
                  <small>
                    {entry.role}
                    {entry.address ? ` · ${entry.address}` : ''}
                  </small>
                </td>
                <td>{entry.action}</td>
                <td>{entry.subjectId ?? '—'}</td>
                <td>
                  <Readable value={entry.before} />
                </td>
                <td>
                  <Readable value={entry.after} />
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </TableScroll>
  );
}
