import { useId, type ChangeEvent, type Ref } from 'react';
import { FieldError } from '@/components/ui/text-field';
import { useMessageText } from '@/lib/i18n';
import { IMAGE_ACCEPT } from '@/lib/image-file';
import { useT } from '@/features/profile/i18n';

interface PhotoPickerProps {
  /** The photo to show: the new one once chosen, else the one on file (editing). */
  previewUrl: string | null;
  isNew: boolean;
  preparing: boolean;
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
  onChoose: (file: File | null) => void;
}

export function PhotoPicker({ previewUrl, isNew, preparing, error, inputRef, onChoose }: PhotoPickerProps) {
  const t = useT();
  const tm = useMessageText();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const statusId = `${id}-status`;

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    onChoose(event.target.files?.[0] ?? null);
  }

  return (
    <div className="photo-picker">
      <div className="photo-picker__preview">
        {previewUrl ? (
          <img src={previewUrl} alt={isNew ? t('photo.previewNew') : t('photo.onFile')} />
        ) : (
          <span className="photo-picker__empty" aria-hidden="true">
            <svg viewBox="0 0 24 24" width="48" height="48">
              <circle cx="12" cy="8" r="4" fill="currentColor" />
              <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="currentColor" />
            </svg>
          </span>
        )}
      </div>
      <div className="field photo-picker__field">
        <label className="field__label" htmlFor={id}>
          {t('photo.label')}
        </label>
        <ul id={hintId} className="photo-picker__hints">
          <li>{t('photo.hintBackground')}</li>
          <li>{t('photo.hintRecent')}</li>
          <li>{t('photo.hintFace')}</li>
          <li>{t('photo.hintFormat')}</li>
        </ul>
        <input
          id={id}
          ref={inputRef}
          className="file-input photo-picker__input"
          type="file"
          accept={IMAGE_ACCEPT}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, error ? errorId : null, preparing ? statusId : null]
            .filter(Boolean)
            .join(' ')}
          onChange={handleChange}
        />
        {preparing ? (
          <p id={statusId} className="field__hint" role="status">
            {t('photo.preparing')}
          </p>
        ) : null}
        <FieldError id={errorId}>{error ? tm(error) : null}</FieldError>
      </div>
    </div>
  );
}
