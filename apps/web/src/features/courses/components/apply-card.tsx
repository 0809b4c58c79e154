import { platformOptions, shortDescription, type CourseMode } from '@portal/shared/constants/enrolment';
import { formatMessage, messages } from '@portal/shared/messages';
import type { Course } from '@portal/shared/schemas/courses';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useApplyCourse } from '@/features/courses/api/apply-course';
import { useFailureMessage } from '@/lib/use-failure-message';
import { useT } from '@/features/courses/i18n';
import { Choice, ChoiceGroup } from '@/components/ui/choice-group';
import type { Announce } from './course-notice';
import { CourseMark } from './course-mark';

type Platform = 'onsite' | 'online';

/** What every Apply on /courses shares: who applies, whether they may, and where the result is said. */
export interface Applying {
  studentId: string;
  /** The id of the sentence that says why Apply is not possible (already applied), if it is not. */
  blockedBy: string | undefined;
  /** The position of the cancelled registration in this batch that applying replaces. */
  courseIndexFor: (batchId: string) => number | undefined;
  onApplied: Announce;
}

export interface ApplyCardProps {
  studentId: string;
  course: Course;
  batch: { _id: string; name: string; city: string };
  /** The course's mode in this batch; null when the batch does not say. */
  mode: CourseMode | null;
  /** A special course (restricted batch): onsite only where the entry allows it. */
  special?: { onSiteAllowed: boolean };
  /** The id of the sentence that says why Apply is not possible (already applied), if it is not. */
  blockedBy?: string | undefined;
  /** The position of the cancelled registration in this batch that applying replaces. */
  courseIndex?: number | undefined;
  /** The level of the course name's heading under the section's headings. */
  headingLevel?: 3 | 4 | 5;
  onApplied: Announce;
}

/** A course of a batch: platform choice, Apply and its confirmation (spec sections 2, 4 and 5). */
export function ApplyCard({
  studentId,
  course,
  batch,
  mode,
  special,
  blockedBy,
  courseIndex,
  headingLevel = 5,
  onApplied,
}: ApplyCardProps) {
  const t = useT();
  const Heading = headingLevel === 3 ? 'h3' : headingLevel === 4 ? 'h4' : 'h5';
  const application = useApplication({
    studentId,
    batchId: batch._id,
    courseId: course._id,
    courseIndex,
    onApplied,
  });
  const titleId = useId();
  const noPlatformId = useId();
  const choices = offeredPlatforms(mode, special);
  const unavailable = choices.length === 0;

  return (
    <article className="course-card" aria-labelledby={titleId}>
      <header className="course-card__header">
        <CourseMark course={course} />
        <Heading id={titleId} className="course-card__title">
          {course.name}
        </Heading>
      </header>
      <CourseDescription text={course.shortDescription} />
      {unavailable ? (
        <p id={noPlatformId} className="course-card__note">
          {t('apply.noPlatform')}
        </p>
      ) : (
        <PlatformChoice
          name={`platform-${titleId}`}
          choices={choices}
          platform={application.platform}
          missing={application.platformMissing}
          onChoose={application.choose}
        />
      )}
      <Button
        className="course-card__apply"
        disabled={Boolean(blockedBy) || unavailable}
        aria-describedby={blockedBy ?? (unavailable ? noPlatformId : undefined)}
        onClick={application.requestApply}
      >
        {t('apply.button')}
      </Button>

      {application.confirming && application.platform ? (
        <ApplyConfirmDialog
          courseName={course.name}
          batch={batch}
          platform={application.platform}
          sending={application.sending}
          failure={application.failure}
          onClose={application.closeConfirmation}
          onConfirm={application.confirm}
        />
      ) : null}
    </article>
  );
}

/** The platforms the course may be taken on in this batch (none when the batch does not say its mode). */
function offeredPlatforms(
  mode: CourseMode | null,
  special: { onSiteAllowed: boolean } | undefined,
): Platform[] {
  const offered = mode
    ? platformOptions(mode, special ? { special: true, onSiteAllowed: special.onSiteAllowed } : {})
    : { onsite: false, online: false };
  return (['onsite', 'online'] as const).filter((option) => offered[option]);
}

interface ApplicationTarget {
  studentId: string;
  batchId: string;
  courseId: string;
  courseIndex: number | undefined;
  onApplied: Announce;
}

