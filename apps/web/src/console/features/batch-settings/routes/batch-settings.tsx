import { useForm, useWatch, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { messages } from '@portal/shared/messages';
import type { StaffBatchConfig } from '@portal/shared/schemas/staff-config';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { QueryFailure } from '@/components/ui/failure-panel';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { HtmlPreview } from '@/console/components/html-preview';
import { TextAreaField } from '@/console/components/text-area-field';
import { useT } from '@/console/i18n';
import { batchOptions, useStaffBatches } from '@/console/lib/batches';
import { useAnswerText, useFailureText } from '@/console/lib/failure';
import { useRecheckOnLanguage } from '@/console/lib/recheck';
import { useSearchState } from '@/console/lib/use-search-state';
import { useBatchConfig } from '@/console/features/batch-settings/api/batch-config';
import { useSaveBatchConfig } from '@/console/features/batch-settings/api/save-batch-config';

interface SettingsForm {
  admitCardMessage: string;
  instructionsForMale: string;
  instructionsForFemale: string;
  androidLink: string;
  iosLink: string;
  groupName: string;
}

const httpsRule = {
  pattern: { value: /^https:\/\/\S+$/, message: messages.httpsLinkRequired },
};

/** One instruction a line, as the admit card numbers them. */
const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** /staff/batch-settings: a batch's admit-card message (with the students' preview), instructions and links. */
export function BatchSettingsRoute() {
  const t = useT();
  const batches = useStaffBatches();
  const search = useSearchState(['batchId'] as const);
  const { batchId } = search.values;
  const config = useBatchConfig(batchId);

  return (
    <div className="stack">
      <h1>{t('batchSettings.title')}</h1>
      <div className="filter-bar">
        <Select
          label={t('batchSettings.batch')}
          placeholder={t('batchSettings.chooseBatch')}
          options={batchOptions(batches.data)}
          value={batchId}
          onChange={(event) => search.setFilters({ batchId: event.target.value })}
        />
      </div>
      {batchId === '' ? <p>{t('batchSettings.chooseHint')}</p> : null}
      {batchId !== '' && config.isPending ? <Skeleton lines={6} /> : null}
      {config.isError ? <QueryFailure query={config} networkMessage={messages.serverError} /> : null}
      {config.data ? <SettingsEditor key={config.data.batchId} config={config.data} /> : null}
    </div>
  );
}

/** The form's values for a config: the message (empty when none) and the instructions one a line. */
function formOf(config: StaffBatchConfig): SettingsForm {
  return {
    admitCardMessage: config.admitCardMessage ?? '',
    instructionsForMale: config.instructionsForMale.join('\n'),
    instructionsForFemale: config.instructionsForFemale.join('\n'),
    ...config.telegramLinks,
  };
}

/** The config to save from the form: an empty message is none, blank instruction lines are left out. */
function requestOf(batchId: string, form: SettingsForm) {
  return {
    batchId,
    admitCardMessage: form.admitCardMessage.trim() === '' ? null : form.admitCardMessage,
    instructionsForMale: linesOf(form.instructionsForMale),
    instructionsForFemale: linesOf(form.instructionsForFemale),
    telegramLinks: {
      androidLink: form.androidLink.trim(),
      iosLink: form.iosLink.trim(),
      groupName: form.groupName.trim(),
    },
  };
}

function SettingsEditor({ config }: { config: StaffBatchConfig }) {
  const save = useSaveBatchConfig();
  const t = useT();
  const failureText = useFailureText();
  const answerText = useAnswerText();
  const { register, handleSubmit, formState, control, reset, trigger } = useForm<SettingsForm>({
    defaultValues: formOf(config),
  });
  useRecheckOnLanguage(formState.errors, trigger);
  const { errors } = formState;
  const message = useWatch({ control, name: 'admitCardMessage' });

  function onSubmit(form: SettingsForm) {
    save.mutate(requestOf(config.batchId, form), {
      // The form shows what was stored: the message as sanitised, the instructions without blank lines.
      onSuccess: ({ data }) => reset(formOf(data)),
    });
  }

  return (
    <form
      className="stack console-section"
      aria-label={t('batchSettings.formLabel', { batch: config.batchName, city: config.city })}
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
    >
      <h2>
        {config.batchName} · {config.city}
      </h2>
      <TextAreaField
        label={t('batchSettings.admitCardMessage')}
        hint={t('batchSettings.htmlHint')}
        error={errors.admitCardMessage?.message}
        {...register('admitCardMessage', {
          maxLength: { value: 20_000, message: t('batchSettings.maxLength') },
        })}
      />
      <HtmlPreview html={message} label={t('batchSettings.preview')} />
      <TextAreaField
        label={t('batchSettings.male')}
        hint={t('batchSettings.linesHint')}
        {...register('instructionsForMale')}
      />
      <TextAreaField
        label={t('batchSettings.female')}
        hint={t('batchSettings.linesHint')}
        {...register('instructionsForFemale')}
      />
      <TelegramLinkFields register={register} errors={errors} />
      <div className="console-row">
        <Button type="submit" loading={save.isPending}>
          {t('batchSettings.save')}
        </Button>
      </div>
      {save.isError ? <Alert tone="error">{failureText(save.error)}</Alert> : null}
      {save.isSuccess && !formState.isDirty ? <Alert tone="success">{answerText(save.data)}</Alert> : null}
    </form>
  );
}

/** The Telegram app links (https only) and group name. */
function TelegramLinkFields({
  register,
  errors,
}: {
  register: UseFormRegister<SettingsForm>;
  errors: FieldErrors<SettingsForm>;
}) {
  const t = useT();
  return (
    <div className="filter-bar">
      <TextField
        label={t('batchSettings.android')}
        type="url"
        inputMode="url"
        error={errors.androidLink?.message}
        {...register('androidLink', httpsRule)}
      />
      <TextField
        label={t('batchSettings.ios')}
        type="url"
        inputMode="url"
        error={errors.iosLink?.message}
        {...register('iosLink', httpsRule)}
      />
      <TextField label={t('batchSettings.groupName')} {...register('groupName')} />
    </div>
  );
}
