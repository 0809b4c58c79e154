import { useForm } from 'react-hook-form';
import { COURSE_CODES, QUARTERS } from '@portal/shared/constants/courses';
import { messages } from '@portal/shared/messages';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Select } from '../../../../components/ui/select';
import { TextField } from '../../../../components/ui/text-field';
import { failureMessage } from '../../../../lib/api-client';
import { CsvImport } from '../../../components/csv-import';
import { optionsOf } from '../../../components/filter-bar';
import { useSaveResults } from '../api/save-results';

interface ResultForm {
  rollNo: string;
  course: string;
  quarter: string;
  grade: string;
  percentile: string;
  isPassed: boolean;
}

export function ResultsRoute() {
  const save = useSaveResults();
  const { register, handleSubmit, formState, reset } = useForm<ResultForm>({
    defaultValues: { rollNo: '', course: '', quarter: '', grade: '', percentile: '', isPassed: true },
  });
  const { errors } = formState;

  function onSubmit(form: ResultForm) {
    save.mutate(
      [
        {
          rollNo: form.rollNo.trim(),
          course: form.course,
          quarter: form.quarter as (typeof QUARTERS)[number],
          grade: form.grade.trim(),
          percentile: Number(form.percentile),
          isPassed: form.isPassed,
        },
      ],
      { onSuccess: (answer) => answer.saved > 0 && reset() },
    );
  }

  return (
    <div className="stack">
      <h1>Results</h1>
      <section className="console-section" aria-label="Enter one result">
        <h2>Enter one result</h2>
        <form className="filter-bar" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
          <TextField
            label="Roll number"
            error={errors.rollNo?.message}
            {...register('rollNo', { required: 'Enter the roll number' })}
          />
          <Select
            label="Course"
            placeholder="Choose"
            options={optionsOf(COURSE_CODES)}
            error={errors.course?.message}
            {...register('course', { required: 'Choose the course' })}
          />
          <Select
            label="Quarter"
            placeholder="Choose"
            options={optionsOf(QUARTERS)}
            error={errors.quarter?.message}
            {...register('quarter', { required: 'Choose the quarter' })}
          />
          <TextField
            label="Grade"
            error={errors.grade?.message}
            {...register('grade', {
              required: 'Enter the grade',
              pattern: { value: /^[A-Fa-f][+-]?$/, message: 'A grade from A to F, with + or -' },
            })}
          />
          <TextField
            label="Percentile"
            inputMode="numeric"
            error={errors.percentile?.message}
            {...register('percentile', {
              // Without it an empty field would be sent as 0.
              required: 'Enter the percentile',
              pattern: { value: /^(100|[1-9]?\d)$/, message: 'A whole number from 0 to 100' },
            })}
          />
          <label className="console-choice">
            <input type="checkbox" {...register('isPassed')} /> Passed
          </label>
          <Button type="submit" loading={save.isPending}>
            Save result
          </Button>
        </form>
        {save.isError ? (
          <Alert tone="error">{failureMessage(save.error, { network: messages.serverError })}</Alert>
        ) : null}
        {save.data ? (
          <Alert tone={save.data.refused.length > 0 ? 'error' : 'success'}>
            {save.data.saved} saved
            {save.data.refused.map((refusal) => `. ${refusal.rollNo}: ${refusal.message}`).join('')}
          </Alert>
        ) : null}
      </section>
      <CsvImport
        path="/staffapi/results/import"
        title="Import results from CSV"
        columns="rollNo, course, quarter, grade, percentile, passed (yes or no)"
        refreshes={[['staff', 'student']]}
      />
    </div>
  );
}