/** Applying for a course: the platform chosen, the confirmation asked for, and the call that applies. */
function useApplication({ studentId, batchId, courseId, courseIndex, onApplied }: ApplicationTarget) {
  const apply = useApplyCourse(studentId);
  const [platform, setPlatform] = useState<Platform | null>(null);
  const [platformMissing, setPlatformMissing] = useState(false);
  const [confirming, setConfirming] = useState(false);

  function choose(option: Platform) {
    setPlatform(option);
    setPlatformMissing(false);
  }

  function requestApply() {
    if (!platform) {
      setPlatformMissing(true);
      return;
    }
    apply.reset();
    setConfirming(true);
  }

  function confirm() {
    if (!platform || apply.isPending) return;
    apply.mutate(
      {
        studentId,
        batchId,
        courseId,
        onsite: platform === 'onsite',
        ...(courseIndex === undefined ? {} : { courseIndex }),
      },
      {
        onSuccess: (answer) => {
          setConfirming(false);
          setPlatform(null);
          const params = { course: answer.data.courseId.name };
          onApplied(formatMessage(messages.appliedIn, params), 'appliedIn', params);
        },
      },
    );
  }

  return {
    platform,
    platformMissing,
    confirming,
    choose,
    requestApply,
    confirm,
    closeConfirmation: () => setConfirming(false),
    sending: apply.isPending,
    failure: apply.isError ? apply.error : null,
  };
}

interface PlatformChoiceProps {
  /** The radio group's name, unique on the page. */
  name: string;
  choices: Platform[];
  platform: Platform | null;
  /** Apply was pressed before a platform was chosen. */
  missing: boolean;
  onChoose: (option: Platform) => void;
}

/** Onsite or online, as the batch offers them. */
function PlatformChoice({ name, choices, platform, missing, onChoose }: PlatformChoiceProps) {
  const t = useT();
  return (
    <ChoiceGroup
      legend={t('apply.platform')}
      className="course-card__platforms"
      error={missing ? messages.selectPlatform : undefined}
    >
      {choices.map((option) => (
        <Choice
          key={option}
          name={name}
          value={option}
          label={t(`platform.${option}`)}
          checked={platform === option}
          onChange={() => onChoose(option)}
        />
      ))}
    </ChoiceGroup>
  );
}

interface ApplyConfirmDialogProps {
  courseName: string;
  batch: { name: string; city: string };
  platform: Platform;
  sending: boolean;
  /** Why the last attempt failed, if it did. */
  failure: Error | null;
  onClose: () => void;
  onConfirm: () => void;
}

/** "Apply for <course>?": where the student applies, and that one course is taken at a time. */
function ApplyConfirmDialog({
  courseName,
  batch,
  platform,
  sending,
  failure,
  onClose,
  onConfirm,
}: ApplyConfirmDialogProps) {
  const t = useT();
  const failureText = useFailureMessage();
  return (
    <Dialog title={t('apply.confirmTitle', { course: courseName })} dismissible={!sending} onClose={onClose}>
      <p>
        {t('apply.confirmWhere', {
          batch: batch.name,
          city: batch.city,
          platform: t(`platform.${platform}`),
        })}
      </p>
      <p className="course-card__note">{t('apply.oneAtATime')}</p>
      {failure ? (
        <Alert tone="error">{failureText(failure, { network: messages.coursesFailure })}</Alert>
      ) : null}
      <div className="course-dialog__actions">
        <Button variant="secondary" disabled={sending} onClick={onClose}>
          {t('apply.goBack')}
        </Button>
        <Button loading={sending} onClick={onConfirm} data-autofocus>
          {t('apply.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}

/**
 * The description cut at 70 characters, as the spec wants, with a button that shows the rest in place and
 * hides it again: a phone never shows a `title` tooltip (issue 24, point 7).
 */
function CourseDescription({ text }: { text: string }) {
  const t = useT();
  const [whole, setWhole] = useState(false);
  const cut = shortDescription(text);
  const id = useId();
  return (
    <div className="course-card__description-block">
      <p id={id} className="course-card__description" dir="auto">
        {whole ? text : cut}
      </p>
      {cut === text ? null : (
        <Button
          variant="link"
          className="course-card__more"
          aria-expanded={whole}
          aria-controls={id}
          onClick={() => setWhole(!whole)}
        >
          {whole ? t('apply.showLess') : t('apply.readMore')}
        </Button>
      )}
    </div>
  );
}
