import { Link, useParams } from 'react-router';
import { messages } from '@portal/shared/messages';
import type { StudentDetail } from '@portal/shared/schemas/staff';
import { QueryFailure } from '@/components/ui/failure-panel';
import { SectionBoundary } from '@/components/ui/section-boundary';
import { Skeleton } from '@/components/ui/skeleton';
import { FieldList } from '@/console/components/field-list';
import { AuditList } from '@/console/components/audit-list';
import { StudentImages } from '@/console/components/student-images';
import { canChangeStudents } from '@/console/lib/roles';
import { useStaffSession } from '@/console/lib/staff-session';
import { useStudentDetail } from '@/console/features/students/api/student-detail';
import { StudentActions } from '@/console/features/students/components/student-actions';
import { ListTable, type Column } from '@/console/components/list-table';
import { useT } from '@/console/i18n';
import { useProvinceLabel } from '@/lib/reference-lists';
import { useRejectionText } from '@/lib/rejection';

export function StudentDetailRoute() {
  const { id = '' } = useParams();
  const detail = useStudentDetail(id);
  const { staff } = useStaffSession();
  const t = useT();

  if (detail.isPending) return <Skeleton lines={10} />;
  if (detail.isError) {
    return <QueryFailure query={detail} networkMessage={messages.serverError} />;
  }
  const data = detail.data;
  return (
    <div className="stack">
      <p>
        <Link to="/staff/students">{t('students.detail.back')}</Link>
      </p>
      <h1>{data.student.fullName ?? data.student.email}</h1>
      <StudentImages detail={data}>
        <Profile data={data} />
      </StudentImages>
      {staff && canChangeStudents(staff.role) ? (
        <SectionBoundary name="student actions">
          <StudentActions detail={data} />
        </SectionBoundary>
      ) : null}
      <RegistrationsTable enrolments={data.enrolments} />
      <VouchersTable vouchers={data.vouchers} />
      <ResultsTable results={data.results} />
      <GrantsTable grants={data.grants} />
      <AuditList entries={data.audit} caption={t('students.detail.auditTrail')} />
    </div>
  );
}

function RegistrationsTable({ enrolments }: { enrolments: StudentDetail['enrolments'] }) {
  const t = useT();
  return (
    <SimpleTable
      caption={t('students.detail.registrations')}
      head={[
        t('students.rollNumber'),
        t('students.course'),
        t('students.batch'),
        t('students.city'),
        t('students.detail.platform'),
        t('students.detail.quarter'),
        t('students.status'),
      ]}
      rows={enrolments.map((e) => [
        e._id,
        e.rollNo ?? '—',
        e.course,
        e.batchName,
        e.city,
        t(`app.platform.${e.platform}`),
        e.currentQuarter,
        e.status,
      ])}
    />
  );
}

function VouchersTable({ vouchers }: { vouchers: StudentDetail['vouchers'] }) {
  const t = useT();
  return (
    <SimpleTable
      caption={t('students.detail.vouchers')}
      head={[
        t('students.detail.voucher'),
        t('students.detail.consumerNumber'),
        t('students.course'),
        t('students.detail.quarter'),
        t('students.detail.amount'),
        t('students.detail.state'),
        t('students.detail.due'),
        t('students.detail.paid'),
      ]}
      rows={vouchers.map((v) => [
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
  );
}

function ResultsTable({ results }: { results: StudentDetail['results'] }) {
  const t = useT();
  return (
    <SimpleTable
      caption={t('students.detail.results')}
      head={[
        t('students.course'),
        t('students.detail.quarter'),
        t('students.detail.grade'),
        t('students.detail.percentile'),
        t('students.detail.passed'),
      ]}
      rows={results.map((r) => [
        `${r.course}-${r.quarter}`,
        r.course,
        r.quarter,
        r.grade,
        String(r.percentile),
        r.isPassed ? t('app.yes') : t('app.no'),
      ])}
    />
  );
}

/** The restricted batches granted to the student: each batch and course, and whether on site. */
function GrantsTable({ grants }: { grants: StudentDetail['grants'] }) {
  const t = useT();
  return (
    <SimpleTable
      caption={t('students.detail.grants')}
      head={[t('students.batch'), t('students.course'), t('students.detail.onSite')]}
      rows={grants.map((g) => [
        `${g.batchId}-${g.course}`,
        g.batchName,
        g.course,
        g.onSiteAllowed ? t('app.yes') : t('app.no'),
      ])}
    />
  );
}

function Profile({ data }: { data: StudentDetail }) {
  const t = useT();
  const s = data.student;
  const yesNo = (value: boolean) => (value ? t('app.yes') : t('app.no'));
  // Words, not the stored codes: "Punjab", "Female", "Onsite" (issue 25, item 9).
  const province = useProvinceLabel(s.province);
  const rejection = useRejectionText();
  const fields: [string, string | null][] = [
    [t('students.status'), t(`app.studentStatus.${s.status}`)],
    [t('students.detail.rejectReason'), rejection(s) || null],
    [t('students.email'), s.email],
    [t('students.cnic'), s.cnic],
    [t('students.rollNumber'), s.rollNo],
    [t('students.detail.fatherName'), s.fatherName],
    [t('students.detail.gender'), s.gender ? t(`app.gender.${s.gender}`) : null],
    [t('students.detail.dob'), s.dob],
    [t('students.phone'), s.phoneNumber],
    [t('students.detail.address'), s.homeAddress],
    [t('students.city'), s.city],
    [t('students.detail.province'), province],
    [t('students.detail.qualification'), s.lastQualification],
    [t('students.detail.laptop'), s.haveLaptop === null ? null : yesNo(s.haveLaptop)],
    [t('students.detail.onSiteAllowed'), yesNo(s.onSiteAllowed)],
  ];
  return <FieldList fields={fields} />;
}

/** rows: [key, ...cells]. */
function SimpleTable({ caption, head, rows }: { caption: string; head: string[]; rows: string[][] }) {
  const t = useT();
  const columns: Column<string[]>[] = head.map((header, index) => ({
    key: header,
    header,
    // A row is its key, then its cells.
    cell: (row) => row[index + 1],
  }));
  return (
    <ListTable
      label={caption}
      caption={caption}
      rows={rows}
      columns={columns}
      rowKey={([key]) => key ?? ''}
      empty={t('app.none')}
    />
  );
}
