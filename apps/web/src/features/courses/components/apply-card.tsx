import { platformOptions, shortDescription, type CourseMode } from '@portal/shared/constants/enrolment';
import { formatMessage, messages } from '@portal/shared/messages';
import type { Course } from '@portal/shared/schemas/courses';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useMessageText } from '@/lib/i18n';
import { useApplyCourse } from '@/features/courses/api/apply-course';
import { useFailureMessage } from '@/lib/use-failure-message';
import { useT } from '@/features/courses/i18n';
import { Choice, ChoiceGroup } from './choice-group';
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
  const tm = useMessageText();
  const failureText = useFailureMessage();
  const Heading = headingLevel === 3 ? 'h3' : headingLevel === 4 ? 'h4' : 'h5';
  const apply = useApplyCourse(studentId);
  const [platform, setPlatform] = useState<Platform | null>(null);
  const [platformMissing, setPlatformMissing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();
  const noPlatformId = useId();
  const offered = mode
    ? platformOptions(mode, special ? { special: true, onSiteAllowed: special.onSiteAllowed } : {})
    : { onsite: false, online: false };
  const choices = (['onsite', 'online'] as const).filter((option) => offered[option]);
  const unavailable = choices.length === 0;

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
        batchId: batch._id,
        courseId: course._id,
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

  return (
    <article className="course-card" aria-labelledby={titleId}>
      <header className="course-card__header">
        <CourseMark course={course} />
        <Heading id={titleId} className="course-card__title">
          {course.name}
        </Heading>
      </header>
      <p className="course-card__description" title={course.shortDescription} dir="auto">
        {shortDescription(course.shortDescription)}
      </p>
      {unavailable ? (
        <p id={noPlatformId} className="course-card__note">
          {t('apply.noPlatform')}
        </p>
      ) : (
        <ChoiceGroup
          legend={t('apply.platform')}
          className="course-card__platforms"
          error={platformMissing ? tm(messages.selectPlatform) : undefined}
        >
          {choices.map((option) => (
            <Choice
              key={option}
              name={`platform-${titleId}`}
              value={option}
              label={t(`platform.${option}`)}
              checked={platform === option}
              onChange={() => choose(option)}
            />
          ))}
        </ChoiceGroup>
      )}
      <Button
        className="course-card__apply"
        disabled={Boolean(blockedBy) || unavailable}
        aria-describedby={blockedBy ?? (unavailable ? noPlatformId : undefined)}
        onClick={requestApply}
      >
        {t('apply.button')}
      </Button>

      {confirming && platform ? (
        <Dialog
          title={t('apply.confirmTitle', { course: course.name })}
          dismissible={!apply.isPending}
          onClose={() => setConfirming(false)}
        >
          <p>
            {t('apply.confirmWhere', {
              batch: batch.name,
              city: batch.city,
              platform: t(`platform.${platform}`),
            })}
          </p>
          <p className="course-card__note">{t('apply.oneAtATime')}</p>
          {apply.isError ? (
            <Alert tone="error">{failureText(apply.error, { network: messages.coursesFailure })}</Alert>
          ) : null}
          <div className="course-dialog__actions">
            <Button variant="secondary" disabled={apply.isPending} onClick={() => setConfirming(false)}>
              {t('apply.goBack')}
            </Button>
            <Button loading={apply.isPending} onClick={confirm} data-autofocus>
              {t('apply.confirm')}
            </Button>
          </div>
        </Dialog>
      ) : null}
    </article>
  );
}
