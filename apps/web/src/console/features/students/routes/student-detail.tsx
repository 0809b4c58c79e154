import { Link, useParams } from 'react-router';
import { messages } from '@portal/shared/messages';
import type { StudentDetail } from '@portal/shared/schemas/staff';
import { FailurePanel } from '../../../../components/ui/failure-panel';
import { SectionBoundary } from '../../../../components/ui/section-boundary';
import { Skeleton } from '../../../../components/ui/skeleton';
import { FieldList } from '../../../components/field-list';
import { AuditList } from '../../../components/audit-list';
import { StudentImages } from '../../../components/student-images';
import { canChangeStudents } from '../../../lib/roles';
import { useStaffSession } from '../../../lib/staff-session';
import { useStudentDetail } from '../api/student-detail';
import { StudentActions } from '../components/student-actions';
import { TableScroll } from '../../../components/table-scroll';

export function StudentDetailRoute() {
  const { id = '' } = useParams();
  const detail = useStudentDetail(id);
  const { staff } = useStaffSession();

  if (detail.isPending) return <Skeleton lines={10} />;
  if (detail.isError) {
    return (
      <FailurePanel
        error={detail.error}
        networkMessage={messages.serverError}
        retrying={detail.isFetching}
        onRetry={() => void detail.refetch()}
      />
    );
  }
  const data = detail.data;
  return (
    <div className="stack">
      <p>
        <Link to="/staff/students">← Students</Link>
      </p>
      <h1>{data.student.fullName ?? data.student.email}</h1>
      <Profile data={data} />
      <StudentImages detail={data} />
      {staff && canChangeStudents(staff.role) ? (
        <SectionBoundary name="student actions">
          <StudentActions detail={data} />
        </SectionBoundary>
      ) : null}
      <SimpleTable
        caption="Registrations"
        head={['Roll number', 'Course', 'Batch', 'City', 'Platform', 'Quarter', 'Status']}
        rows={data.enrolments.map((e) => [
          e._id,
          e.rollNo ?? '—',
          e.course,
          e.batchName,
          e.city,
          e.platform,
          e.currentQuarter,
          e.status,
        ])}
      />
      <SimpleTable
        caption="Vouchers"
        head={['Voucher', 'Consumer number', 'Course', 'Quarter', 'Amount', 'State', 'Due', 'Paid']}
        rows={data.vouchers.map((v) => [
          v._id,
          v.voucherNo,
          v.consumerNumber,
          v.course,
          v.quarter,
          String(v.amount),
          v.state,
          v.dueDate,
          v.paidAt ?? '—',
        ])}
      />
      <SimpleTable
        caption="Results"
        head={['Course', 'Quarter', 'Grade', 'Percentile', 'Passed']}
        rows={data.results.map((r) => [
          `${r.course}-${r.quarter}`,
          r.course,
          r.quarter,
          r.grade,
          String(r.percentile),
          r.isPassed ? 'Yes' : 'No',
        ])}
      />
      <SimpleTable
        caption="Restricted batches granted"
        head={['Batch', 'Course', 'On-site']}
        rows={data.grants.map((g) => [
          `${g.batchId}-${g.course}`,
          g.batchName,
          g.course,
          g.onSiteAllowed ? 'Yes' : 'No',
        ])}
      />
      <AuditList entries={data.audit} caption="Audit trail" />
    </div>
  );
}

function Profile({ data }: { data: StudentDetail }) {
  const s = data.student;
  const fields: [string, string | null][] = [
    ['Status', s.status],
    ['Reject reason', s.rejectreason],
    ['E-mail', s.email],
    ['CNIC', s.cnic],
    ['Roll number', s.rollNo],
    ["Father's name", s.fatherName],
    ['Gender', s.gender],
    ['Date of birth', s.dob],
    ['Phone', s.phoneNumber],
    ['Address', s.homeAddress],
    ['City', s.city],
    ['Province', s.province],
    ['Qualification', s.lastQualification],
    ['Laptop', s.haveLaptop === null ? null : s.haveLaptop ? 'Yes' : 'No'],
    ['On-site allowed', s.onSiteAllowed ? 'Yes' : 'No'],
  ];
  return <FieldList fields={fields} />;
}

/** rows: [key, ...cells]. */
function SimpleTable({ caption, head, rows }: { caption: string; head: string[]; rows: string[][] }) {
  return (
    <TableScroll label={caption}>
      <table className="console-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={head.length}>None.</td>
            </tr>
          ) : (
            rows.map(([key, ...cells]) => (
              <tr key={key}>
                {cells.map((cell, index) => (
                  <td key={index}>{cell}</td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </TableScroll>
  );
}
