import { importResults } from '@portal/shared/calls/admissions';
import { useForm, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { COURSE_CODES, QUARTERS } from '@portal/shared/constants/courses';
import { CSV_FORMATS } from '@portal/shared/constants/csv-formats';
import { GRADE_PATTERN } from '@portal/shared/schemas/staff';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { useMessageText } from '@/lib/i18n';
import { CsvImport } from '@/console/components/csv-import';
import { optionsOf } from '@/console/components/filter-bar';
import { useT } from '@/console/i18n';
import { useFailureText } from '@/console/lib/failure';
import { useRecheckOnLanguage } from '@/console/lib/recheck';
import { useSaveResults } from '@/console/features/results/api/save-results';
import { PERCENTILE_PATTERN } from '@/console/features/results/components/grid-edits';
import { ResultsGrid } from '@/console/features/results/components/results-grid';

interface ResultForm {
  rollNo: string;
  course: string;
  quarter: string;
  grade: string;
  percentile: string;
  isPassed: boolean;
}

/** /staff/results: a batch's results in a grid, corrected in place; one student's result; a CSV import. */
export function ResultsRoute() {
  const t = useT();
  return (
    <div className="stack">
      <h1>{t('results.title')}</h1>
      <ResultsGrid />
      <EnterOneResult />
      <CsvImport
        call={importResults}
        title={t('results.importTitle')}
        format={CSV_FORMATS.results}
        refreshes={[['staff', 'student']]}
      />
    </div>
  );
}

/** The result to save from the form: roll number and grade trimmed, the percentile a number. */
function resultOf(form: ResultForm) {
  return {
    rollNo: form.rollNo.trim(),
    course: form.course,
    quarter: form.quarter as (typeof QUARTERS)[number],
    grade: form.grade.trim(),
    percentile: Number(form.percentile),
    isPassed: form.isPassed,
  };
}

/** One result typed in and saved; the form empties once it is saved, and says what was saved or refused. */
function EnterOneResult() {
  const save = useSaveResults();
  const t = useT();
  const failureText = useFailureText();
  const { register, handleSubmit, formState, reset, trigger } = useForm<ResultForm>({
    defaultValues: { rollNo: '', course: '', quarter: '', grade: '', percentile: '', isPassed: true },
  });
  useRecheckOnLanguage(formState.errors, trigger);
  const { errors } = formState;

  function onSubmit(form: ResultForm) {
    save.mutate([resultOf(form)], { onSuccess: (answer) => answer.saved > 0 && reset() });
  }

  return (
    <section className="console-section" aria-label={t('results.enterOne')}>
      <h2>{t('results.enterOne')}</h2>
      <form className="filter-bar" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        <ResultFields register={register} errors={errors} />
        <Button type="submit" loading={save.isPending}>
          {t('results.save')}
        </Button>
      </form>
      {save.isError ? <Alert tone="error">{failureText(save.error)}</Alert> : null}
      {save.data ? <ResultsSaved saved={save.data.saved} refused={save.data.refused} /> : null}
    </section>
  );
}

/** The result's roll number, course, quarter, grade, percentile and whether it passed. */
function ResultFields({
  register,
  errors,
}: {
  register: UseFormRegister<ResultForm>;
  errors: FieldErrors<ResultForm>;
}) {
  const t = useT();
  return (
    <>
      <TextField
        label={t('results.rollNumber')}
        error={errors.rollNo?.message}
        {...register('rollNo', { required: t('results.rollRequired') })}
      />
      <Select
        label={t('results.course')}
        placeholder={t('app.choose')}
        options={optionsOf(COURSE_CODES)}
        error={errors.course?.message}
        {...register('course', { required: t('results.courseRequired') })}
      />
      <Select
        label={t('results.quarter')}
        placeholder={t('app.choose')}
        options={optionsOf(QUARTERS)}
        error={errors.quarter?.message}
        {...register('quarter', { required: t('results.quarterRequired') })}
      />
      <TextField
        label={t('results.grade')}
        error={errors.grade?.message}
        {...register('grade', {
          required: t('results.gradeRequired'),
          pattern: { value: GRADE_PATTERN, message: t('results.gradePattern') },
        })}
      />
      <TextField
        label={t('results.percentile')}
        inputMode="numeric"
        error={errors.percentile?.message}
        {...register('percentile', {
          // Without it an empty field would be sent as 0.
          required: t('results.percentileRequired'),
          pattern: { value: PERCENTILE_PATTERN, message: t('results.percentilePattern') },
        })}
      />
      <label className="console-choice">
        <input type="checkbox" {...register('isPassed')} /> {t('results.passed')}
      </label>
    </>
  );
}

/** What the save did: how many results were saved, and each refused roll number with the reason. */
function ResultsSaved({ saved, refused }: { saved: number; refused: { rollNo: string; message: string }[] }) {
  const t = useT();
  const tm = useMessageText();
  return (
    <Alert tone={refused.length > 0 ? 'error' : 'success'}>
      {t('results.saved', { count: saved })}
      {refused
        .map((refusal) => t('results.refusal', { rollNo: refusal.rollNo, message: tm(refusal.message) }))
        .join('')}
    </Alert>
  );
}
