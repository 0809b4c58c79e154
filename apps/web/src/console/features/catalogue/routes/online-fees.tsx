import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { COURSE_CODES, QUARTERS } from '@portal/shared/constants/courses';
import { messages } from '@portal/shared/messages';
import { onlineFeeSetSchema, type StaffOnlineFee } from '@portal/shared/schemas/staff-catalogue';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Select } from '../../../../components/ui/select';
import { TextField } from '../../../../components/ui/text-field';
import { failureMessage } from '../../../../lib/api-client';
import { FilterBar, optionsOf } from '../../../components/filter-bar';
import { QueryState } from '../../../components/query-state';
import { TableScroll } from '../../../components/table-scroll';
import { useSearchState } from '../../../lib/use-search-state';
import { catalogueBatchOptions, useCatalogueBatches } from '../api/batches';
import { useDeleteOnlineFee, useOnlineFees, useSetOnlineFee } from '../api/online-fees';
import '../components/catalogue.css';

type Fields = z.input<typeof onlineFeeSetSchema>;
type Values = z.output<typeof onlineFeeSetSchema>;
const filters = ['batchId', 'course', 'quarter'] as const;

export function OnlineFeesRoute() {
  const search = useSearchState(filters);
  const batches = useCatalogueBatches();
  const fees = useOnlineFees(search.values);
  const remove = useDeleteOnlineFee();
  const batchOptions = catalogueBatchOptions(batches.data);

  return (
    <div className="stack">
      <h1>Online fees</h1>
      <FilterBar
        key={search.filtersKey}
        label="Filter online fees"
        fields={[
          { name: 'batchId', label: 'Batch', kind: 'select', options: batchOptions },
          { name: 'course', label: 'Course', kind: 'select', options: optionsOf(COURSE_CODES) },
          { name: 'quarter', label: 'Quarter', kind: 'select', options: optionsOf(QUARTERS) },
        ]}
        values={search.values}
        onApply={search.setFilters}
      />
      <section className="console-section stack" aria-label="Set an online fee">
        <h2>Set an online fee</h2>
        <FeeForm batchOptions={batchOptions} batchId={search.values.batchId} />
      </section>
      <QueryState query={fees} />
      {remove.isError ? (
        <Alert tone="error">{failureMessage(remove.error, { network: messages.serverError })}</Alert>
      ) : null}
      {fees.data ? (
        <TableScroll label="Online fees">
          <table className="console-table">
            <caption>Online fees ({fees.data.length})</caption>
            <thead>
              <tr>
                <th scope="col">Batch</th>
                <th scope="col">Course</th>
                <th scope="col">Quarter</th>
                <th scope="col">Fee</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {fees.data.map((fee: StaffOnlineFee) => (
                <tr key={`${fee.batchId} ${fee.course} ${fee.quarter}`}>
                  <td>
                    {fee.batchName} · {fee.city}
                  </td>
                  <td>{fee.course}</td>
                  <td>{fee.quarter}</td>
                  <td>{fee.fee}</td>
                  <td>
                    <Button
                      variant="danger"
                      loading={
                        remove.isPending &&
                        remove.variables.batchId === fee.batchId &&
                        remove.variables.course === fee.course &&
                        remove.variables.quarter === fee.quarter
                      }
                      onClick={() =>
                        remove.mutate({ batchId: fee.batchId, course: fee.course, quarter: fee.quarter })
                      }
                    >
                      Delete
                      <span className="visually-hidden">
                        {' '}
                        {fee.batchName} {fee.course} {fee.quarter}
                      </span>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
    </div>
  );
}

function FeeForm(props: { batchOptions: { value: string; label: string }[]; batchId: string }) {
  const save = useSetOnlineFee();
  const { register, handleSubmit, formState } = useForm<Fields, unknown, Values>({
    resolver: zodResolver(onlineFeeSetSchema),
    defaultValues: { batchId: props.batchId, course: '', quarter: 'Q1', fee: '' },
  });
  const { errors } = formState;
  return (
    <form
      className="console-form"
      noValidate
      onSubmit={(event) => void handleSubmit((body) => save.mutate(body))(event)}
    >
      <Select
        label="Batch"
        placeholder="Choose"
        options={props.batchOptions}
        error={errors.batchId ? 'Choose the batch' : undefined}
        defaultValue={props.batchId}
        {...register('batchId')}
      />
      <Select
        label="Course"
        placeholder="Choose"
        options={optionsOf(COURSE_CODES)}
        error={errors.course ? 'Choose the course' : undefined}
        {...register('course')}
      />
      <Select label="Quarter" options={optionsOf(QUARTERS)} {...register('quarter')} />
      <TextField
        label="Fee"
        inputMode="numeric"
        hint="Rupees"
        error={errors.fee?.message}
        {...register('fee')}
      />
      <div className="console-row">
        <Button type="submit" loading={save.isPending}>
          Set fee
        </Button>
      </div>
      {save.isError ? (
        <Alert tone="error">{failureMessage(save.error, { network: messages.serverError })}</Alert>
      ) : null}
      {save.isSuccess ? <Alert tone="success">{save.data.message}</Alert> : null}
    </form>
  );
}
