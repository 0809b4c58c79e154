import { importAnswerSchema, type ImportRow } from '@portal/shared/schemas/staff';
import { useState, type FormEvent } from 'react';
import { COURSE_CODES } from '@portal/shared/constants/courses';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { FailurePanel } from '../../../../components/ui/failure-panel';
import { Select } from '../../../../components/ui/select';
import { TextField } from '../../../../components/ui/text-field';
import { CsvImport, type ImportSubject } from '../../../components/csv-import';
import { optionsOf } from '../../../components/filter-bar';
import { TableScroll } from '../../../components/table-scroll';
import { batchOptions, useStaffBatches } from '../../../lib/batches';
import { withQuery } from '../../../lib/staff-client';
import { useSearchState } from '../../../lib/use-search-state';
import { contentKeys, useContentChange, useExamKeys } from '../api/content';
import { changeFailure } from '../components/content-actions';

/** Content → Exam keys: a batch and course's quiz keys, set one by one or from a CSV (quiz_name, exam_key). */
/** The exam-key import names each row by its quiz. */
const quizSubject: ImportSubject<ImportRow> = {
  header: 'Quiz',
  schema: importAnswerSchema,
  of: (row) => row.rollNo,
};

export function ExamKeysRoute() {
  const search = useSearchState(['batchId', 'course'] as const);
  const { batchId, course } = search.values;
  const batches = useStaffBatches();
  const keys = useExamKeys(batchId, course);
  const refresh = contentKeys.examKeys(batchId, course);
  const change = useContentChange(refresh);
  const [draft, setDraft] = useState({ batchId, course: course || 'AIC' });
  const [quizName, setQuizName] = useState('');
  const [examKey, setExamKey] = useState('');

  function choose(event: FormEvent) {
    event.preventDefault();
    search.setFilters(draft);
  }
  function save(event: FormEvent) {
    event.preventDefault();
    change.mutate(
      { path: '/staffapi/content/exam-keys', body: { batchId, course, quizName, examKey } },
      {
        onSuccess: () => {
          setQuizName('');
          setExamKey('');
        },
      },
    );
  }
  return (
    <div className="stack">
      <h1>Exam keys</h1>
      <form className="filter-bar" aria-label="Batch and course" onSubmit={choose}>
        <Select
          label="Batch"
          placeholder="Choose a batch"
          options={batchOptions(batches.data)}
          value={draft.batchId}
          onChange={(event) => setDraft({ ...draft, batchId: event.target.value })}
        />
        <Select
          label="Course"
          options={optionsOf(COURSE_CODES)}
          value={draft.course}
          onChange={(event) => setDraft({ ...draft, course: event.target.value })}
        />
        <Button type="submit">Show</Button>
      </form>
      {keys.isError ? (
        <FailurePanel error={keys.error} retrying={keys.isFetching} onRetry={() => void keys.refetch()} />
      ) : null}
      {keys.data ? (
        <>
          <form className="console-section filter-bar" aria-label="Set an exam key" onSubmit={save}>
            <TextField
              label="Quiz name"
              required
              value={quizName}
              onChange={(event) => setQuizName(event.target.value)}
            />
            <TextField
              label="Exam key"
              required
              value={examKey}
              onChange={(event) => setExamKey(event.target.value)}
            />
            <Button type="submit" loading={change.isPending}>
              Save key
            </Button>
          </form>
          {change.isError ? <Alert tone="error">{changeFailure(change.error)}</Alert> : null}
          <TableScroll label="Exam keys">
            <table className="console-table">
              <caption>Exam keys of this batch and course</caption>
              <thead>
                <tr>
                  <th scope="col">Quiz</th>
                  <th scope="col">Key</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {keys.data.data.map((key) => (
                  <tr key={key.quizName}>
                    <td>{key.quizName}</td>
                    <td>{key.examKey}</td>
                    <td>
                      <Button
                        variant="danger"
                        onClick={() =>
                          change.mutate({
                            path: '/staffapi/content/exam-keys/delete',
                            body: { batchId, course, quizName: key.quizName },
                          })
                        }
                      >
                        Delete key of {key.quizName}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <CsvImport
            path={withQuery('/staffapi/content/exam-keys/import', { batchId, course })}
            title="Import exam keys"
            columns="quiz_name, exam_key"
            subject={quizSubject}
            refreshes={[refresh]}
          />
        </>
      ) : null}
    </div>
  );
}
