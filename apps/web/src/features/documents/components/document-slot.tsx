import { useId, type ChangeEvent } from 'react';
import { FieldError } from '@/components/ui/text-field';
import { useMessageText } from '@/lib/i18n';
import { IMAGE_ACCEPT } from '@/lib/image-file';
import { useT } from '@/features/documents/i18n';

interface DocumentSlotProps {
  label: string;
  /** The new picture's preview, else the one on file (editing), else none. */
  previewUrl: string | null;
  state: 'empty' | 'on-file' | 'new';
  fileName?: string | undefined;
  /** A spec message (the size check, or the server's refusal of this document). */
  error?: string | undefined;
  disabled?: boolean;
  onChoose: (file: File, input: HTMLInputElement) => void;
}

/** One picture of the three: a labelled file input with its preview. */
export function DocumentSlot({
  label,
  previewUrl,
  state,
  fileName,
  error,
  disabled = false,
  onChoose,
}: DocumentSlotProps) {
  const t = useT();
  const tm = useMessageText();
  const id = useId();
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (file) onChoose(file, event.target);
  }

  return (
    <div className={`doc-slot doc-slot--${state}`}>
      <label className="doc-slot__label" htmlFor={id}>
        {label}
      </label>
      <div className="doc-slot__preview">
        {previewUrl ? (
          <img src={previewUrl} alt={t(state === 'new' ? 'slot.altNew' : 'slot.altOnFile', { label })} />
        ) : (
          <span className="doc-slot__placeholder" aria-hidden="true">
            <svg viewBox="0 0 24 24" width="40" height="40">
              <rect
                x="3"
                y="5"
                width="18"
                height="14"
                rx="2"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              />
              <circle cx="9" cy="10" r="2" fill="currentColor" />
              <path d="M5 17l4.5-4 3 2.5L16 12l3 5z" fill="currentColor" />
            </svg>
          </span>
        )}
      </div>
      <input
        id={id}
        className="file-input doc-slot__input"
        type="file"
        accept={IMAGE_ACCEPT}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${statusId} ${errorId}` : statusId}
        onChange={handleChange}
      />
      <p id={statusId} className="doc-slot__status">
        {state === 'empty'
          ? t('slot.empty')
          : state === 'on-file'
            ? t('slot.onFile')
            : fileName
              ? t('slot.newWithName', { fileName })
              : t('slot.new')}
      </p>
      <FieldError id={errorId}>{error ? tm(error) : null}</FieldError>
    </div>
  );
}
