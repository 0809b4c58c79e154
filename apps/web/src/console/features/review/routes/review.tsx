import { useEffect, useRef, useState } from 'react';
import { messages } from '@portal/shared/messages';
import type { ReviewItem } from '@portal/shared/schemas/staff';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { QueryFailure } from '@/components/ui/failure-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { FieldList } from '@/console/components/field-list';
import { StudentImages } from '@/console/components/student-images';
import { useT } from '@/console/i18n';
import { useFailureText } from '@/console/lib/failure';
import { useFormatDateTime } from '@/console/lib/format';
import { useProvinceLabel } from '@/lib/reference-lists';
import { useReviewStudent } from '@/console/features/review/api/review-decision';
import { useReviewNext } from '@/console/features/review/api/review-next';
import { RejectDialog, type Rejection } from '@/console/features/review/components/reject-dialog';

/** A key typed into a field is text, never a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.closest('dialog') !== null
  );
}

export function ReviewRoute() {
  const { next, item, decide, rejecting, setRejecting, askNext, approve, reject } = useReviewQueue();
  const t = useT();
  const failureText = useFailureText();
  useReviewShortcuts({
    approve,
    openReject: () => setRejecting(true),
    next: () => askNext(item?.student._id),
    item,
  });

  if (next.isPending) return <Skeleton lines={8} label={t('review.finding')} />;
  if (next.isError) {
    return <QueryFailure query={next} networkMessage={messages.serverError} />;
  }
  if (!item) return <NoneWaiting onLookAgain={() => askNext(undefined)} />;

  return (
    <div className="stack">
      <h1>{t('review.title')}</h1>
      <ReviewQueueSummary waiting={item.waiting} heldUntil={item.heldUntil} />
      {decide.isError ? <Alert tone="error">{failureText(decide.error)}</Alert> : null}
      <ReviewPanel item={item} />
      <div className="console-row">
        <Button loading={decide.isPending && decide.variables.decision === 'approve'} onClick={approve}>
          {t('review.approve')}
        </Button>
        <Button variant="danger" onClick={() => setRejecting(true)}>
          {t('review.reject')}
        </Button>
        <Button variant="secondary" onClick={() => askNext(item.student._id)}>
          {t('review.next')}
        </Button>
      </div>
      {rejecting ? (
        <RejectDialog pending={decide.isPending} onReject={reject} onClose={() => setRejecting(false)} />
      ) : null}
    </div>
  );
}

/**
 * The student held for review, and the decisions on them: approving or rejecting asks for the next student once
 * the decision is saved; `askNext` with an id skips that student.
 */
function useReviewQueue() {
  const [{ skip, round }, setAsk] = useState<{ skip: string | undefined; round: number }>({
    skip: undefined,
    round: 0,
  });
  const next = useReviewNext(skip, round);
  const decide = useReviewStudent();
  const [rejecting, setRejecting] = useState(false);
  const item = next.data ?? null;

  function askNext(skipId: string | undefined) {
    decide.reset();
    setRejecting(false);
    setAsk((current) => ({ skip: skipId, round: current.round + 1 }));
  }

  function approve() {
    if (!item || decide.isPending) return;
    decide.mutate({ id: item.student._id, decision: 'approve' }, { onSuccess: () => askNext(undefined) });
  }

  function reject(rejection: Rejection) {
    if (!item) return;
    decide.mutate(
      { id: item.student._id, decision: 'reject', ...rejection },
      { onSuccess: () => askNext(undefined) },
    );
  }

  return { next, item, decide, rejecting, setRejecting, askNext, approve, reject };
}

interface ShortcutActions {
  approve: () => void;
  openReject: () => void;
  next: () => void;
  item: ReviewItem | null;
}

/** The keys A (approve), R (reject) and N (next), while a student is shown and nothing is being typed. */
function useReviewShortcuts(latest: ShortcutActions) {
  // The shortcuts read the latest state through a ref, so the listener is added once.
  const actions = useRef<ShortcutActions>({
    approve: latest.approve,
    openReject: () => {},
    next: () => {},
    item: latest.item,
  });
  useEffect(() => {
    actions.current = latest;
  });

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      // A key the focused element used (R turns a focused picture) is not a shortcut too.
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target))
        return;
      const current = actions.current;
      if (!current.item) return;
      const key = event.key.toLowerCase();
      if (key === 'a') current.approve();
      else if (key === 'r') current.openReject();
      else if (key === 'n') current.next();
      else return;
      event.preventDefault();
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}

function NoneWaiting({ onLookAgain }: { onLookAgain: () => void }) {
  const t = useT();
  return (
    <div className="stack">
      <h1>{t('review.title')}</h1>
      <p role="status">{t('review.noneWaiting')}</p>
      <Button variant="secondary" onClick={onLookAgain}>
        {t('review.lookAgain')}
      </Button>
    </div>
  );
}

/** How many students wait, until when this one is held, and the keyboard shortcuts. */
function ReviewQueueSummary({ waiting, heldUntil }: { waiting: number; heldUntil: string }) {
  const t = useT();
  const formatDateTime = useFormatDateTime();
  return (
    <p className="console-row">
      <span>{t('review.waiting', { count: waiting })}</span>
      <span>{t('review.heldUntil', { time: formatDateTime(heldUntil) })}</span>
      <span className="field__hint">{t('review.shortcuts')}</span>
    </p>
  );
}

/** What the reviewer checks the documents against, beside them; a province in words ("Punjab", not "punjab"). */
function ReviewPanel({ item }: { item: ReviewItem }) {
  const { student } = item;
  const t = useT();
  const province = useProvinceLabel(student.province);
  const fields: [string, string | null][] = [
    [t('review.name'), student.fullName],
    [t('review.fatherName'), student.fatherName],
    [t('review.cnic'), student.cnic],
    [t('review.dob'), student.dob],
    [t('review.email'), student.email],
    [t('review.rollNumber'), student.rollNo],
    [t('review.address'), student.homeAddress],
    [t('review.city'), student.city],
    [t('review.province'), province],
    [t('review.qualification'), student.lastQualification],
  ];
  return (
    <StudentImages detail={item}>
      <FieldList fields={fields} />
    </StudentImages>
  );
}
