import { useId, type ChangeEvent, type Ref } from 'react';
import { IMAGE_ACCEPT } from '../../../lib/image-file';

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
          <img src={previewUrl} alt={isNew ? 'Preview of your new photo' : 'Your photo on file'} />
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
          Your photo
        </label>
        <ul id={hintId} className="photo-picker__hints">
          <li>White or blue background</li>
          <li>A recent passport-size photo</li>
          <li>Your face clearly visible</li>
          <li>JPG or PNG; a camera photo is made small on your phone before it is sent</li>
        </ul>
        <input
          id={id}
          ref={inputRef}
          className="photo-picker__input"
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
            Preparing your photo…
          </p>
        ) : null}
        {error ? (
          <p id={errorId} className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
