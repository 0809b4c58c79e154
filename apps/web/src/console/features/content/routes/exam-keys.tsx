import * as calls from '@portal/shared/calls/lectures';
import type { ImportRow } from '@portal/shared/schemas/staff';
import type { QueryKey } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { z } from '@portal/shared/schemas/zod';
import { examKeySetSchema, type staffExamKeySchema } from '@portal/shared/schemas/staff-content';
import { COURSE_CODES } from '@portal/shared/constants/courses';
import { CSV_FORMATS } from '@portal/shared/constants/csv-formats';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FailurePanel } from '@/components/ui/failure-panel';
import { Select } from '@/components/ui/select';
import { EntityForm, type EntityField } from '@/console/components/entity-form';
import { CsvImport, type ImportSubject } from '@/console/components/csv-import';
import { optionsOf } from '@/console/components/filter-bar';
import { ListTable, type Column } from '@/console/components/list-table';
import { batchOptions, useStaffBatches } from '@/console/lib/batches';
import { staffCall } from '@/console/lib/staff-client';
import { useSearchState } from '@/console/lib/use-search-state';
import {
  contentKeys,
  useAddChange,
  useContentChange,
  useExamKeys,
} from '@/console/features/content/api/content';
import { useChangeFailure } from '@/console/features/content/components/content-actions';
import { useT } from '@/console/i18n';

/** The exam-key import names each row by its quiz. */
const quizSubject = (header: string): ImportSubject<ImportRow> => ({
  header,
  of: (row) => row.rollNo,
});

/** Content → Exam keys: a batch and course's quiz keys, set one by one or from a CSV (quiz_name, exam_key). */
export function ExamKeysRoute() {
  const t = useT();
  const failure = useChangeFailure();
  const search = useSearchState(['batchId', 'course'] as const);
  const { batchId, course } = search.values;
  const keys = useExamKeys(batchId, course);
  const refresh = contentKeys.examKeys(batchId, course);
  const change = useContentChange(refresh);

  return (
    <div className="stack">
      <h1>{t('content.examKeys.title')}</h1>
      <ExamKeyScopeForm batchId={batchId} course={course} onChoose={search.setFilters} />
      {keys.isError ? (
        <FailurePanel error={keys.error} retrying={keys.isFetching} onRetry={() => void keys.refetch()} />
      ) : null}
      {keys.data ? (
        <>
          <SetExamKeyForm batchId={batchId} course={course} refresh={refresh} />
          {change.isError ? <Alert tone="error">{failure(change.error)}</Alert> : null}
          <ListTable
            label={t('content.examKeys.title')}
            caption={t('content.examKeys.caption')}
            rows={keys.data.data}
            rowKey={(key) => key.quizName}
            columns={examKeyColumns(t, (key) =>
              change.mutate(() =>
                staffCall(calls.deleteExamKey, { body: { batchId, course, quizName: key.quizName } }),
              ),
            )}
          />
          <CsvImport
            call={calls.importExamKeys}
            query={{ batchId, course }}
            title={t('content.examKeys.importTitle')}
            format={CSV_FORMATS.examKeys}
            subject={quizSubject(t('content.examKeys.quiz'))}
            refreshes={[refresh]}
          />
        </>
      ) : null}
    </div>
  );
}

/** The batch and course whose keys are shown: chosen in the form, shown when it is sent (AIC at first). */
function ExamKeyScopeForm({
  batchId,
  course,
  onChoose,
}: {
  batchId: string;
  course: string;
  onChoose: (scope: { batchId: string; course: string }) => void;
}) {
  const t = useT();
  const batches = useStaffBatches();
  const [draft, setDraft] = useState({ batchId, course: course || 'AIC' });
  function choose(event: FormEvent) {
    event.preventDefault();
    onChoose(draft);
  }
  return (
    <form className="filter-bar" aria-label={t('content.examKeys.scopeLabel')} onSubmit={choose}>
      <Select
        label={t('content.examKeys.batch')}
        placeholder={t('content.examKeys.chooseBatch')}
        options={batchOptions(batches.data)}
        value={draft.batchId}
        onChange={(event) => setDraft({ ...draft, batchId: event.target.value })}
      />
      <Select
        label={t('content.scope.course')}
        options={optionsOf(COURSE_CODES)}
        value={draft.course}
        onChange={(event) => setDraft({ ...draft, course: event.target.value })}
      />
      <Button type="submit">{t('content.scope.show')}</Button>
    </form>
  );
}

/** A key's own fields; its batch and course are the page's. */
const keySchema = z.pick(examKeySetSchema, { quizName: true, examKey: true });
type KeyFields = z.input<typeof keySchema>;

/** Sets one quiz's key, and empties the form once it is set. */
function SetExamKeyForm(props: { batchId: string; course: string; refresh: QueryKey }) {
  const t = useT();
  const { change, submit } = useAddChange(props.refresh);
  const fields: EntityField<KeyFields, z.output<typeof keySchema>>[] = [
    { name: 'quizName', label: t('content.examKeys.quizName'), kind: 'text' },
    { name: 'examKey', label: t('content.examKeys.examKey'), kind: 'text' },
  ];
  const { batchId, course } = props;
  return (
    <EntityForm
      label={t('content.examKeys.setLabel')}
      className="console-section filter-bar"
      schema={keySchema}
      fields={fields}
      defaultValues={{ quizName: '', examKey: '' }}
      submitLabel={t('content.examKeys.save')}
      save={change}
      onSubmit={submit((values) => staffCall(calls.setExamKey, { body: { batchId, course, ...values } }))}
    />
  );
}

type ExamKey = z.infer<typeof staffExamKeySchema>;

/** The exam keys' columns; the last one deletes a key with `remove`. */
function examKeyColumns(t: ReturnType<typeof useT>, remove: (key: ExamKey) => void): Column<ExamKey>[] {
  return [
    { key: 'quiz', header: t('content.examKeys.quiz'), cell: (key) => key.quizName },
    { key: 'key', header: t('content.examKeys.key'), cell: (key) => key.examKey },
    {
      key: 'actions',
      header: t('content.actions.actions'),
      headerHidden: true,
      cell: (key) => (
        <Button variant="danger" onClick={() => remove(key)}>
          {t('content.examKeys.delete', { quiz: key.quizName })}
        </Button>
      ),
    },
  ];
}
